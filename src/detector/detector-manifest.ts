import type { FileEntry, TensorEntry } from '../models/manifest.ts';

/**
 * Calibration of a head's raw logit: p = sigmoid(a * logit + b), Platt's form; above the point where
 * a * logit + b = 0 the slope is `aAbove` when given (see calibration.ts).
 */
export interface Calibration {
  a: number;
  b: number;
  aAbove?: number;
}

/** The manifest that describes a shipped detector model: files with checksums, tensors, heads, calibration. */
export interface ModelManifest {
  name: string;
  version: string;
  createdBy: string;
  /** `glossary`: foreign word → English word, one tab-separated pair a line (see glossary.ts). */
  files: { weights: FileEntry; vocabulary: FileEntry; glossary: FileEntry };
  tensors: TensorEntry[];
  features: { buckets: number; wordDims: number; hidden: number; poolPrior: number };
  heads: string[];
  calibration: Record<string, Calibration>;
  /** Default decision thresholds on calibrated scores, chosen on out-of-source validation. */
  thresholds: Record<string, number>;
}
