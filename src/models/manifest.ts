/** What a model's manifest says of its files and tensors: checksums, and where each tensor lies in its weights file. */

export type TensorType = 'f32' | 'i8';

export interface TensorEntry {
  name: string;
  type: TensorType;
  /** Row-major shape. An i8 tensor has one f32 scale per row, stored right after its data. */
  shape: number[];
  /** Byte offset of the data in the weights file (4-byte aligned). */
  offset: number;
}

export interface FileEntry {
  path: string;
  sha256: string;
  bytes: number;
}
