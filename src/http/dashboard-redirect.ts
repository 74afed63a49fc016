import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { parseHost } from './host-header.ts';

/**
 * Where `/` on the check API sends a browser for sign-in: the dashboard port on the name the
 * browser used, but only when that name is one the appliance's certificate is issued for. Any
 * other Host (a header any client can forge) gets the address the connection actually reached,
 * so the redirect never points at a host taken from the request.
 */
export function dashboardRedirectUrl(request: FastifyRequest, publicNames: ReadonlySet<string>, dashboardPort: number): string {
  const asked = request.headers.host === undefined ? undefined : parseHost(request.headers.host)?.hostname;
  const hostname = asked !== undefined && publicNames.has(asked) ? asked : (request.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `https://${isIPv6(hostname) ? `[${hostname}]` : hostname}:${dashboardPort}/`;
}
