import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { check, lock } from 'proper-lockfile';
import type { OnnxManifest } from '../backends/onnx-manifest.ts';
import { AppError } from '../errors.ts';
import type { ModelFile } from '../store/pulled-models.ts';

/**
 * The files of pulled and imported models on one node: `<data-dir>/models/<name>/` holds the
 * backend's folder (model.onnx, tokenizer.json, manifest.json, config.json, …) and a stamp of the
 * checksums it was checked against; `.downloads/` keeps partial downloads for resuming.
 */

const MODELS = 'models';
/** Written by us into every model folder: each file's checksum with the size and time it had when checked. */
const STAMP = '.rampart-model.json';
/** A lock older than this belongs to a process that died (a live one renews it every LOCK_UPDATE_MS). */
const LOCK_STALE_MS = 30_000;
const LOCK_UPDATE_MS = 10_000;

export function modelsRoot(dataDir: string): string {
  return join(dataDir, MODELS);
}

export function modelFolder(dataDir: string, name: string): string {
  return join(modelsRoot(dataDir), name);
}

/** The backend's path setting: relative to the data directory, so that it names each node's own copy. */
export function backendPathOf(name: string): string {
  return `${MODELS}/${name}`;
}

/** Where a file of a repository commit is downloaded to before it is checked (a stable place, so a later run resumes it). */
export function partialPath(dataDir: string, repo: string, commit: string, path: string): string {
  return join(modelsRoot(dataDir), '.downloads', `${repo.replaceAll('/', '--')}@${commit}`, `${path}.part`);
}

/** A fresh folder on the same file system as the model folders, so that it can be renamed into place. */
export async function stagingFolder(dataDir: string, name: string): Promise<string> {
  await mkdir(modelsRoot(dataDir), { recursive: true });
  return mkdtemp(join(modelsRoot(dataDir), `.staging-${name}-`));
}

/** Removes the download folders once nothing is left in them to resume. */
export async function removeEmptyDownloads(dataDir: string): Promise<void> {
  const folder = join(modelsRoot(dataDir), '.downloads');
  const prune = async (dir: string): Promise<boolean> => {
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch {
      return true;
    }
    let empty = true;
    for (const entry of entries) {
      const child = join(dir, entry);
      if ((await stat(child).catch(() => undefined))?.isDirectory() && (await prune(child))) continue;
      empty = false;
    }
    // Another pull may be creating a folder here at this moment: leave whatever is not empty or gone.
    if (empty) await rmdir(dir).catch(() => {});
    return empty;
  };
  await prune(folder);
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface Stamp {
  files: { local: string; size: number; sha256: string; mtimeMs: number }[];
}

async function readStamp(folder: string): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(join(folder, STAMP), 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** Records that the files of `folder` were checked, with the size and time each has now. */
export async function writeStamp(folder: string, files: readonly ModelFile[]): Promise<void> {
  const stamped: Stamp['files'] = [];
  for (const file of files) {
    const info = await stat(join(folder, file.local));
    stamped.push({ local: file.local, size: info.size, sha256: file.sha256, mtimeMs: info.mtimeMs });
  }
  await writeFile(join(folder, STAMP), `${JSON.stringify({ files: stamped }, null, 2)}\n`);
}

export function manifestText(manifest: OnnxManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export interface FolderCheck {
  state: 'present' | 'missing' | 'mismatch';
  /** Files absent from the folder, by their path in the repository. */
  missing: string[];
  /** Files whose size or SHA-256 differs from the registered model's. */
  mismatched: string[];
}

/**
 * Compares a model folder with the registered checksums. A file is hashed only when its size or
 * modification time differs from the stamp written when it was last checked, so a node start does
 * not read every model again. With `repair`, a missing or outdated manifest.json is written from the
 * record and the stamp brought up to date.
 */
export async function checkFolder(folder: string, files: readonly ModelFile[], manifest: OnnxManifest, repair = true): Promise<FolderCheck> {
  const stamp = await readStamp(folder);
  const missing: string[] = [];
  const mismatched: string[] = [];
  let hashed = false;
  for (const file of files) {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(join(folder, file.local));
    } catch {
      missing.push(file.path);
      continue;
    }
    if (info.size !== file.size) {
      mismatched.push(file.path);
      continue;
    }
    const known = stamp?.files.find((s) => s.local === file.local && s.size === info.size && s.mtimeMs === info.mtimeMs);
    if (known?.sha256 === file.sha256) continue;
    hashed = true;
    if ((await sha256Of(join(folder, file.local))) !== file.sha256) mismatched.push(file.path);
  }
  const state = mismatched.length > 0 ? 'mismatch' : missing.length > 0 ? 'missing' : 'present';
  if (state === 'present' && repair) {
    const manifestFile = join(folder, 'manifest.json');
    const current = await readFile(manifestFile, 'utf8').catch(() => undefined);
    if (current !== manifestText(manifest)) await writeFile(manifestFile, manifestText(manifest));
    if (hashed) await writeStamp(folder, files);
  }
  return { state, missing, mismatched };
}

/** Whether `folder` was made by us (it carries the stamp), so that replacing it loses nothing of the operator's. */
async function isOurs(folder: string): Promise<boolean> {
  return (await readStamp(folder)) !== undefined;
}

/** Moves a checked staging folder to `<data-dir>/models/<name>`, replacing an older copy of ours. */
export async function placeFolder(dataDir: string, staging: string, name: string): Promise<void> {
  const target = modelFolder(dataDir, name);
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (exists && !(await isOurs(target))) {
    throw new AppError('conflict', `The folder ${target} already exists and was not made by rampart model pull or import; move it away first.`);
  }
  if (exists) await rm(target, { recursive: true, force: true });
  await rename(staging, target);
}

/** Deletes a model's folder on this node, when it is ours. */
export async function removeFolder(dataDir: string, name: string): Promise<boolean> {
  const target = modelFolder(dataDir, name);
  if (!(await isOurs(target))) return false;
  await rm(target, { recursive: true, force: true });
  return true;
}

function lockOptions(dataDir: string, name: string) {
  return { realpath: false, stale: LOCK_STALE_MS, lockfilePath: join(modelsRoot(dataDir), `.${name}.lock`) };
}

/** Whether a pull, import, fetch or removal of model `name` is under way on this node. */
export function isModelLocked(dataDir: string, name: string): Promise<boolean> {
  return check(modelFolder(dataDir, name), lockOptions(dataDir, name)).catch(() => false);
}

/**
 * Runs `work` holding this node's lock on model `name` (pulls, imports, fetches and removals of one
 * model never overlap, across processes and server threads). When another holds the lock, `busy`
 * decides: `fail` throws a conflict, `skip` resolves to undefined without running `work`.
 */
export async function withModelLock<T>(dataDir: string, name: string, work: () => Promise<T>, busy: 'fail' | 'skip' = 'fail'): Promise<T | undefined> {
  await mkdir(modelsRoot(dataDir), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lock(modelFolder(dataDir, name), {
      ...lockOptions(dataDir, name),
      update: LOCK_UPDATE_MS,
      // A lock taken over after a stall only lets a second copy download too; the checksums still decide what is kept.
      onCompromised: () => {},
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (busy === 'skip') return undefined;
    throw new AppError('conflict', `Another pull, import or removal of model ${name} is under way on this node; wait for it to finish.`, { cause: error });
  }
  try {
    return await work();
  } finally {
    await release().catch(() => {});
  }
}
