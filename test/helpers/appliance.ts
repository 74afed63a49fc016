import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runCli, type CliResult } from './cli.ts';
import { CliThread } from './cli-thread.ts';
import { newDataDir, preparableFromTemplate } from './data-dir-template.ts';
import { httpsClient, type RequestOptions, type HttpResponse } from './https-client.ts';

const BIN = fileURLToPath(new URL('../../bin/rampart.js', import.meta.url));

export interface TestAppliance {
  dataDir: string;
  /** Environment of the server and its CLI calls (database URL when on PostgreSQL); reuse it to restart. */
  env: Record<string, string>;
  apiUrl: string;
  dashboardUrl: string;
  /** Every log line the server printed (JSON objects). */
  logs: Record<string, unknown>[];
  /** What the server wrote to stderr so far. */
  stderr(): string;
  api(path: string, options?: RequestOptions): Promise<HttpResponse>;
  dashboard(path: string, options?: RequestOptions): Promise<HttpResponse>;
  /** Runs the CLI against this appliance's data directory (this checkout's in a thread: cli-thread.ts). */
  cli(...args: string[]): Promise<CliResult>;
  /** Runs the CLI, in its own process, with this standard input. */
  cliWithInput(input: string, ...args: string[]): Promise<CliResult>;
  /** Registers a secret (a password, a key) that must never appear in the server's logs. */
  rememberSecret(secret: string): void;
  /** Creates a Runtime LLM and returns its API key. */
  createRuntimeLlm(name: string, ...extra: string[]): Promise<{ id: string; apiKey: string }>;
  inputCheck(apiKey: string, body: unknown): Promise<HttpResponse>;
  outputCheck(apiKey: string, body: unknown): Promise<HttpResponse>;
  /**
   * Stops the server (SIGTERM) and waits for it to exit; resolves to its exit code. Fails if any
   * secret used with this server (API keys, passwords) appears in its logs.
   */
  stop(): Promise<number | null>;
  /** Stops the server and deletes its data directory. */
  dispose(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment; a RAMPART_DATABASE_URL here reuses that database (restart). */
  env?: Record<string, string>;
  /** Reuse an existing data directory (restart). */
  dataDir?: string;
  /**
   * Start on an empty data directory and database, so that this start is the first (it creates the
   * certificate, the credentials key, the threat store and the bootstrap administrator). Otherwise
   * a new data directory is copied from one prepared once for the run (data-dir-template.ts), as
   * a restart would find it.
   */
  firstStart?: boolean;
  /** Use the embedded SQLite store even when the suite runs against PostgreSQL. */
  sqlite?: boolean;
  /**
   * Warm the guardrails up before reporting ready, as `rampart serve` does by default. Other tests
   * start without (RAMPART_WARM_UP_MS=0): warming up changes how fast the first checks are, not what
   * they answer.
   */
  warmUp?: boolean;
  /** Run another copy of the CLI (an installed one). */
  bin?: string;
}

/** Starts a real `rampart serve` process on loopback with ephemeral ports and a new data directory (unless given one). */
export async function startAppliance(options: StartOptions = {}): Promise<TestAppliance> {
  const fresh = options.dataDir
    ? { dataDir: options.dataDir, env: {} }
    : await newDataDir({
        prepared: !options.firstStart && preparableFromTemplate(options.env),
        // A database given in `env` is used as it is: no new one is made.
        ...(options.sqlite || options.env?.RAMPART_DATABASE_URL ? { sqlite: true } : {}),
      });
  const dataDir = fresh.dataDir;
  const env = { ...fresh.env, ...options.env };
  const bin = options.bin ?? BIN;
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'serve', '--data-dir', dataDir, '--api-port', '0', '--dashboard-port', '0', '--host', '127.0.0.1'],
    {
      // One server process unless a test asks for more: tests start many appliances side by side.
      env: { ...process.env, RAMPART_LOG_LEVEL: 'info', RAMPART_WORKERS: '1', ...(options.warmUp ? {} : { RAMPART_WARM_UP_MS: '0' }), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  let output = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output += `${line}\n`;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === 'rampart ready') resolve(entry);
      } catch {
        logs.push({ raw: line });
      }
    });
    void exited.then((code) => reject(new Error(`rampart serve exited with ${code} before it was ready:\n${stderr}`)));
  });

  const ca = readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8');
  const apiUrl = `https://127.0.0.1:${ready.api_port as number}`;
  const dashboardUrl = `https://127.0.0.1:${ready.dashboard_port as number}`;
  const api = httpsClient(apiUrl, ca);
  const dashboard = httpsClient(dashboardUrl, ca);
  const secrets = new Set<string>();
  // Keys and passwords the CLI hands out are secrets of this run.
  const capture = (result: CliResult): CliResult => {
    for (const key of result.stdout.match(/rmp_[0-9A-Za-z]{43}/g) ?? []) secrets.add(key);
    for (const [, password] of result.stdout.matchAll(/"password":\s*"([^"]{8,})"/g)) secrets.add(password!);
    return result;
  };
  // Another installation's CLI runs as its own process; this checkout's in a thread (cli-thread.ts).
  const cliThread = options.bin ? undefined : new CliThread();
  const cli = async (...args: string[]) => {
    const withDataDir = [...args, '--data-dir', dataDir];
    return capture(await (cliThread ? cliThread.run(withDataDir, env) : runCli(withDataDir, env, '', bin)));
  };
  const cliWithInput = async (input: string, ...args: string[]) => {
    if (input.trim().length >= 8) secrets.add(input.trim());
    return capture(await runCli([...args, '--data-dir', dataDir], env, input, bin));
  };
  const check = (direction: 'input' | 'output') => (apiKey: string, body: unknown) =>
    api(`/apikey/api/guardrail/v1/${direction}-check`, { method: 'POST', headers: { 'x-api-key': apiKey }, body });

  const bootstrapPasswords = () => {
    for (const file of readdirSync(dataDir).filter((f) => f.startsWith('initial-password-'))) secrets.add(readFileSync(join(dataDir, file), 'utf8').trim());
  };
  bootstrapPasswords();
  let stopped: Promise<number | null> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      bootstrapPasswords();
      await cliThread?.close();
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      const leaked = [...secrets].filter((secret) => output.includes(secret) || stderr.includes(secret));
      if (leaked.length > 0) throw new Error(`the server logged ${leaked.length} secret(s) used in this test, e.g. ${leaked[0]!.slice(0, 8)}…`);
      return code;
    })();
    return stopped;
  };

  return {
    dataDir,
    env,
    apiUrl,
    dashboardUrl,
    logs,
    stderr: () => stderr,
    api,
    dashboard,
    cli,
    cliWithInput,
    rememberSecret: (secret) => secrets.add(secret),
    async createRuntimeLlm(name, ...extra) {
      const result = await cli('runtime-llm', 'create', '--name', name, '--json', ...extra);
      if (result.code !== 0) throw new Error(`runtime-llm create failed: ${result.stderr}`);
      return { id: result.json.runtime_llm.id as string, apiKey: result.json.api_key as string };
    },
    inputCheck: check('input'),
    outputCheck: check('output'),
    stop,
    async dispose() {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Everything the appliance's database holds, as bytes: the SQLite files, or a pg_dump of its database.
 * The SQLite files are read by another process: closing a descriptor of the database file in a process
 * that has it open through SQLite (an in-process appliance) drops that connection's POSIX locks, and
 * the next SQLite process to close would then take the write-ahead log away from under it.
 */
export async function databaseContents(app: Pick<TestAppliance, 'dataDir' | 'env'>): Promise<Buffer> {
  const url = app.env.RAMPART_DATABASE_URL;
  const [command, args] = url
    ? ['pg_dump', ['--data-only', url]]
    : [
        'cat',
        readdirSync(app.dataDir)
          .filter((f) => f.startsWith('rampart.db'))
          .map((f) => join(app.dataDir, f)),
      ];
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}
