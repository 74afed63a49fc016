import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Actor } from '../domain/actor.ts';
import { AppError } from '../errors.ts';
import { newId, nowIso } from '../ids.ts';
import { deleteAdminSessionsOf } from '../store/admin-sessions.ts';
import { anyAdminUserExists, findAdminUser, insertAdminUser, insertAdminUserIfNew, setAdminPassword, type AdminUser } from '../store/admin-users.ts';
import { recordAudit } from '../store/audit.ts';
import type { Store } from '../store/store.ts';
import { hashPassword, randomPassword, verifyPassword, type PasswordPolicy } from './passwords.ts';

export const BOOTSTRAP_USERNAME = 'admin';
const USERNAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Where a generated password is delivered: a file in the data directory only its owner can read. */
export function initialPasswordPath(dataDir: string, username: string): string {
  return join(dataDir, `initial-password-${username}`);
}

function writeOwnerOnly(path: string, content: string): void {
  rmSync(path, { force: true }); // a fresh file gets the mode below; an old one might be wider
  writeFileSync(path, content, { mode: 0o600, flag: 'wx' });
}

export function validateUsername(username: unknown): string {
  if (typeof username !== 'string' || !USERNAME.test(username)) {
    throw new AppError('invalid_field', 'The user name must be 1-64 lower-case letters, digits, dots, dashes or underscores.');
  }
  return username;
}

/** A new account with no failed sign-ins. */
function newAdminUser(username: string, passwordHash: string, mustChangePassword: boolean): AdminUser {
  const now = nowIso();
  return { id: newId('adm'), username, passwordHash, mustChangePassword, failedLogins: 0, lockedUntil: null, createdAt: now, updatedAt: now };
}

async function requireAdminUser(store: Store, username: string): Promise<AdminUser> {
  const user = await findAdminUser(store.db, username);
  if (!user) throw new AppError('not_found', `Administrator ${JSON.stringify(username)} does not exist.`);
  return user;
}

/**
 * On the first start, creates the bootstrap administrator with a random password delivered out of
 * band: written to an owner-only file whose path (never the password) is returned for printing once.
 */
export async function ensureBootstrapAdmin(store: Store, dataDir: string): Promise<string | undefined> {
  if (await anyAdminUserExists(store.db)) return undefined;
  const password = randomPassword();
  const path = initialPasswordPath(dataDir, BOOTSTRAP_USERNAME);
  const passwordHash = await hashPassword(password);
  const created = await store.db.transaction().execute(async (trx) => {
    // Another node starting on the same empty database at the same moment may have created it meanwhile.
    if (!(await insertAdminUserIfNew(trx, newAdminUser(BOOTSTRAP_USERNAME, passwordHash, true)))) return false;
    await recordAudit(trx, {
      actor: 'system',
      action: 'admin.bootstrap',
      targetType: 'admin_user',
      targetId: BOOTSTRAP_USERNAME,
      details: { password_file: path },
    });
    return true;
  });
  if (!created) return undefined;
  writeOwnerOnly(path, `${password}\n`);
  return path;
}

/** Profile → Security → Change Password: needs the current password; signs the user out elsewhere. */
export async function changePassword(
  store: Store,
  dataDir: string,
  policy: PasswordPolicy,
  input: { username: string; currentPassword: unknown; newPassword: unknown; keepSessionId: string },
): Promise<void> {
  const user = await requireAdminUser(store, input.username);
  if (typeof input.currentPassword !== 'string' || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('invalid_field', 'The current password is wrong.');
  }
  const next = await policy.validateNew(input.newPassword, user.username);
  if (next === input.currentPassword) throw new AppError('invalid_field', 'The new password must differ from the current one.');
  const passwordHash = await hashPassword(next);
  await store.db.transaction().execute(async (trx) => {
    await setAdminPassword(trx, user.id, { passwordHash, mustChange: false, unlock: false });
    await deleteAdminSessionsOf(trx, user.username, input.keepSessionId);
    await recordAudit(trx, {
      actor: `admin:${user.username}`,
      action: 'admin.password_change',
      targetType: 'admin_user',
      targetId: user.username,
      details: {},
    });
  });
  // The delivered password no longer works; do not leave it lying around.
  rmSync(initialPasswordPath(dataDir, user.username), { force: true });
}

/**
 * Recovery (CLI): sets a password chosen by the operator, or generates one, delivers it in an
 * owner-only file and forces a change at the next sign-in. Unlocks the account and ends its sessions.
 * Creates the account when it does not exist yet.
 */
export async function resetPassword(
  store: Store,
  dataDir: string,
  actor: Actor,
  policy: PasswordPolicy,
  input: { username: string; password?: string },
): Promise<{ passwordFile: string | null; created: boolean }> {
  const username = validateUsername(input.username);
  const chosen = input.password === undefined ? undefined : await policy.validateNew(input.password, username);
  const password = chosen ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const existing = await findAdminUser(store.db, username);
  const mustChange = chosen === undefined;
  await store.db.transaction().execute(async (trx) => {
    if (existing) await setAdminPassword(trx, existing.id, { passwordHash, mustChange, unlock: true });
    else await insertAdminUser(trx, newAdminUser(username, passwordHash, mustChange));
    await deleteAdminSessionsOf(trx, username);
    await recordAudit(trx, {
      actor: actor.id,
      action: 'admin.password_reset',
      targetType: 'admin_user',
      targetId: username,
      details: { created: !existing, generated: chosen === undefined },
    });
  });
  const path = initialPasswordPath(dataDir, username);
  if (chosen !== undefined) {
    rmSync(path, { force: true });
    return { passwordFile: null, created: !existing };
  }
  writeOwnerOnly(path, `${password}\n`);
  return { passwordFile: path, created: !existing };
}
