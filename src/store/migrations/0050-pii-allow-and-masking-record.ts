import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * PII actions: `log` is now called `allow`, so stored profiles use the new name. Check events with
 * recorded text gain what the masking of that text removed (JSON, see src/events/masking-record.ts),
 * which what-if replays carry over; null for events recorded before.
 */
export const piiAllowAndMaskingRecord: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('check_events').addColumn('message_masking', 'text').execute();
    const profiles = await sql<{ id: string; settings: string }>`select id, settings from security_profiles`.execute(db);
    for (const { id, settings } of profiles.rows) {
      const parsed = JSON.parse(settings) as { guardrails?: { pii?: { actions?: Record<string, unknown> } } };
      const actions = parsed.guardrails?.pii?.actions;
      if (typeof actions !== 'object' || actions === null || !Object.values(actions).includes('log')) continue;
      for (const [type, action] of Object.entries(actions)) if (action === 'log') actions[type] = 'allow';
      await sql`update security_profiles set settings = ${JSON.stringify(parsed)} where id = ${id}`.execute(db);
    }
  },
};
