import { readFileSync } from 'node:fs';

/** Reads a model file (an absolute or working-directory path) into memory. */
export type ModelFileReader = (path: string) => Buffer;

export const readModelFile: ModelFileReader = (path) => readFileSync(path);

/**
 * Model files held once for all the threads of a process: each is read from disk the first time it
 * is asked for, into shared memory, and every later read of its path, in any thread given these
 * files, is a view of the same bytes. Models load their tables as views of the bytes they read
 * (tensor-file.ts), so the threads of a server hold one copy of the weights.
 */
export class SharedModelFiles {
  readonly #files: Map<string, SharedArrayBuffer>;

  /** `files`: those another thread read (see `files`), passed to this one. */
  constructor(files: ReadonlyMap<string, SharedArrayBuffer> = new Map()) {
    this.#files = new Map(files);
  }

  /** The files read so far, to pass to other threads (shared memory is shared, not copied, when posted). */
  get files(): ReadonlyMap<string, SharedArrayBuffer> {
    return this.#files;
  }

  readonly read: ModelFileReader = (path) => {
    let bytes = this.#files.get(path);
    if (bytes === undefined) {
      const data = readFileSync(path);
      bytes = new SharedArrayBuffer(data.length);
      new Uint8Array(bytes).set(data);
      this.#files.set(path, bytes);
    }
    return Buffer.from(bytes);
  };
}
