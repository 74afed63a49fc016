import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../errors.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { installErrorHandling } from './errors.ts';
import { nestsDeeperThan } from './json-depth.ts';

export interface BaseAppOptions {
  log: Logger;
  listener: 'api' | 'dashboard';
  https: { cert: string; key: string } | null;
  bodyLimit: number;
  metrics: Metrics;
  /** Content-Security-Policy of this listener's responses (Swagger UI at /docs sets its own). */
  contentSecurityPolicy: string;
}

/**
 * TLS 1.2 with forward-secret AEAD suites only (TLS 1.3's suites are all of that kind); no CBC, no
 * RSA key exchange, no DHE.
 */
export const TLS_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** No legitimate request body of either listener nests anywhere near this deep. */
const MAX_JSON_DEPTH = 64;
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * What both listeners share: TLS 1.2+ with modern suites, security headers, JSON-only bodies
 * (anything else is 415), request ids echoed in `x-request-id`, the one JSON error shape, request
 * metrics, and no per-request log lines (checks are events).
 */
export function createBaseApp(options: BaseAppOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.log.child({ listener: options.listener }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit,
    // A client may pass its own correlation id; anything else gets a fresh one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : `req_${randomBytes(12).toString('hex')}`;
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false } },
    ...(options.https ? { https: { ...options.https, minVersion: 'TLSv1.2' as const, ciphers: TLS_CIPHERS, honorCipherOrder: true } } : {}),
    return503OnClosing: true,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    // Route code is written against the plain server type; HTTP and HTTPS instances behave the same.
  }) as unknown as FastifyInstance;
  app.removeContentTypeParser('text/plain');
  // Responses are plain JSON.stringify: response schemas document the API but never strip fields.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    if (!request.url.startsWith('/docs')) reply.header('content-security-policy', options.contentSecurityPolicy);
    // Verdicts and admin data are never cached; static assets set their own policy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.httpRequests.inc({ listener: options.listener, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) });
  });
  app.addHook('preValidation', async (request) => {
    if (nestsDeeperThan(request.body, MAX_JSON_DEPTH)) throw new AppError('invalid_field', `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  });
  return app;
}
