import { AppError } from '../errors.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import { waitInWords } from '../http/wait-time.ts';
import { clearFailedSignIns, findAdminUser, recordFailedSignIn } from '../store/admin-users.ts';
import { recordAudit } from '../store/audit.ts';
import type { Store } from '../store/store.ts';
import { hashPassword, randomPassword, verifyPassword } from './passwords.ts';
import type { AuthPolicy } from './policy.ts';
import { createSession, type AdminSession } from './sessions.ts';
import { UNAUTHENTICATED } from '../domain/actor.ts';

export interface LoginAttempt {
  username: unknown;
  password: unknown;
  ip: string;
}

const REFUSED = 'Invalid user name or password.';

/**
 * Password sign-in with two brakes: a per-address rate limit (any account), and a temporary lockout
 * of an account after repeated failures. Every outcome is an audit event. An unknown, a locked and
 * a wrong-password account get the same answer after the same password verification, so neither
 * the message nor the time tells whether an account exists or is locked.
 */
export class PasswordSignIn {
  readonly #store: Store;
  readonly #policy: AuthPolicy;
  readonly #ipLimiter: RateLimiter;
  // Verified against for unknown and locked accounts; made on first use and kept (hashing is slow on purpose).
  #decoyHash: Promise<string> | undefined;

  constructor(store: Store, policy: AuthPolicy, ipLimiter: RateLimiter) {
    this.#store = store;
    this.#policy = policy;
    this.#ipLimiter = ipLimiter;
  }

  async attempt(attempt: LoginAttempt): Promise<{ token: string; session: AdminSession; mustChangePassword: boolean }> {
    const store = this.#store;
    const policy = this.#policy;
    const wait = this.#ipLimiter.take(attempt.ip);
    if (wait > 0)
      throw new AppError('rate_limited', `Too many sign-in attempts from this address; try again in ${waitInWords(wait)}.`, {
        headers: { 'Retry-After': String(wait) },
      });
    if (typeof attempt.username !== 'string' || typeof attempt.password !== 'string' || attempt.username.length > 64 || attempt.password.length > 1024) {
      throw new AppError('invalid_field', 'The user name and password must be strings.');
    }
    const username = attempt.username.trim().toLowerCase();
    // Nobody is signed in until the password matched: a failure's actor is UNAUTHENTICATED, never
    // `admin:<name>`, and a name that is no account is kept apart from the account names of targets.
    const audit = (action: string, details: Record<string, unknown>, account: string | null = username) =>
      recordAudit(store.db, {
        actor: action === 'admin.login' ? `admin:${username}` : UNAUTHENTICATED,
        action,
        targetType: 'admin_user',
        targetId: account,
        details: { ip: attempt.ip, ...details },
      });

    const found = await findAdminUser(store.db, username);
    const now = Date.now();
    const locked = found !== undefined && found.lockedUntil !== null && Date.parse(found.lockedUntil) > now;
    // A locked or unknown account is checked against a decoy hash: the same work as a real check.
    const user = locked ? undefined : found;
    const matches = await verifyPassword(user?.passwordHash ?? (await this.#decoy()), attempt.password);
    if (!user) {
      await (locked
        ? audit('admin.login_failed', { reason: 'locked' })
        : audit('admin.login_failed', { reason: 'unknown_user', username_given: username }, null));
      throw new AppError('not_authenticated', REFUSED);
    }
    if (!matches) {
      const failures = user.failedLogins + 1;
      const locks = failures >= policy.maxFailedLogins;
      await recordFailedSignIn(store.db, user.id, locks ? { lockedUntil: new Date(now + policy.lockoutSeconds * 1000).toISOString() } : { failures });
      await audit(locks ? 'admin.locked' : 'admin.login_failed', { reason: 'wrong_password', failures });
      throw new AppError('not_authenticated', REFUSED);
    }
    await clearFailedSignIns(store.db, user.id);
    const { token, session } = await createSession(store.db, policy, user.username, 'password');
    await audit('admin.login', { method: 'password' });
    return { token, session, mustChangePassword: user.mustChangePassword };
  }

  #decoy(): Promise<string> {
    this.#decoyHash ??= hashPassword(randomPassword());
    return this.#decoyHash;
  }
}
