import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Actor } from '../../src/domain/actor.ts';
import { createRuntimeLlm, type RuntimeLlmInput } from '../../src/admin/runtime-llms.ts';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { checkEventJson } from '../../src/events/event-json.ts';
import type { CredentialBox } from '../../src/secrets/credential-box.ts';
import { GUARDRAILS } from '../../src/guardrails/registry.ts';
import { ModelLibrary } from '../../src/models/model-library.ts';
import { assembleAppliance, type RunningAppliance } from '../../src/server/assembly.ts';
import { prepareDataDirectory } from '../../src/server/data-directory.ts';
import { loadGuardrailSet } from '../../src/server/guardrail-set.ts';
import { createLogger } from '../../src/server/logger.ts';
import { openServices } from '../../src/server/services.ts';
import { listCheckEvents } from '../../src/store/check-events.ts';
import type { Store } from '../../src/store/store.ts';
import type { CliResult } from './cli.ts';
import { CliThread } from './cli-thread.ts';
import { newDataDir, preparableFromTemplate } from './data-dir-template.ts';
import type { HttpResponse, Json, RequestOptions } from './https-client.ts';
import { StandInModels } from './stub-guardrails.ts';
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
  /** Runs the real CLI (in a thread: cli-thread.ts) on this appliance's data directory and database. */
  cli(...args: string[]): Promise<CliResult>;
  /** Every line the appliance logged (JSON objects). */
  logs: Record<string, unknown>[];
  /** Registers a secret (a password, a key) that must never appear in the appliance's log. */
  rememberSecret(secret: string): void;
  /** The stored event of a check, as `rampart events list --json` prints it, once the batched write has reached the database. */
  checkEvent(requestId: string): Promise<Json>;
  /**
   * Opens both listeners on loopback (ephemeral ports), for tests that need real connections (TLS,
   * raw HTTP, clients, a browser); `api` and `dashboard` keep using `inject`.
   */
  listen(): Promise<Listening>;
  /**
   * Closes the appliance, keeping its data directory (a restart builds another on it). Fails if a
   * secret used with this appliance (API keys it issued, remembered passwords) appears in its log.
   */
  stop(): Promise<void>;
  /** Closes the appliance (as `stop`) and deletes its data directory, unless it was given one. */
  dispose(): Promise<void>;
}

export interface Listening {
  apiUrl: string;
  dashboardUrl: string;
  /** The appliance's TLS certificate (PEM), the one CA a client should trust. */
  ca: string;
}

export interface InProcessOptions {
  /** Settings as environment variables (RAMPART_MAX_MESSAGE_CHARS, RAMPART_RATE_LIMIT_PER_KEY, …); a RAMPART_DATABASE_URL here reuses that database (restart). */
  env?: Record<string, string>;
  /** Reuse an existing data directory (restart); it is kept when the appliance is disposed of. */
  dataDir?: string;
  /**
   * `stand-ins` (the default), for tests of what surrounds detection: the llm, content moderation
   * and system prompt guardrails score with a stand-in detector that decides by marker phrases
   * (StandInModels in stub-guardrails.ts); `real`: the shipped models, for tests of what the
   * guardrails find. Neither is warmed up (warming up changes how fast the first checks are, not
   * what they answer).
   */
  guardrails?: 'stand-ins' | 'real';
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
 * Builds an appliance on a new data directory as the first start leaves it (data-dir-template.ts;
 * a fresh PostgreSQL database when the suite runs against one) as `rampart serve` does up to
 * listening, with its log kept in memory.
 */
export async function startInProcess(options: InProcessOptions = {}): Promise<InProcessAppliance> {
  const fromTemplate = options.dataDir === undefined && preparableFromTemplate(options.env);
  const fresh = options.dataDir
    ? { dataDir: options.dataDir, env: {} }
    : await newDataDir({ prepared: fromTemplate, ...(options.env?.RAMPART_DATABASE_URL ? { sqlite: true } : {}) });
  const { dataDir } = fresh;
  const databaseEnv = { ...fresh.env, ...(options.env?.RAMPART_DATABASE_URL ? { RAMPART_DATABASE_URL: options.env.RAMPART_DATABASE_URL } : {}) };
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
  // A restart prepares again, as `rampart serve` does (a no-op on a prepared data directory).
  if (!fromTemplate) await prepareDataDirectory(config, log);
  for (const file of readdirSync(dataDir).filter((f) => f.startsWith('initial-password-'))) secrets.add(readFileSync(join(dataDir, file), 'utf8').trim());
  const services = await openServices(config, log);
  const models = options.guardrails === 'real' ? new ModelLibrary(config.modelsDir) : new StandInModels(config.modelsDir);
  const guardrails = await loadGuardrailSet(GUARDRAILS, { models, store: services.store, dataDir, log });
  const appliance = await assembleAppliance(config, log, { services, guardrails });
  // Keys the admin API hands out are secrets of this run.
  const collectKeys = (body: string) => {
    for (const key of body.match(/rmp_[0-9A-Za-z]{43}/g) ?? []) secrets.add(key);
  };
  const api = injector(appliance.api, collectKeys);
  const check = (direction: 'input' | 'output') => (apiKey: string, body: unknown) =>
    api(`/apikey/api/guardrail/v1/${direction}-check`, { method: 'POST', headers: { 'x-api-key': apiKey }, body });
  const cliThread = new CliThread();
  let running: RunningAppliance | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await cliThread.close();
      await (running ?? appliance).close();
      const leaked = [...secrets].filter((secret) => logged.includes(secret));
      if (leaked.length > 0) throw new Error(`the appliance logged ${leaked.length} secret(s) used in this test, e.g. ${leaked[0]!.slice(0, 8)}…`);
    })();
    return stopped;
  };
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
      const result = await cliThread.run([...args, '--data-dir', dataDir], databaseEnv);
      collectKeys(result.stdout);
      return result;
    },
    checkEvent: (requestId) =>
      waitUntil(`the event of check ${requestId}`, async () => {
        const events = await listCheckEvents(appliance.store.db, { limit: 100 });
        const event = events.find((e) => e.requestId === requestId);
        return event && checkEventJson(event);
      }),
    async listen() {
      running ??= await appliance.listen();
      const ca = readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8');
      return { apiUrl: `https://127.0.0.1:${running.apiPort}`, dashboardUrl: `https://127.0.0.1:${running.dashboardPort}`, ca };
    },
    stop,
    dispose() {
      disposed ??= (async () => {
        try {
          await stop();
        } finally {
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
        }
      })();
      return disposed;
    },
  };
}
