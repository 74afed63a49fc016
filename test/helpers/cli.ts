import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Json } from './https-client.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/rampart.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: Json;
}

/** A command's result, with its standard output read as JSON where it is JSON. */
export function parseCliOutput(output: Omit<CliResult, 'json'>): CliResult {
  let json: unknown;
  try {
    json = JSON.parse(output.stdout);
  } catch {
    json = undefined;
  }
  return { ...output, json: json as Json };
}

/** Runs the real `rampart` CLI in a child process; `input` is its standard input (empty by default). */
export function runCli(args: readonly string[], env: Record<string, string> = {}, input = '', bin = BIN): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, ...env }, cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve(parseCliOutput({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })),
    );
    child.stdin?.end(input);
  });
}
