/** Sign-in and session limits; environment variables override the defaults (see README). */
export interface AuthPolicy {
  /** Failed sign-ins in a row that lock an account. */
  maxFailedLogins: number;
  /** How long a locked account stays locked. */
  lockoutSeconds: number;
  /** Sign-in attempts per minute from one client address, whatever the account. */
  loginAttemptsPerIpPerMinute: number;
  /** A session ends after this long without a request... */
  sessionIdleSeconds: number;
  /** ...and after this long in any case. */
  sessionMaxSeconds: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`The setting ${name} must be a whole number of at least 1, got ${JSON.stringify(raw)}.`);
  return Number(raw);
}

export function loadAuthPolicy(env: NodeJS.ProcessEnv = process.env): AuthPolicy {
  return {
    maxFailedLogins: positive(env, 'RAMPART_LOGIN_MAX_FAILURES', 5),
    lockoutSeconds: positive(env, 'RAMPART_LOGIN_LOCKOUT_SECONDS', 15 * 60),
    loginAttemptsPerIpPerMinute: positive(env, 'RAMPART_LOGIN_RATE_PER_IP', 30),
    sessionIdleSeconds: positive(env, 'RAMPART_SESSION_IDLE_SECONDS', 30 * 60),
    sessionMaxSeconds: positive(env, 'RAMPART_SESSION_MAX_SECONDS', 12 * 60 * 60),
  };
}
