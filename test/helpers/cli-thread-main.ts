// The body of a CliThread (cli-thread.ts): runs the CLI's `main` for each message, one at a time,
// with the message's environment and what it writes on standard output and error captured.
import { parentPort } from 'node:worker_threads';
import { main } from '../../src/cli/main.ts';

export interface CliRequest {
  args: readonly string[];
  env: Record<string, string | undefined>;
}

/** Sends what `stream` is given to `into`, as a pipe to another process would. */
function captureInto(stream: NodeJS.WriteStream, into: string[]): void {
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof stream.write;
}

parentPort!.on('message', async ({ args, env }: CliRequest) => {
  const stdout: string[] = [];
  const stderr: string[] = [];
  captureInto(process.stdout, stdout);
  captureInto(process.stderr, stderr);
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, env);
  const code = await main([process.execPath, 'rampart', ...args]);
  parentPort!.postMessage({ code, stdout: stdout.join(''), stderr: stderr.join('') });
});
