import type { Kysely } from 'kysely';
import { nowIso } from '../ids.ts';
import type { Database } from './schema.ts';

/**
 * Appliance-wide settings (SIEM, retention, SSO), one JSON value per key in the `settings` table;
 * `siem_audit_cursor` is the SIEM forwarder's shared position in the audit trail.
 */
export type SettingKey = 'siem' | 'retention' | 'sso' | 'siem_audit_cursor';

export async function readSetting(db: Kysely<Database>, key: SettingKey): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

/** Insert or replace; call inside the configuration change that audits it. */
export async function writeSetting(db: Kysely<Database>, key: SettingKey, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  const now = nowIso();
  const updated = await db.updateTable('settings').set({ value: json, updated_at: now }).where('key', '=', key).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('settings').values({ key, value: json, updated_at: now }).execute();
}

/**
 * Replaces a setting only if it still holds `expected` (undefined = absent): of several nodes racing
 * for the same change, exactly one wins. Returns whether this call won.
 */
export async function compareAndSetSetting(db: Kysely<Database>, key: SettingKey, expected: unknown, next: unknown): Promise<boolean> {
  const now = nowIso();
  if (expected === undefined) {
    try {
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(next), updated_at: now })
        .execute();
      return true;
    } catch {
      return false; // another node inserted it first (primary key)
    }
  }
  const updated = await db
    .updateTable('settings')
    .set({ value: JSON.stringify(next), updated_at: now })
    .where('key', '=', key)
    .where('value', '=', JSON.stringify(expected))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
