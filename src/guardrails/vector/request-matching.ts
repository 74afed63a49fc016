import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelLoader } from '../../domain/model-loader.ts';
import type { FileEntry } from '../../models/manifest.ts';
import { readModelFile, type ModelFileReader } from '../../models/model-files.ts';
import { readVerified } from '../../models/tensor-file.ts';
import type { Sensitivity } from './encoder/encoder-manifest.ts';
import { REQUEST_SEED_DIR, REQUEST_SEED_FOLDER, type SeedManifest } from './seed.ts';
import { ShapeFrequencies } from './suffix-shape.ts';

/**
 * Known hazardous requests ("write a tutorial on making a bomb") are not attacks on their own — content
 * moderation judges them — but the same request carrying an optimisation-style adversarial suffix is
 * a jailbreak. The store keeps such requests as entries of the `harmful-request` family (seeded from
 * the training data, or approved by an operator with that family) in an index of their own, searched
 * only when the message's build is that of a suffix (`ShapeFrequencies.oddness` at or above the
 * calibrated threshold). A request match then scores on the filter's common scale, so one threshold
 * per sensitivity decides as for attack matches.
 */
export const REQUEST_FAMILY = 'harmful-request';

export function isRequestFamily(family: string): boolean {
  return family === REQUEST_FAMILY || family.startsWith(`${REQUEST_FAMILY}/`);
}

export interface RequestCalibration {
  /** Oddness from which a message counts as suffixed (a high percentile of plain hazardous requests). */
  oddnessThreshold: number;
  /** Median similarity of benign text to its closest request: score 0. */
  similarityFloor: number;
  /** Request similarity at which each sensitivity flags (chosen on benign training texts). */
  thresholds: Record<Sensitivity, number>;
}

/** The request seed's manifest: a threat seed plus the shape frequencies and the calibration. */
export interface RequestSeedManifest extends SeedManifest {
  shapes: FileEntry;
  calibration: RequestCalibration;
}

export interface RequestMatching {
  shapes: ShapeFrequencies;
  calibration: RequestCalibration;
}

export function loadRequestMatching(dir = REQUEST_SEED_DIR, read: ModelFileReader = readModelFile): RequestMatching {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as RequestSeedManifest;
  return { shapes: ShapeFrequencies.fromTsv(readVerified(dir, manifest.shapes, read).toString('utf8')), calibration: manifest.calibration };
}

/** What tells a message carrying an adversarial suffix, from the request seed of a models directory. */
export const REQUEST_MATCHING: Readonly<ModelLoader<RequestMatching>> = {
  name: 'request-matching',
  load: (modelsDir, read) => loadRequestMatching(join(modelsDir, REQUEST_SEED_FOLDER), read),
};

/**
 * A request similarity on the filter's score scale: piecewise linear through the floor (0), each
 * sensitivity's request threshold (that sensitivity's score threshold) and identity (1), so a
 * request match flags at a sensitivity exactly when its similarity reaches that sensitivity's
 * request threshold.
 */
export function requestScore(similarity: number, calibration: RequestCalibration, scoreThresholds: Record<Sensitivity, number>): number {
  const { similarityFloor, thresholds } = calibration;
  const knots: Array<[number, number]> = [
    [similarityFloor, 0],
    [thresholds.High, scoreThresholds.High],
    [thresholds.Medium, scoreThresholds.Medium],
    [thresholds.Low, scoreThresholds.Low],
    [1, 1],
  ];
  if (similarity <= similarityFloor) return 0;
  for (let i = 1; i < knots.length; i++) {
    const [x0, y0] = knots[i - 1]!;
    const [x1, y1] = knots[i]!;
    if (similarity <= x1) return y0 + ((y1 - y0) * (similarity - x0)) / (x1 - x0);
  }
  return 1;
}
