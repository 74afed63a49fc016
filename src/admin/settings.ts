import type { Kysely } from 'kysely';
import { nowIso } from '../ids.ts';
import type { Database } from '../store/schema.ts';

/** Appliance-wide settings (SIEM, retention, SSO), one JSON value per key in the `settings` table. */
export type SettingKey = 'siem' | 'retention' | 'sso';

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
