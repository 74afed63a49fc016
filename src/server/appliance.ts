import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import type { Logger } from 'pino';
import { storeOptionsOf, type AppConfig } from '../config/app-config.ts';
import { loadGuardrails } from '../guardrails/load.ts';
import { GUARDRAILS } from '../guardrails/registry.ts';
import { CheckEventQueue } from '../events/check-event-queue.ts';
import { MessageTextMasker } from '../events/message-text.ts';
import { buildApiApp } from '../http/api-app.ts';
import { ensureBootstrapAdmin } from '../auth/accounts.ts';
import { PasswordSignIn } from '../auth/login.ts';
import { PasswordPolicy } from '../auth/passwords.ts';
import { OidcSignIn } from '../auth/oidc.ts';
import { scheduleRetention } from '../events/retention.ts';
import { buildDashboardApp } from '../http/dashboard-app.ts';
import { RateLimiter } from '../http/rate-limiter.ts';
import { SiemForwarder } from '../siem/forwarder.ts';
import { Metrics } from '../metrics/metrics.ts';
import { ModelLibrary } from '../models/model-library.ts';
import { ModelBackends, type BreakerMemory } from '../backends/model-backends.ts';
import { ModelFilesSync } from '../pulled-models/model-sync.ts';
import { CheckService } from '../runtime/check-service.ts';
import { LiveConfig } from '../runtime/live-config.ts';
import { warmUpGuardrails } from '../runtime/warm-up.ts';
import { CredentialBox } from '../secrets/credential-box.ts';
import { assertCredentialsKeyOpensStored } from '../secrets/stored-credentials.ts';
import type { Store } from '../store/store.ts';
import { openStore } from '../store/open-store.ts';
import { certificateNames, loadTlsMaterial, type TlsMaterial } from '../tls/certificate.ts';
import { ensureThreatStore } from '../guardrails/vector/vector-runtime.ts';
import { PERSON_RECOGNISER } from '../guardrails/pii/index.ts';
import { profileRuleSource } from '../store/profiles.ts';
import { ThreatVectorRepository } from '../store/threat-vectors.ts';
import { VERSION } from '../version.ts';
import { createLogger } from './logger.ts';

export interface RunningAppliance {
  apiPort: number;
  dashboardPort: number;
  close(): Promise<void>;
}

/** A fully built appliance whose listeners are not open yet (routes can still be added). */
export interface Appliance {
  api: FastifyInstance;
  dashboard: FastifyInstance;
  store: Store;
  metrics: Metrics;
  /** Opens and seals the stored upstream and backend keys (the data directory's credentials key). */
  credentials: CredentialBox;
  listen(): Promise<RunningAppliance>;
  /** Releases what an appliance that never listened holds (in-process tests drive it with `inject`). */
  close(): Promise<void>;
}

const SERVER_LOCK_WAIT_MS = 250;

/** Where this appliance stands in a server of several threads (see server-threads.ts); absent when it serves alone. */
export interface WorkerRole {
  /** 1-based. */
  id: number;
  count: number;
  /** Metrics exposition of the whole server (all workers), gathered by the main thread. */
  serverMetrics(): Promise<string>;
  /** The shared memory of each model backend's circuit breaker, the same for every worker. */
  breakerMemory: BreakerMemory;
}

/**
 * First-start work done once, before any listener opens (in a server of several threads, by a thread
 * of its own before the others start; see server-threads.ts): the schema brought up to date, the TLS certificate and credentials
 * key created (and refused when it cannot open the stored credentials), the threat-vector store
 * seeded for the installed encoder, the bootstrap administrator delivered.
 */
export async function prepareDataDirectory(config: AppConfig, log: Logger, models = new ModelLibrary(config.modelsDir)): Promise<void> {
  const store = await openStore({ ...storeOptionsOf(config), onError: (err) => log.error({ err }, 'database connection error') });
  try {
    await loadTlsMaterial({ dataDir: config.dataDir, certFile: config.tlsCertFile, keyFile: config.tlsKeyFile });
    // A key that cannot open the stored credentials stops the start before the threat store or accounts are written.
    await assertCredentialsKeyOpensStored(store.db, CredentialBox.forDataDir(config.dataDir, config.credentialsKey));
    // Seeding the threat store here, once, spares the workers a race to do it at the same moment.
    await ensureThreatStore(new ThreatVectorRepository(store), models, log);
    const passwordFile = await ensureBootstrapAdmin(store, config.dataDir);
    // Printed once, at creation; the password itself is only in the owner-only file. Besides the
    // log line, a plain line on stderr for the person watching the first start.
    if (passwordFile) {
      log.warn(
        { password_file: passwordFile, username: 'admin' },
        'bootstrap administrator created; the initial password is in this file (readable by its owner only) and must be changed at first sign-in',
      );
      process.stderr.write(`First sign-in: user admin, password in ${passwordFile} (change it when you first sign in).\n`);
    }
  } finally {
    await store.close();
  }
}

/** Starts both listeners on the data directory's database in this process; resolves once they accept connections. */
export async function startAppliance(config: AppConfig, log: Logger = createLogger(config.logLevel)): Promise<RunningAppliance> {
  // One library for both steps: the sentence encoder that seeds the threat store is then the vector filter's.
  const models = new ModelLibrary(config.modelsDir);
  await prepareDataDirectory(config, log, models);
  return (await buildAppliance(config, log, { models })).listen();
}

function shareOf(perMinute: number, worker: WorkerRole | undefined): number {
  return perMinute === 0 || !worker ? perMinute : Math.max(1, Math.ceil(perMinute / worker.count));
}

/** `shared`: the listener is one of several threads' on the same port (SO_REUSEPORT; server-threads.ts). */
async function listenOn(app: FastifyInstance, host: string, port: number, what: string, shared: boolean): Promise<number> {
  try {
    // Fastify hands its listen options to Node's server.listen, whose `reusePort` its types do not list.
    const options: FastifyListenOptions & { reusePort: boolean } = { host, port, reusePort: shared };
    await app.listen(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES') throw new Error(`The ${what} port ${port} needs privileges; run as root, grant CAP_NET_BIND_SERVICE, or choose a port above 1023.`);
    if (code === 'EADDRINUSE') throw new Error(`The ${what} port ${port} is already in use.`);
    throw error;
  }
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : port;
}

export interface ApplianceOptions {
  /** Set in a worker of a multi-process server: it gets its share of the rate limits and serves the metrics of the whole server. */
  worker?: WorkerRole;
  /** The models to build the guardrails with (default: a library of `config.modelsDir`). */
  models?: ModelLibrary;
}

/**
 * Opens the database, loads models and configuration, builds the guardrails (which this appliance
 * owns) and both listeners (after `prepareDataDirectory`).
 */
export async function buildAppliance(config: AppConfig, log: Logger = createLogger(config.logLevel), options: ApplianceOptions = {}): Promise<Appliance> {
  const { worker, models = new ModelLibrary(config.modelsDir) } = options;
  const store = await openStore({
    ...storeOptionsOf(config),
    onError: (err) => log.error({ err }, 'database connection error'),
    // Checks never wait on the database; a write that meets a lock held elsewhere fails fast and is retried.
    lockWaitMs: SERVER_LOCK_WAIT_MS,
  });
  const metrics = new Metrics(worker?.serverMetrics);
  // Guardrails that keep state (the threat-vector index) follow configuration reloads.
  const reloadListeners: (() => Promise<void>)[] = [];
  const services = {
    threatVectors: new ThreatVectorRepository(store),
    dataDir: config.dataDir,
    log,
    onConfigReload: (listener: () => Promise<void>) => reloadListeners.push(listener),
  };
  const guardrails = await loadGuardrails(GUARDRAILS, { models, services }, (name, ms) =>
    log.info({ guardrail: name, ms: Math.round(ms) }, 'guardrail loaded'),
  );
  const live = new LiveConfig({
    store,
    rules: profileRuleSource(store.db),
    guardrails,
    onReloadError: (err) => log.error({ err }, 'configuration reload failed; serving the previous configuration'),
  });
  await live.load();
  for (const listener of reloadListeners) {
    live.onReload(listener);
    // A change made while the guardrails loaded is in the revision just loaded, so no reload will bring it.
    await listener();
  }
  const credentials = CredentialBox.forDataDir(config.dataDir, config.credentialsKey);
  const backends = new ModelBackends({
    store,
    dataDir: config.dataDir,
    credentials,
    metrics,
    log,
    ...(worker ? { breakerMemory: worker.breakerMemory } : {}),
  });
  // Downloads of pulled models (this node's copies, pulls started from the dashboard) stop with the server.
  const stopping = new AbortController();
  // Before the backends load: a pulled model's copy on this node is checked (and its manifest written) first.
  const modelFiles = new ModelFilesSync({
    store,
    dataDir: config.dataDir,
    hub: { endpoint: config.hubEndpoint, token: config.hubToken },
    log,
    // One thread of a node downloads what is missing; the others see the files arrive.
    fetches: !worker || worker.id === 1,
    onPlaced: () => backends.load(),
    signal: stopping.signal,
  });
  await modelFiles.check();
  live.onReload(() => modelFiles.check(true));
  await backends.load();
  // Before listening, like the built-in models.
  await backends.settled();
  live.onReload(() => backends.load());
  // Before listening, so /readyz answers only once a check is as fast as it will be.
  await warmUpGuardrails(guardrails, log);

  const siem = new SiemForwarder({ store, registry: metrics.registry, log });
  await siem.start();
  // One worker prunes old events; the others would only repeat its deletes.
  const stopRetention = !worker || worker.id === 1 ? scheduleRetention(store, log) : () => {};

  const events = new CheckEventQueue({
    write: (rows) => store.insertCheckEvents(rows),
    onDrop: (n) => metrics.eventsDropped.inc(n),
    onWriteError: (err, n) => {
      metrics.eventWriteErrors.inc();
      log.error({ err, events: n }, 'writing check events failed; will retry');
    },
    onPush: (event) => siem.enqueueCheck(event),
  });
  // The PII guardrail's PERSON model also masks recorded message text.
  const messageText = new MessageTextMasker(await models.load(PERSON_RECOGNISER));
  const checks = new CheckService({ messageText, events, metrics, log, backends });
  const tls: TlsMaterial = await loadTlsMaterial({ dataDir: config.dataDir, certFile: config.tlsCertFile, keyFile: config.tlsKeyFile });
  const https = { cert: tls.cert, key: tls.key };
  // Known for sure once the dashboard listens (port 0 picks one).
  let dashboardPortInUse = config.dashboardPort;
  const api = await buildApiApp({
    store,
    config: live,
    checks,
    metrics,
    log,
    https,
    version: VERSION,
    credentials,
    events,
    backends,
    modelFiles,
    dashboardPort: () => dashboardPortInUse,
    publicNames: certificateNames(tls.cert),
    // Workers each see about 1/count of the traffic (the kernel spreads connections), so each
    // enforces 1/count of every limit.
    limits: {
      maxMessageChars: config.maxMessageChars,
      ratePerKeyPerMinute: shareOf(config.ratePerKeyPerMinute, worker),
      ratePerIpPerMinute: shareOf(config.ratePerIpPerMinute, worker),
    },
  });
  const dashboard = await buildDashboardApp({
    log,
    https,
    version: VERSION,
    metrics,
    admin: {
      store,
      dataDir: config.dataDir,
      policy: config,
      credentials,
      passwordSignIn: new PasswordSignIn(store, config, new RateLimiter(config.loginAttemptsPerIpPerMinute)),
      passwordPolicy: new PasswordPolicy(),
      oidc: new OidcSignIn(store, config.dataDir),
      log,
      backends,
      guardrails,
      models,
      modelFiles,
      hub: { endpoint: config.hubEndpoint, token: config.hubToken },
      stopping: stopping.signal,
    },
  });

  async function close(poll?: NodeJS.Timeout): Promise<void> {
    clearInterval(poll);
    // Listeners stop accepting, in-flight requests finish, then queued events are written.
    await Promise.allSettled([api.close(), dashboard.close()]);
    stopRetention();
    await events.flush();
    if (events.pending > 0) log.error({ events: events.pending }, 'check events could not be written before stopping (database unavailable)');
    siem.stop();
    stopping.abort();
    await modelFiles.close();
    await backends.close();
    await store.close();
  }

  async function listen(): Promise<RunningAppliance> {
    // Configuration changes made elsewhere also reach idle servers.
    const poll = setInterval(() => void live.refreshIfChanged(), 500).unref();
    let apiPort: number;
    let dashboardPort: number;
    try {
      apiPort = await listenOn(api, config.host, config.apiPort, 'check API', worker !== undefined);
      dashboardPort = await listenOn(dashboard, config.host, config.dashboardPort, 'dashboard', worker !== undefined);
      dashboardPortInUse = dashboardPort;
    } catch (error) {
      await close(poll);
      throw error;
    }
    log.info(
      {
        api_port: apiPort,
        dashboard_port: dashboardPort,
        data_dir: config.dataDir,
        database: store.location,
        tls_certificate: tls.certPath,
        tls_fingerprint_sha256: tls.fingerprint256,
        version: VERSION,
      },
      worker ? 'worker ready' : 'rampart ready',
    );
    let closing: Promise<void> | undefined;
    return {
      apiPort,
      dashboardPort,
      close() {
        closing ??= close(poll).then(() => log.info('rampart stopped'));
        return closing;
      },
    };
  }

  return { api, dashboard, store, metrics, credentials, listen, close: () => close() };
}
