import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { HttpApp } from './http-app.ts';

/** Where `npm run build:dashboard` puts the single-page app. */
export const DASHBOARD_DIST = fileURLToPath(new URL('../../dashboard/dist/', import.meta.url));

export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets CSS variables through style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Rampart</title>
<p>The dashboard is not built. Run <code>npm run build:dashboard</code> (scripts/install.sh does it), then reload.
The admin API works without it: see <a href="/docs">/docs</a>.</p>`;

/**
 * Serves the dashboard from the appliance itself (no CDN; works offline): the app at /, its hashed
 * assets under /assets/. Its Content-Security-Policy is DASHBOARD_CSP (set for the listener).
 */
export async function registerDashboardStatic(app: HttpApp, dist = DASHBOARD_DIST): Promise<void> {
  const assets = `${dist}assets/`;
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  const indexFile = `${dist}index.html`;
  const page = () => (existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : NOT_BUILT);
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page()));
}
