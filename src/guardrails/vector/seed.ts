import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelLoader } from '../../domain/model-loader.ts';
import type { SeedEntry } from '../../domain/threats.ts';
import type { FileEntry, TensorEntry } from '../../models/manifest.ts';
import { SHIPPED_MODELS_DIR } from '../../models/model-library.ts';
import { readTensor, readVerified } from '../../models/tensor-file.ts';

const SEED_FOLDER = 'threat-seed';
/** Known hazardous requests: entries that count only with an adversarial suffix (request-matching.ts). */
export const REQUEST_SEED_FOLDER = 'request-seed';
export const SEED_DIR = join(SHIPPED_MODELS_DIR, SEED_FOLDER);
export const REQUEST_SEED_DIR = join(SHIPPED_MODELS_DIR, REQUEST_SEED_FOLDER);

/**
 * The shipped seed of the threat store: vectors of the attack rows of the training data, each with a
 * short id (derived from a hash of its text, stable across retraining) and its family — never the
 * text itself.
 */
export interface SeedManifest {
  name: string;
  /** The encoder version that computed the vectors. */
  encoder: string;
  dims: number;
  count: number;
  files: { entries: FileEntry; vectors: FileEntry };
  vectors: TensorEntry;
}

export interface ThreatSeed {
  encoder: string;
  entries: SeedEntry[];
}

/** Reads the seed; `entries.tsv` holds one `id<TAB>family<TAB>category` line per vector row. */
export function loadThreatSeed(dir = SEED_DIR): ThreatSeed {
  const manifest = readSeedManifest(dir);
  const lines = readVerified(dir, manifest.files.entries)
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  const matrix = readTensor(readVerified(dir, manifest.files.vectors), manifest.vectors);
  if (lines.length !== manifest.count || matrix.length !== manifest.count * manifest.dims) throw new Error('Threat seed files do not match their manifest.');
  const entries = lines.map((line, i) => {
    const [id, family, category] = line.split('\t');
    return { id: id!, family: family!, category: category ?? '', vector: matrix.slice(i * manifest.dims, (i + 1) * manifest.dims) };
  });
  return { encoder: manifest.encoder, entries };
}

/**
 * A seed known by its manifests, its entries read only on demand: enough to tell that a store already
 * holds it without reading (and holding, until collected) its thousands of entries.
 */
export interface SeedSource {
  encoder: string;
  count: number;
  read(): ThreatSeed;
}

function readSeedManifest(dir: string): SeedManifest {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as SeedManifest;
}

function sameEncoder(attacks: { encoder: string }, requests: { encoder: string }): string {
  if (requests.encoder !== attacks.encoder)
    throw new Error(`The request seed was computed by encoder ${requests.encoder}, the threat seed by ${attacks.encoder}.`);
  return attacks.encoder;
}

/** Everything the store is seeded with: known attacks and known hazardous requests, one encoder. */
export function loadShippedSeed(attackDir = SEED_DIR, requestDir = REQUEST_SEED_DIR): ThreatSeed {
  const attacks = loadThreatSeed(attackDir);
  const requests = loadThreatSeed(requestDir);
  return { encoder: sameEncoder(attacks, requests), entries: [...attacks.entries, ...requests.entries] };
}

/** The shipped seed as `loadShippedSeed` reads it, known from its manifests until its entries are needed. */
export function shippedSeedSource(attackDir = SEED_DIR, requestDir = REQUEST_SEED_DIR): SeedSource {
  const attacks = readSeedManifest(attackDir);
  const requests = readSeedManifest(requestDir);
  return { encoder: sameEncoder(attacks, requests), count: attacks.count + requests.count, read: () => loadShippedSeed(attackDir, requestDir) };
}

/*
 * The seed is read anew each time (`ModelSource.read`), never kept: it is needed once, to seed a
 * store (or an offline index), and its files are read from disk rather than into a server's shared
 * model memory.
 */

/** The shipped seed of a models directory, entries read. */
export const SHIPPED_SEED: Readonly<ModelLoader<ThreatSeed>> = {
  name: 'threat-seed',
  load: (modelsDir) => loadShippedSeed(join(modelsDir, SEED_FOLDER), join(modelsDir, REQUEST_SEED_FOLDER)),
};

/** The shipped seed of a models directory, known from its manifests until a store needs its entries. */
export const SHIPPED_SEED_SOURCE: Readonly<ModelLoader<SeedSource>> = {
  name: 'threat-seed-source',
  load: (modelsDir) => shippedSeedSource(join(modelsDir, SEED_FOLDER), join(modelsDir, REQUEST_SEED_FOLDER)),
};
