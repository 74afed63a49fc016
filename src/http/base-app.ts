import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../errors.ts';
import { newRequestId } from '../ids.ts';
import { parseTraceparent } from '../tracing/trace-context.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { bodyEncodingProblem } from './body-encoding.ts';
import { clientErrorHandler } from './client-errors.ts';
import { registerErrorSchema } from './error-schema.ts';
import { installErrorHandling, sendError, toAppError } from './errors.ts';
import { hostHeaderProblem } from './host-header.ts';
import { parseJsonBody } from './json-body.ts';
import type { HttpApp } from './http-app.ts';
import { fixedResponseHeaders, responseHeaders } from './response-headers.ts';

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

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * What both listeners share: TLS 1.2+ with modern suites, security headers, one valid Host,
 * JSON-only bodies in UTF-8 (anything else is 415), request ids echoed in `x-request-id` (and the
 * caller's W3C trace id in the log lines about a request), the one
 * JSON error shape (also for requests rejected before routing), request metrics, and no
 * per-request log lines (checks are events).
 */
export function createBaseApp(options: BaseAppOptions): HttpApp {
  // Built once: setting them is then all a response costs.
  const listenerHeaders = Object.entries(fixedResponseHeaders(options.contentSecurityPolicy));
  const docsHeaders = Object.entries(fixedResponseHeaders(undefined));
  const app = Fastify({
    loggerInstance: options.log.child({ listener: options.listener }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit,
    // A client may pass its own correlation id; anything else gets a fresh one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : newRequestId();
    },
    // Log lines about a request name the caller's trace (a valid W3C traceparent) beside its id.
    childLoggerFactory: (logger, bindings, childOptions, raw) => {
      const trace = parseTraceparent(raw.headers.traceparent);
      return logger.child(trace ? { ...bindings, trace_id: trace.traceId } : bindings, childOptions);
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, verbose: true } },
    // A missing Host is answered by our hook below, in our error shape, rather than by Node.
    ...(options.https
      ? { https: { ...options.https, minVersion: 'TLSv1.2' as const, ciphers: TLS_CIPHERS, honorCipherOrder: true, requireHostHeader: false } }
      : { http: { requireHostHeader: false } }),
    clientErrorHandler: clientErrorHandler(options.contentSecurityPolicy),
    // Unparsable URLs are rejected by the router, before any hook runs: set the headers here.
    frameworkErrors: (error, request, reply) => {
      reply.headers(responseHeaders({ requestId: request.id, contentSecurityPolicy: options.contentSecurityPolicy }));
      return sendError(request, reply, toAppError(error as FastifyError) ?? new AppError('bad_request', 'The request could not be routed.'));
    },
    // Requests arriving while the server closes are answered by the hook below, in our error shape.
    return503OnClosing: false,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    // Route code is written against the plain server type; HTTP and HTTPS instances behave the same.
  }) as unknown as FastifyInstance;
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Responses are plain JSON.stringify. What a handler answers is held to its response schema by the
  // compiler (HttpApp) and by the contract tests; a schema-compiled serializer would drop a member the
  // schema does not name, hiding it from those tests, and is no faster on the check answer's unions
  // (docs/performance.md).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);
  registerErrorSchema(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      return sendError(request, reply, new AppError('unavailable', 'The server is shutting down; try again in a second.', { headers: { 'Retry-After': '1' } }));
    }
    const hostProblem = hostHeaderProblem(request.raw);
    if (hostProblem) return sendError(request, reply, new AppError('bad_request', hostProblem));
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    // Verdicts and admin data are never cached; static assets set their own policy.
    for (const [name, value] of request.url.startsWith('/docs') ? docsHeaders : listenerHeaders) {
      if (name !== 'cache-control' || !reply.hasHeader(name)) reply.header(name, value);
    }
    done();
  });
  app.addHook('preParsing', async (request, reply) => {
    const encodingProblem = bodyEncodingProblem(request.headers);
    if (encodingProblem) return sendError(request, reply, new AppError('unsupported_media_type', encodingProblem));
  });
  app.addHook('onResponse', (request, reply, done) => {
    options.metrics.httpRequests.inc({ listener: options.listener, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) });
    done();
  });
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
