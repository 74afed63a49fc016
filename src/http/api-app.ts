import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../errors.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CheckEventQueue } from '../events/check-event-queue.ts';
import type { CheckService } from '../runtime/check-service.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import type { Store } from '../store/store.ts';
import { registerCheckRoutes } from './check-routes.ts';
import { createBaseApp } from './base-app.ts';
import { dashboardRedirectUrl } from './dashboard-redirect.ts';
import { sendError } from './errors.ts';
import { waitInWords } from './wait-time.ts';
import { registerOpenApi } from './openapi.ts';
import { registerOpsRoutes } from './ops-routes.ts';
import type { ModelBackends } from '../backends/model-backends.ts';
import type { ModelFilesSync } from '../pulled-models/model-sync.ts';
import { registerLitellmRoutes } from './litellm-routes.ts';
import { registerProxyRoutes } from './proxy-routes.ts';
import { RateLimiter } from './rate-limiter.ts';
import { withErrors } from './responses.ts';

export interface ApiLimits {
  /** Longest `message` (and `prompt`) in characters. */
  maxMessageChars: number;
  /** Requests per minute per API key and per client IP; 0 disables the limit. */
  ratePerKeyPerMinute: number;
  ratePerIpPerMinute: number;
}

export interface ApiAppOptions {
  store: Store;
  config: LiveConfig;
  checks: CheckService;
  metrics: Metrics;
  log: Logger;
  limits: ApiLimits;
  https: { cert: string; key: string } | null;
  version: string;
  credentials: CredentialBox;
  events: CheckEventQueue;
  /** This process's model backends, reported in /readyz. */
  backends: ModelBackends;
  /** This node's copies of pulled models, reported in /readyz. */
  modelFiles: ModelFilesSync;
  /** The dashboard's port, once it listens: `/` on this listener sends browsers there for sign-in. */
  dashboardPort: () => number;
  /** Names the TLS certificate is issued for: the only Host names a redirect may point at. */
  publicNames: readonly string[];
}

/** A JSON body holds the message plus escaping overhead (\uXXXX is 6 bytes for one character). */
export function bodyLimitFor(maxMessageChars: number): number {
  return 2 * 6 * maxMessageChars + 64 * 1024;
}

/** The check API listener (port 443 by default): input-check, output-check, Forwarding mode, LiteLLM's guardrail API, health, metrics, OpenAPI. */
export async function buildApiApp(options: ApiAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp({
    log: options.log,
    listener: 'api',
    https: options.https,
    bodyLimit: bodyLimitFor(options.limits.maxMessageChars),
    metrics: options.metrics,
    // JSON only: nothing on this listener (but /docs) is meant to render in a browser.
    contentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'",
  });

  const ipLimiter = new RateLimiter(options.limits.ratePerIpPerMinute);
  app.addHook('onRequest', async (request, reply) => {
    const wait = ipLimiter.take(request.ip);
    if (wait > 0)
      return sendError(
        request,
        reply,
        new AppError('rate_limited', `The rate limit of this client address is exceeded; try again in ${waitInWords(wait)}.`, {
          headers: { 'Retry-After': String(wait) },
        }),
      );
  });

  await registerOpenApi(app, {
    title: 'Rampart check API',
    version: options.version,
    description:
      'Runtime guardrails for LLM applications. Call input-check with a user prompt before it reaches the LLM and output-check with the LLM answer before it reaches the user. Authenticate with the X-API-Key of a Runtime LLM; its security profile decides which guardrails run.',
  });
  const keyLimiter = new RateLimiter(options.limits.ratePerKeyPerMinute);
  registerCheckRoutes(app, { config: options.config, checks: options.checks, maxMessageChars: options.limits.maxMessageChars, keyLimiter });
  // A chat history carries many messages, each up to the message limit.
  const chatBodyLimit = Math.max(4 * 1024 * 1024, bodyLimitFor(options.limits.maxMessageChars));
  registerProxyRoutes(app, {
    config: options.config,
    checks: options.checks,
    credentials: options.credentials,
    keyLimiter,
    maxMessageChars: options.limits.maxMessageChars,
    bodyLimit: chatBodyLimit,
  });
  registerLitellmRoutes(app, {
    config: options.config,
    checks: options.checks,
    keyLimiter,
    maxMessageChars: options.limits.maxMessageChars,
    // The texts of a chat history, plus the images LiteLLM sends along (base64, not inspected).
    bodyLimit: 4 * chatBodyLimit,
  });
  registerOpsRoutes(app, {
    store: options.store,
    config: options.config,
    metrics: options.metrics,
    events: options.events,
    backends: options.backends,
    modelFiles: options.modelFiles,
  });
  // The appliance's address (port 443) is also where operators first sign in: send them to the dashboard.
  const publicNames = new Set(options.publicNames);
  app.get(
    '/',
    {
      schema: {
        summary: 'Redirects a browser to the dashboard for sign-in',
        tags: ['operations'],
        response: withErrors({ 302: Type.Null({ description: 'To the dashboard (Location)' }) }),
      },
    },
    async (request, reply) => reply.redirect(dashboardRedirectUrl(request, publicNames, options.dashboardPort()), 302),
  );
  return app;
}
