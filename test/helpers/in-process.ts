import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Actor } from '../../src/domain/actor.ts';
import { createRuntimeLlm, type RuntimeLlmInput } from '../../src/admin/runtime-llms.ts';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { checkEventJson } from '../../src/events/event-json.ts';
import type { CredentialBox } from '../../src/secrets/credential-box.ts';
import { buildAppliance, prepareDataDirectory } from '../../src/server/appliance.ts';
import { createLogger } from '../../src/server/logger.ts';
import { listCheckEvents } from '../../src/store/check-events.ts';
import type { Store } from '../../src/store/store.ts';
import { runCli, type CliResult } from './cli.ts';
import { freshDatabaseEnv } from './database.ts';
import type { HttpResponse, Json, RequestOptions } from './https-client.ts';
import { waitUntil } from './wait-until.ts';

/** Who the tests' administrative changes are recorded as. */
export const TEST_ACTOR: Actor = { id: 'cli:test' };

/**
 * A whole appliance (database, models, guardrails, both listeners' routes) built in the test's own
 * process and driven with Fastify's `inject`: no process, socket or port, so a test pays for a
 * request only. Configured through the src/admin functions on `store`, as the CLI would.
 *
 * On SQLite, never open the database files in the test's process besides through `store`: closing
 * another descriptor of the file drops the connection's locks (databaseContents reads them from
 * another process).
 */
export interface InProcessAppliance {
  dataDir: string;
  /** The database of the appliance, as environment (RAMPART_DATABASE_URL on PostgreSQL; empty on SQLite). */
  env: Record<string, string>;
  /** The appliance's own database connection: changes made through it reach the routes at once. */
  store: Store;
  /** The appliance's credentials key, for admin functions that store upstream keys. */
  credentials: CredentialBox;
  /** A request to the check API listener. */
  api(path: string, options?: RequestOptions): Promise<HttpResponse>;
  /** A request to the dashboard listener. */
  dashboard(path: string, options?: RequestOptions): Promise<HttpResponse>;
  /** Creates a Runtime LLM (level 3, default profile unless `input` says otherwise) and returns its API key. */
  createRuntimeLlm(name: string, input?: Omit<Partial<RuntimeLlmInput>, 'name'>): Promise<{ id: string; apiKey: string }>;
  inputCheck(apiKey: string, body: unknown): Promise<HttpResponse>;
  outputCheck(apiKey: string, body: unknown): Promise<HttpResponse>;
  /** Runs the real CLI, in its own process, on this appliance's data directory and database. */
  cli(...args: string[]): Promise<CliResult>;
  /** Every line the appliance logged (JSON objects). */
  logs: Record<string, unknown>[];
  /** Registers a secret (a password, a key) that must never appear in the appliance's log. */
  rememberSecret(secret: string): void;
  /** The stored event of a check, as `rampart events list --json` prints it, once the batched write has reached the database. */
  checkEvent(requestId: string): Promise<Json>;
  /**
   * Closes the appliance and deletes its data directory. Fails if a secret used with this appliance
   * (API keys it issued, remembered passwords) appears in its log.
   */
  dispose(): Promise<void>;
}

export interface InProcessOptions {
  /** Settings as environment variables (RAMPART_MAX_MESSAGE_CHARS, RAMPART_RATE_LIMIT_PER_KEY, …). */
  env?: Record<string, string>;
}

/** Requests through `inject`; `seen` gets every response body (to collect the API keys handed out). */
function injector(app: FastifyInstance, seen: (body: string) => void): (path: string, options?: RequestOptions) => Promise<HttpResponse> {
  return async (path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | Buffer | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) payload = options.body;
      else {
        payload = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    const method = (options.method ?? (payload === undefined ? 'GET' : 'POST')) as InjectOptions['method'];
    const res = await app.inject({ method, url: path, headers, ...(payload === undefined ? {} : { payload }) });
    seen(res.body);
    let json: Json;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers as HttpResponse['headers'], text: res.body, json };
  };
}

/**
 * Builds an appliance on a fresh data directory (and a fresh PostgreSQL database when the suite runs
 * against one), exactly as `rampart serve` does up to listening, with its log kept in memory.
 */
export async function startInProcess(options: InProcessOptions = {}): Promise<InProcessAppliance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-inproc-'));
  const databaseEnv = await freshDatabaseEnv();
  const env = { ...process.env, ...databaseEnv, RAMPART_LOG_LEVEL: 'info', ...options.env };
  const config = loadAppConfig({ dataDir, host: '127.0.0.1', apiPort: '0', dashboardPort: '0', workers: '1' }, env);
  let logged = '';
  const logs: Record<string, unknown>[] = [];
  const log = createLogger(config.logLevel, {
    write(line: string) {
      logged += line;
      logs.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  const secrets = new Set<string>();
  await prepareDataDirectory(config, log);
  for (const file of readdirSync(dataDir).filter((f) => f.startsWith('initial-password-'))) secrets.add(readFileSync(join(dataDir, file), 'utf8').trim());
  const appliance = await buildAppliance(config, log);
  // Keys the admin API hands out are secrets of this run.
  const collectKeys = (body: string) => {
    for (const key of body.match(/rmp_[0-9A-Za-z]{43}/g) ?? []) secrets.add(key);
  };
  const api = injector(appliance.api, collectKeys);
  const check = (direction: 'input' | 'output') => (apiKey: string, body: unknown) =>
    api(`/apikey/api/guardrail/v1/${direction}-check`, { method: 'POST', headers: { 'x-api-key': apiKey }, body });
  let disposed: Promise<void> | undefined;
  return {
    dataDir,
    env: databaseEnv,
    store: appliance.store,
    credentials: appliance.credentials,
    api,
    dashboard: injector(appliance.dashboard, collectKeys),
    logs,
    rememberSecret: (secret) => secrets.add(secret),
    async createRuntimeLlm(name, input = {}) {
      const { runtimeLlm, apiKey } = await createRuntimeLlm(appliance.store, TEST_ACTOR, { ...input, name }, appliance.credentials);
      secrets.add(apiKey);
      return { id: runtimeLlm.id, apiKey };
    },
    inputCheck: check('input'),
    outputCheck: check('output'),
    async cli(...args) {
      const result = await runCli([...args, '--data-dir', dataDir], databaseEnv);
      collectKeys(result.stdout);
      return result;
    },
    checkEvent: (requestId) =>
      waitUntil(`the event of check ${requestId}`, async () => {
        const events = await listCheckEvents(appliance.store.db, { limit: 100 });
        const event = events.find((e) => e.requestId === requestId);
        return event && checkEventJson(event);
      }),
    dispose() {
      disposed ??= (async () => {
        try {
          await appliance.close();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
        const leaked = [...secrets].filter((secret) => logged.includes(secret));
        if (leaked.length > 0) throw new Error(`the appliance logged ${leaked.length} secret(s) used in this test, e.g. ${leaked[0]!.slice(0, 8)}…`);
      })();
      return disposed;
    },
  };
}
