import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../ids.ts';
import { keyedRows } from './rows.ts';
import type { AdminUserTable, Database } from './schema.ts';

/** A local administrator account (single sign-on administrators have none). */
export interface AdminUser {
  id: string;
  username: string;
  passwordHash: string;
  /** The password was delivered or reset: it must be changed before anything else. */
  mustChangePassword: boolean;
  /** Consecutive failed sign-ins; reset by a successful one and by a lockout. */
  failedLogins: number;
  /** While in the future, sign-in is refused (temporary lockout). */
  lockedUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

function toAdminUser(row: Selectable<AdminUserTable>): AdminUser {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    mustChangePassword: row.must_change_password === 1,
    failedLogins: row.failed_logins,
    lockedUntil: row.locked_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(user: AdminUser): Selectable<AdminUserTable> {
  return {
    id: user.id,
    username: user.username,
    password_hash: user.passwordHash,
    must_change_password: user.mustChangePassword ? 1 : 0,
    failed_logins: user.failedLogins,
    locked_until: user.lockedUntil,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

const rows = keyedRows('admin_users', { toEntity: toAdminUser, toRow });

export const insertAdminUser = rows.insert;
export const findAdminUser = (db: Kysely<Database>, username: string): Promise<AdminUser | undefined> => rows.findBy(db, 'username', username);
export const listAdminUsers = (db: Kysely<Database>): Promise<AdminUser[]> => rows.list(db, 'created_at');

export async function anyAdminUserExists(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Inserts an account unless its user name is taken (another node may have created it meanwhile); returns whether it did. */
export async function insertAdminUserIfNew(db: Kysely<Database>, user: AdminUser): Promise<boolean> {
  const inserted = await db
    .insertInto('admin_users')
    .values(toRow(user))
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Stores a new password hash; `mustChange` forces another change at the next sign-in, and `unlock`
 * also forgets failed sign-ins and ends a lockout.
 */
export async function setAdminPassword(
  db: Kysely<Database>,
  id: string,
  change: { passwordHash: string; mustChange: boolean; unlock: boolean },
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({
      password_hash: change.passwordHash,
      must_change_password: change.mustChange ? 1 : 0,
      ...(change.unlock ? { failed_logins: 0, locked_until: null } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** Counts a failed sign-in or, once there were too many, locks the account until a time and restarts the count. */
export async function recordFailedSignIn(db: Kysely<Database>, id: string, outcome: { failures: number } | { lockedUntil: string }): Promise<void> {
  await db
    .updateTable('admin_users')
    .set('failures' in outcome ? { failed_logins: outcome.failures } : { failed_logins: 0, locked_until: outcome.lockedUntil })
    .where('id', '=', id)
    .execute();
}

/** After a successful sign-in: forgets the failed ones and any lockout. */
export async function clearFailedSignIns(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('admin_users').set({ failed_logins: 0, locked_until: null }).where('id', '=', id).execute();
}
