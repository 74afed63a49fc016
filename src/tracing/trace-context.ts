/**
 * W3C Trace Context (`traceparent`): `version-traceid-parentid-flags`, lower-case hex. A header that
 * does not follow the format is ignored, as the specification asks of a receiver: the request is
 * served, it just carries no trace. The trace id and the caller's span (the parent id) are kept.
 * Version 00 is parsed exactly; a later version by its first four fields, as the specification asks.
 */
export interface TraceContext {
  /** 32 hex characters: the application's trace. */
  traceId: string;
  /** 16 hex characters: the caller's span that made this request. */
  spanId: string;
  /** The header as received (trimmed), passed on unchanged where the request goes on (Forwarding mode). */
  traceparent: string;
}

const VERSION_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
// A later version may append fields after the flags; its first four fields keep their format.
const LATER_VERSION = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(?:-.*)?$/;
const ALL_ZEROS = /^0+$/;

/** The trace context of a `traceparent` header, or undefined when it is absent or malformed. */
export function parseTraceparent(header: string | string[] | undefined): TraceContext | undefined {
  // Two traceparent headers cannot both be right: neither is used.
  if (typeof header !== 'string' || header.length > 512) return undefined;
  const value = header.trim();
  const v0 = VERSION_00.exec(value);
  const later = v0 ? undefined : LATER_VERSION.exec(value);
  // Version ff is forbidden; version 00 must have exactly four fields (matched first).
  if (later && (later[1] === 'ff' || later[1] === '00')) return undefined;
  const traceId = v0?.[1] ?? later?.[2];
  const spanId = v0?.[2] ?? later?.[3];
  if (!traceId || !spanId || ALL_ZEROS.test(traceId) || ALL_ZEROS.test(spanId)) return undefined;
  return { traceId, spanId, traceparent: value };
}
