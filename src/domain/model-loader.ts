/**
 * How one model is read from a models directory (laid out like the shipped `models/` folder): each
 * guardrail, the detector and the PII masking declare the loaders of their own weights.
 */
export interface ModelLoader<T> {
  /** Identifies the model: a model source holds one copy per name. */
  readonly name: string;
  /** `read` reads a model file into memory (see models/model-files.ts): the one every loader of a source shares. */
  load(modelsDir: string, read: (path: string) => Buffer): T;
}
