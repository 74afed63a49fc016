import { isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

export interface HostHeader {
  /** Lower-cased name or IP address; an IPv6 address without its brackets. */
  hostname: string;
  port: number | undefined;
}

// RFC 3986 host: a reg-name (unreserved, sub-delims, no percent-encoding: no DNS name needs one)
// or a bracketed IPv6 literal, then an optional port.
const HOST = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._~!$&'()*+,;=-]+))(?::(\d{1,5}))?$/;

/** Parses a Host header value, or undefined when it is not a valid `host[:port]`. */
export function parseHost(value: string): HostHeader | undefined {
  const match = HOST.exec(value);
  if (!match) return undefined;
  const [, ipv6, name, portText] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return undefined;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && port > 65535) return undefined;
  return { hostname: (ipv6 ?? name!).toLowerCase(), port };
}

/**
 * Why a request's Host header is unusable (RFC 9112 §3.2: an HTTP/1.1 request needs exactly one
 * valid Host), or undefined when it is fine. An HTTP/1.0 request may omit it.
 */
export function hostHeaderProblem(raw: IncomingMessage): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) if (raw.rawHeaders[i]!.toLowerCase() === 'host') values.push(raw.rawHeaders[i + 1]!);
  if (values.length > 1) return 'The request has more than one Host header.';
  if (values.length === 0) return raw.httpVersion === '1.0' ? undefined : 'The request has no Host header.';
  return parseHost(values[0]!) ? undefined : 'The Host header is not a valid host name with an optional port.';
}
