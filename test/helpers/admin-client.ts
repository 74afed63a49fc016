import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpResponse, RequestOptions } from './https-client.ts';

export const NEW_ADMIN_PASSWORD = 'correct horse battery staple 42';

/** An appliance whose dashboard listener takes requests: a real process (appliance.ts) or one in this process (in-process.ts). */
export interface DashboardTarget {
  dataDir: string;
  dashboard(path: string, options?: RequestOptions): Promise<HttpResponse>;
  /** Registers a secret the server must never log (a real process checks its log when it stops). */
  rememberSecret?(secret: string): void;
}

/** A signed-in dashboard session: keeps the session cookie and sends the CSRF token. */
export interface AdminClient {
  cookie: string;
  csrfToken: string;
  request(path: string, options?: RequestOptions): Promise<HttpResponse>;
}

export function initialPassword(app: DashboardTarget, username = 'admin'): string {
  return readFileSync(join(app.dataDir, `initial-password-${username}`), 'utf8').trim();
}

export function sessionCookie(response: HttpResponse): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('__Host-rampart_session='))?.split(';')[0];
}

export async function signIn(app: DashboardTarget, username: string, password: string): Promise<AdminClient> {
  app.rememberSecret?.(password);
  const response = await app.dashboard('/api/auth/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  const cookie = sessionCookie(response)!;
  app.rememberSecret?.(cookie.split('=')[1]!);
  const client: AdminClient = {
    cookie,
    csrfToken: response.json.csrf_token as string,
    request: (path, options = {}) =>
      app.dashboard(path, { ...options, headers: { cookie: client.cookie, 'x-csrf-token': client.csrfToken, ...options.headers } }),
  };
  return client;
}

/** First sign-in with the delivered password, then the forced change; returns a usable session. */
export async function signInAsAdmin(app: DashboardTarget): Promise<AdminClient> {
  const delivered = initialPassword(app);
  app.rememberSecret?.(NEW_ADMIN_PASSWORD);
  const first = await signIn(app, 'admin', delivered);
  const changed = await first.request('/api/auth/password', { body: { current_password: delivered, new_password: NEW_ADMIN_PASSWORD } });
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.status} ${changed.text}`);
  return first;
}
