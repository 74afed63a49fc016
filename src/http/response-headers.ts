/**
 * Headers every response of both listeners carries, errors raised before routing included: the
 * request id, HSTS, no sniffing or framing, no referrer, this listener's Content-Security-Policy
 * (Swagger UI at /docs sets its own) and no caching unless a route chose a policy.
 */
export function responseHeaders(options: { requestId: string; contentSecurityPolicy: string | undefined }): Record<string, string> {
  return {
    'x-request-id': options.requestId,
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(options.contentSecurityPolicy ? { 'content-security-policy': options.contentSecurityPolicy } : {}),
    'cache-control': 'no-store',
  };
}
