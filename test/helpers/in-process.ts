import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Actor } from '../../src/admin/actor.ts';
import { createRuntimeLlm, type RuntimeLlmInput } from '../../src/admin/runtime-llms.ts';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { checkEventJson } from '../../src/events/event-json.ts';
import { buildAppliance, createLogger, prepareDataDirectory } from '../../src/server/appliance.ts';
import { listCheckEvents } from '../../src/store/check-events.ts';
import type { Store } from '../../src/store/store.ts';
import { freshDatabaseEnv } from './database.ts';
import type { HttpResponse, Json, RequestOptions } from './https-client.ts';
import { waitUntil } from './wait-until.ts';

/** Who the tests' administrative changes are recorded as. */
export const TEST_ACTOR: Actor = { id: 'cli:test' };

/**
 * A whole appliance (database, models, guardrails, both listeners' routes) built in the test's own
 * process and driven with Fastify's `inject`: no process, socket or port, so a test pays for a
 * request only. Configured through the src/admin functions on `store`, as the CLI would.
 */
export interface InProcessAppliance {
  dataDir: string;
  /** The appliance's own database connection: changes made through it reach the routes at once. */
  store: Store;
  /** A request to the check API listener. */
  api(path: string, options?: RequestOptions): Promise<HttpResponse>;
  /** A request to the dashboard listener. */
  dashboard(path: string, options?: RequestOptions): Promise<HttpResponse>;
  /** Creates a Runtime LLM (level 3, default profile unless `input` says otherwise) and returns its API key. */
  createRuntimeLlm(name: string, input?: Omit<Partial<RuntimeLlmInput>, 'name'>): Promise<{ id: string; apiKey: string }>;
  inputCheck(apiKey: string, body: unknown): Promise<HttpResponse>;
  outputCheck(apiKey: string, body: unknown): Promise<HttpResponse>;
  /** The stored event of a check, as `rampart events list --json` prints it, once the batched write has reached the database. */
  checkEvent(requestId: string): Promise<Json>;
  /** Closes the appliance and deletes its data directory. */
  dispose(): Promise<void>;
}

export interface InProcessOptions {
  /** Settings as environment variables (RAMPART_MAX_MESSAGE_CHARS, RAMPART_RATE_LIMIT_PER_KEY, …). */
  env?: Record<string, string>;
}

function injector(app: FastifyInstance): (path: string, options?: RequestOptions) => Promise<HttpResponse> {
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
 * against one), exactly as `rampart serve` does up to listening. Logging is off unless
 * `env.RAMPART_LOG_LEVEL` asks for it; tests of what reaches the log use a real process.
 */
export async function startInProcess(options: InProcessOptions = {}): Promise<InProcessAppliance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-inproc-'));
  const env = { ...process.env, ...(await freshDatabaseEnv()), RAMPART_LOG_LEVEL: 'silent', ...options.env };
  const config = loadAppConfig({ dataDir, host: '127.0.0.1', apiPort: '0', dashboardPort: '0', workers: '1' }, env);
  const log = createLogger(config.logLevel);
  await prepareDataDirectory(config, log);
  const appliance = await buildAppliance(config, log);
  const api = injector(appliance.api);
  const check = (direction: 'input' | 'output') => (apiKey: string, body: unknown) =>
    api(`/apikey/api/guardrail/v1/${direction}-check`, { method: 'POST', headers: { 'x-api-key': apiKey }, body });
  let disposed: Promise<void> | undefined;
  return {
    dataDir,
    store: appliance.store,
    api,
    dashboard: injector(appliance.dashboard),
    async createRuntimeLlm(name, input = {}) {
      const { runtimeLlm, apiKey } = await createRuntimeLlm(appliance.store, TEST_ACTOR, { ...input, name });
      return { id: runtimeLlm.id, apiKey };
    },
    inputCheck: check('input'),
    outputCheck: check('output'),
    checkEvent: (requestId) =>
      waitUntil(`the event of check ${requestId}`, async () => {
        const events = await listCheckEvents(appliance.store.db, { limit: 100 });
        const event = events.find((e) => e.requestId === requestId);
        return event && checkEventJson(event);
      }),
    dispose() {
      disposed ??= appliance.close().finally(() => rmSync(dataDir, { recursive: true, force: true }));
      return disposed;
    },
  };
}
