import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  deleteAdminSession,
  deleteAdminSessionsExpiredBefore,
  findAdminSession,
  insertAdminSession,
  touchAdminSession,
  type AuthMethod,
} from '../store/admin-sessions.ts';
import type { Database } from '../store/schema.ts';
import type { AuthPolicy } from './policy.ts';

/** A signed-in administrator, as the admin API sees them. */
export interface AdminSession {
  /** Hash of the cookie value (the row id). */
  id: string;
  username: string;
  authMethod: AuthMethod;
  csrfToken: string;
  expiresAt: string;
}

// Refresh last_seen_at at most this often, so reads do not turn every request into a write.
const TOUCH_EVERY_MS = 60_000;

function sessionId(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Opens a session; the returned token goes into the cookie and is never stored. */
export async function createSession(
  db: Kysely<Database>,
  policy: AuthPolicy,
  username: string,
  authMethod: AuthMethod,
): Promise<{ token: string; session: AdminSession }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const session: AdminSession = {
    id: sessionId(token),
    username,
    authMethod,
    csrfToken: randomBytes(32).toString('base64url'),
    expiresAt: new Date(now.getTime() + policy.sessionMaxSeconds * 1000).toISOString(),
  };
  // Expired sessions are removed whenever a new one starts.
  await deleteAdminSessionsExpiredBefore(db, now.toISOString());
  await insertAdminSession(db, { ...session, createdAt: now.toISOString(), lastSeenAt: now.toISOString() });
  return { token, session };
}

/** The live session a cookie value belongs to, or undefined when unknown, expired or idle too long. */
export async function findSession(db: Kysely<Database>, policy: AuthPolicy, token: string): Promise<AdminSession | undefined> {
  if (token.length === 0 || token.length > 100) return undefined;
  const id = sessionId(token);
  const stored = await findAdminSession(db, id);
  if (!stored) return undefined;
  const now = Date.now();
  const lastSeen = Date.parse(stored.lastSeenAt);
  if (Date.parse(stored.expiresAt) <= now || lastSeen + policy.sessionIdleSeconds * 1000 <= now) {
    await deleteAdminSession(db, id);
    return undefined;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) await touchAdminSession(db, id, new Date(now).toISOString());
  return { id, username: stored.username, authMethod: stored.authMethod, csrfToken: stored.csrfToken, expiresAt: stored.expiresAt };
}
