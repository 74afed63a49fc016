import type { Logger } from 'pino';
import { storeOptionsOf, type AppConfig } from '../config/app-config.ts';
import { ModelBackends } from '../backends/model-backends.ts';
import { CheckEventQueue } from '../events/check-event-queue.ts';
import { scheduleRetention } from '../events/retention.ts';
import { Metrics } from '../metrics/metrics.ts';
import { ModelFilesSync } from '../pulled-models/model-sync.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import { CredentialBox } from '../secrets/credential-box.ts';
import { SiemForwarder } from '../siem/forwarder.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';
import type { WorkerRole } from './worker-role.ts';

const SERVER_LOCK_WAIT_MS = 250;

/**
 * What an appliance runs besides its guardrails and listeners: the database connection, metrics, the
 * credentials key, the model backends and this node's copies of pulled models, the SIEM forwarder,
 * the queue of check events and the pruning of old ones.
 */
export interface ApplianceServices {
  store: Store;
  metrics: Metrics;
  /** Opens and seals the stored upstream and backend keys (the data directory's credentials key). */
  credentials: CredentialBox;
  backends: ModelBackends;
  modelFiles: ModelFilesSync;
  events: CheckEventQueue;
  /** Aborted when the appliance stops: downloads of pulled models (this node's copies, pulls started from the dashboard) stop with it. */
  stopping: AbortSignal;
  /**
   * Loads the model backends (after checking this node's copies of pulled models), keeps both in
   * step with every configuration reload of `live`, and starts the SIEM forwarder and the pruning of
   * old events. Resolves once the backends are ready to be asked.
   */
  start(live: LiveConfig): Promise<void>;
  /** Writes the queued events, then stops everything and closes the database connection. */
  close(): Promise<void>;
}

/** Opens the database and builds the services on it; nothing runs until `start`. */
export async function openServices(config: AppConfig, log: Logger, worker?: WorkerRole): Promise<ApplianceServices> {
  const store = await openStore({
    ...storeOptionsOf(config),
    onError: (err) => log.error({ err }, 'database connection error'),
    // Checks never wait on the database; a write that meets a lock held elsewhere fails fast and is retried.
    lockWaitMs: SERVER_LOCK_WAIT_MS,
  });
  const metrics = new Metrics(worker?.serverMetrics);
  const credentials = CredentialBox.forDataDir(config.dataDir, config.credentialsKey);
  const backends = new ModelBackends({
    store,
    dataDir: config.dataDir,
    credentials,
    metrics,
    log,
    ...(worker ? { breakerMemory: worker.breakerMemory } : {}),
  });
  const stopping = new AbortController();
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
  const siem = new SiemForwarder({ store, registry: metrics.registry, log });
  const events = new CheckEventQueue({
    write: (rows) => store.insertCheckEvents(rows),
    onDrop: (n) => metrics.eventsDropped.inc(n),
    onWriteError: (err, n) => {
      metrics.eventWriteErrors.inc();
      log.error({ err, events: n }, 'writing check events failed; will retry');
    },
    onPush: (event) => siem.enqueueCheck(event),
  });
  let stopRetention = () => {};

  return {
    store,
    metrics,
    credentials,
    backends,
    modelFiles,
    events,
    stopping: stopping.signal,
    async start(live) {
      // Before the backends load: a pulled model's copy on this node is checked (and its manifest written) first.
      await modelFiles.check();
      live.onReload(() => modelFiles.check(true));
      await backends.load();
      // Before listening, like the built-in models.
      await backends.settled();
      live.onReload(() => backends.load());
      await siem.start();
      // One worker prunes old events; the others would only repeat its deletes.
      if (!worker || worker.id === 1) stopRetention = scheduleRetention(store, log);
    },
    async close() {
      stopRetention();
      await events.flush();
      if (events.pending > 0) log.error({ events: events.pending }, 'check events could not be written before stopping (database unavailable)');
      siem.stop();
      stopping.abort();
      await modelFiles.close();
      await backends.close();
      await store.close();
    },
  };
}
