import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.ts';
import { PasswordSignIn } from '../auth/login.ts';
import { OidcSignIn } from '../auth/oidc.ts';
import { PasswordPolicy } from '../auth/passwords.ts';
import { buildApiApp } from '../http/api-app.ts';
import { buildDashboardApp } from '../http/dashboard-app.ts';
import { RateLimiter } from '../http/rate-limiter.ts';
import type { CheckService } from '../runtime/check-service.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import { certificateNames, loadTlsMaterial, type TlsMaterial } from '../tls/certificate.ts';
import { VERSION } from '../version.ts';
import type { GuardrailSet } from './guardrail-set.ts';
import type { ApplianceServices } from './services.ts';
import { shareOf, type WorkerRole } from './worker-role.ts';

/** The appliance's two listeners, built and not yet listening (routes can still be added). */
export interface Listeners {
  api: FastifyInstance;
  dashboard: FastifyInstance;
  tls: TlsMaterial;
  /** Opens both on the configured host and ports; resolves to the ports they got. */
  listen(): Promise<{ apiPort: number; dashboardPort: number }>;
  /** Stops accepting; resolves once in-flight requests finished. */
  close(): Promise<void>;
}

export interface ListenerParts {
  services: ApplianceServices;
  guardrails: GuardrailSet;
  live: LiveConfig;
  checks: CheckService;
  worker?: WorkerRole;
}

/** Builds the check API and the dashboard listeners over the appliance's parts, with the data directory's TLS material. */
export async function buildListeners(config: AppConfig, log: Logger, parts: ListenerParts): Promise<Listeners> {
  const { services, guardrails, live, checks, worker } = parts;
  const { store, metrics, credentials, backends, modelFiles, events } = services;
  const tls = await loadTlsMaterial({ dataDir: config.dataDir, certFile: config.tlsCertFile, keyFile: config.tlsKeyFile });
  const https = { cert: tls.cert, key: tls.key };
  const hub = { endpoint: config.hubEndpoint, token: config.hubToken };
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
      guardrails: guardrails.slots,
      models: guardrails.models,
      modelFiles,
      hub,
      stopping: services.stopping,
    },
  });
  // `shared`: each listener is one of several threads' on the same port (SO_REUSEPORT; server-threads.ts).
  const shared = worker !== undefined;
  return {
    api,
    dashboard,
    tls,
    async listen() {
      const apiPort = await listenOn(api, config.host, config.apiPort, 'check API', shared);
      const dashboardPort = await listenOn(dashboard, config.host, config.dashboardPort, 'dashboard', shared);
      dashboardPortInUse = dashboardPort;
      return { apiPort, dashboardPort };
    },
    async close() {
      await Promise.allSettled([api.close(), dashboard.close()]);
    },
  };
}

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
