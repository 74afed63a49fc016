import { Worker } from 'node:worker_threads';
import { type CliResult, parseCliOutput } from './cli.ts';
import type { CliRequest } from './cli-thread-main.ts';

/**
 * Runs CLI commands in a thread of the test process instead of a process each: the CLI's modules are
 * loaded once per thread rather than once per command, which is most of what a command costs. Each
 * command gets its own environment, an empty non-terminal standard input and captured output, as a
 * child process would (the CLI keeps no state between commands; a test enforces it). Commands that
 * read standard input, and the process itself (the shim, the compile cache, exit codes of a crash),
 * are tested with real processes (runCli).
 */
export class CliThread {
  #worker: Worker | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** Runs one command after the ones already asked for. */
  run(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
    const result = this.#queue.then(() => this.#send({ args, env: { ...process.env, ...env } }));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  #send(request: CliRequest): Promise<CliResult> {
    this.#worker ??= new Worker(new URL('./cli-thread-main.ts', import.meta.url));
    const worker = this.#worker;
    worker.ref();
    return new Promise<CliResult>((resolve, reject) => {
      const failed = (error: Error) => {
        // A thread that died takes no more commands; the next one starts another.
        this.#worker = undefined;
        reject(error);
      };
      worker.once('error', failed);
      worker.once('message', (output: Omit<CliResult, 'json'>) => {
        worker.off('error', failed);
        worker.unref();
        resolve(parseCliOutput(output));
      });
      worker.postMessage(request);
    });
  }

  /** Stops the thread once the commands asked for are done. */
  async close(): Promise<void> {
    await this.#queue;
    await this.#worker?.terminate();
    this.#worker = undefined;
  }
}
