import type { FileEntry, TensorEntry } from '../../../models/manifest.ts';

/** The vector filter's sensitivities, a profile setting: High blocks less similar messages (catches more, and blocks more harmless ones). */
export const VECTOR_SENSITIVITIES = ['Low', 'Medium', 'High'] as const;
export type Sensitivity = (typeof VECTOR_SENSITIVITIES)[number];

export const ENCODER_TENSORS = ['word_vectors', 'word_weights', 'hash_vectors'] as const;

/** The manifest of the shipped sentence encoder (models/vector-encoder/manifest.json). */
export interface EncoderManifest {
  name: string;
  /** Changes whenever the weights change; stored vectors from another version are re-encoded or replaced. */
  version: string;
  createdBy: string;
  dims: number;
  buckets: number;
  files: { weights: FileEntry; vocabulary: FileEntry };
  tensors: TensorEntry[];
  /**
   * Cosine similarity of ordinary unrelated text to its closest stored attack (the median on
   * validation): `score` is the top similarity rescaled so that this level reads 0 and identity 1.
   */
  similarityFloor: number;
  /** Score thresholds per sensitivity, chosen on out-of-source validation (see the model card). */
  thresholds: Record<Sensitivity, number>;
}
