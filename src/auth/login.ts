import { AppError } from '../errors.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import { recordAudit } from '../store/audit.ts';
import type { Store } from '../store/store.ts';
import { findAdminUser } from './accounts.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import type { AuthPolicy } from './policy.ts';
import { createSession, type AdminSession } from './sessions.ts';

export interface LoginAttempt {
  username: unknown;
  password: unknown;
  ip: string;
}

const REFUSED = 'invalid user name or password';

/**
 * Password sign-in with two brakes: a per-address rate limit (any account), and a temporary lockout
 * of an account after repeated failures. Every outcome is an audit event; the answer never tells
 * whether the account exists.
 */
export async function passwordLogin(
  store: Store,
  policy: AuthPolicy,
  ipLimiter: RateLimiter,
  attempt: LoginAttempt,
): Promise<{ token: string; session: AdminSession; mustChangePassword: boolean }> {
  const wait = ipLimiter.take(attempt.ip);
  if (wait > 0) throw new AppError('rate_limited', `too many sign-in attempts from this address; retry in ${wait} s`, { 'Retry-After': String(wait) });
  if (typeof attempt.username !== 'string' || typeof attempt.password !== 'string' || attempt.username.length > 64 || attempt.password.length > 1024) {
    throw new AppError('invalid_field', 'username and password must be strings');
  }
  const username = attempt.username.trim().toLowerCase();
  const audit = (action: string, details: Record<string, unknown>) =>
    recordAudit(store.db, { actor: `admin:${username}`, action, targetType: 'admin_user', targetId: username, details: { ip: attempt.ip, ...details } });

  const user = await findAdminUser(store.db, username);
  if (!user) {
    await verifyPassword(await decoyPasswordHash(), attempt.password);
    await audit('admin.login_failed', { reason: 'unknown_user' });
    throw new AppError('not_authenticated', REFUSED);
  }
  const now = Date.now();
  if (user.locked_until !== null && Date.parse(user.locked_until) > now) {
    const seconds = Math.ceil((Date.parse(user.locked_until) - now) / 1000);
    await audit('admin.login_failed', { reason: 'locked' });
    throw new AppError('account_locked', `this account is locked after repeated failed sign-ins; retry in ${seconds} s or reset the password with \`rampart admin reset-password\``, { 'Retry-After': String(seconds) });
  }
  if (!(await verifyPassword(user.password_hash, attempt.password))) {
    const failures = user.failed_logins + 1;
    const locks = failures >= policy.maxFailedLogins;
    await store.db
      .updateTable('admin_users')
      .set(locks ? { failed_logins: 0, locked_until: new Date(now + policy.lockoutSeconds * 1000).toISOString() } : { failed_logins: failures })
      .where('id', '=', user.id)
      .execute();
    await audit(locks ? 'admin.locked' : 'admin.login_failed', { reason: 'wrong_password', failures });
    throw new AppError('not_authenticated', REFUSED);
  }
  await store.db.updateTable('admin_users').set({ failed_logins: 0, locked_until: null }).where('id', '=', user.id).execute();
  const { token, session } = await createSession(store.db, policy, user.username, 'password');
  await audit('admin.login', { method: 'password' });
  return { token, session, mustChangePassword: user.must_change_password === 1 };
}
