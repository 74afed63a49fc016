/**
 * Headers every response of both listeners carries besides its request id (`x-request-id`), errors
 * raised before routing included: HSTS, no sniffing or framing, no referrer, this listener's
 * Content-Security-Policy (Swagger UI at /docs sets its own) and no caching unless a route chose a
 * policy. Fixed per listener, so a listener builds them once.
 */
export function fixedResponseHeaders(contentSecurityPolicy: string | undefined): Readonly<Record<string, string>> {
  return {
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(contentSecurityPolicy ? { 'content-security-policy': contentSecurityPolicy } : {}),
    'cache-control': 'no-store',
  };
}

/** Every header of `fixedResponseHeaders`, after the request id. */
export function responseHeaders(options: { requestId: string; contentSecurityPolicy: string | undefined }): Record<string, string> {
  return { 'x-request-id': options.requestId, ...fixedResponseHeaders(options.contentSecurityPolicy) };
}
