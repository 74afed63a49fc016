import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { CheckService } from '../runtime/check-service.ts';
import { LiveConfig } from '../runtime/live-config.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import { profileRuleSource } from '../store/profiles.ts';
import type { Store } from '../store/store.ts';
import { VERSION } from '../version.ts';
import type { GuardrailSet } from './guardrail-set.ts';
import { buildListeners } from './listeners.ts';
import type { ApplianceServices } from './services.ts';
import type { WorkerRole } from './worker-role.ts';

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

export interface ApplianceParts {
  services: ApplianceServices;
  guardrails: GuardrailSet;
  worker?: WorkerRole;
}

/**
 * Puts an appliance together from its services and guardrails (which it then owns): the
 * configuration they serve, reloaded as it changes, the check service, and both listeners.
 */
export async function assembleAppliance(config: AppConfig, log: Logger, parts: ApplianceParts): Promise<Appliance> {
  const { services, guardrails, worker } = parts;
  const { store } = services;
  const live = new LiveConfig({
    store,
    rules: profileRuleSource(store.db),
    guardrails: guardrails.slots,
    onReloadError: (err) => log.error({ err }, 'configuration reload failed; serving the previous configuration'),
  });
  await live.load();
  await guardrails.follow(live);
  await services.start(live);
  const { events, metrics, backends } = services;
  const checks = new CheckService({ messageText: guardrails.messageText, events, metrics, log, backends });
  const listeners = await buildListeners(config, log, { services, guardrails, live, checks, ...(worker ? { worker } : {}) });

  async function close(poll?: NodeJS.Timeout): Promise<void> {
    clearInterval(poll);
    // Listeners stop accepting, in-flight requests finish, then queued events are written.
    await listeners.close();
    await services.close();
  }

  async function listen(): Promise<RunningAppliance> {
    // Configuration changes made elsewhere also reach idle servers.
    const poll = setInterval(() => void live.refreshIfChanged(), 500).unref();
    let ports: { apiPort: number; dashboardPort: number };
    try {
      ports = await listeners.listen();
    } catch (error) {
      await close(poll);
      throw error;
    }
    log.info(
      {
        api_port: ports.apiPort,
        dashboard_port: ports.dashboardPort,
        data_dir: config.dataDir,
        database: store.location,
        tls_certificate: listeners.tls.certPath,
        tls_fingerprint_sha256: listeners.tls.fingerprint256,
        version: VERSION,
      },
      worker ? 'worker ready' : 'rampart ready',
    );
    let closing: Promise<void> | undefined;
    return {
      ...ports,
      close() {
        closing ??= close(poll).then(() => log.info('rampart stopped'));
        return closing;
      },
    };
  }

  return { api: listeners.api, dashboard: listeners.dashboard, store, metrics, credentials: services.credentials, listen, close: () => close() };
}
