import type { Kysely } from 'kysely';
import { recordAudit, type AuditEntry } from '../store/audit.ts';
import { bumpConfigRevision } from '../store/revision.ts';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/store.ts';
import type { Actor } from './actor.ts';

/**
 * Every configuration change goes through here: the write, the revision bump that tells servers to
 * reload, and the audit event commit together or not at all.
 */
export async function applyConfigChange(
  store: Store,
  actor: Actor,
  audit: Omit<AuditEntry, 'actor'>,
  write: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await write(trx);
    await bumpConfigRevision(trx);
    await recordAudit(trx, { ...audit, actor: actor.id });
  });
  await store.notifyConfigChanged();
}
