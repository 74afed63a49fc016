import type { Kysely } from 'kysely';
import type { Actor } from '../domain/actor.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { bumpConfigRevision } from './revision.ts';
import type { Database } from './schema.ts';
import type { Store } from './store.ts';

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
