import { resolve } from 'node:path';
import type { ModelLoader } from '../domain/model-loader.ts';
import type { ModelSource } from '../engine/ports.ts';
import { readModelFile, type ModelFileReader } from './model-files.ts';

/** The models that ship with Rampart: the repository's `models/` folder (the default models directory). */
export const SHIPPED_MODELS_DIR = resolve(import.meta.dirname, '../../models');

/**
 * The models of one models directory (laid out like the shipped `models/` folder), each read and
 * verified by its loader when first asked for and then shared by everything built with this library.
 * An appliance makes one and builds its guardrails and services with it, so it holds one copy of each
 * model's weights however many guardrails read them; training and tests make their own. The threads
 * of a server read the files of the models they serve through one `SharedModelFiles` (`read`), so
 * the weights are in memory once for all of them.
 */
export class ModelLibrary implements ModelSource {
  readonly dir: string;
  readonly #read: ModelFileReader;
  /** Loaded models by loader name. */
  readonly #loaded = new Map<string, unknown>();

  constructor(dir: string, read: ModelFileReader = readModelFile) {
    this.dir = dir;
    this.#read = read;
  }

  load<T>(loader: ModelLoader<T>): T {
    if (!this.#loaded.has(loader.name)) this.#loaded.set(loader.name, loader.load(this.dir, this.#read));
    return this.#loaded.get(loader.name) as T;
  }

  read<T>(loader: ModelLoader<T>): T {
    return loader.load(this.dir, this.#read);
  }
}
