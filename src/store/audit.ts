import type { Kysely, Selectable } from 'kysely';
import { newId, nowIso } from '../ids.ts';
import type { AuditEventTable, Database } from './schema.ts';

export interface AuditEntry {
  /** Who did it: `cli:<os user>`, `admin:<username>`, `system`. */
  actor: string;
  /** What was done, dotted: `runtime_llm.create`, `api_key.regenerate`, `profile.update` ... */
  action: string;
  targetType: string;
  targetId: string | null;
  /** The change, without secrets. */
  details: Record<string, unknown>;
}

export interface AuditEvent extends AuditEntry {
  id: string;
  createdAt: string;
}

/** Records an administrative action; call inside the transaction that performs it. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: newId('aud'),
      created_at: nowIso(),
      actor: entry.actor,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

export async function listAuditEvents(db: Kysely<Database>, limit: number): Promise<AuditEvent[]> {
  const rows = await db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toAuditEvent);
}

/** Audit events recorded at or after `since` (ISO time), oldest first. */
export async function listAuditEventsSince(db: Kysely<Database>, since: string, limit = 10_000): Promise<AuditEvent[]> {
  const rows = await db.selectFrom('audit_events').selectAll().where('created_at', '>=', since).orderBy('created_at').orderBy('id').limit(limit).execute();
  return rows.map(toAuditEvent);
}

/** Deletes the audit events recorded before `time` (ISO); returns how many went. */
export async function deleteAuditEventsBefore(db: Kysely<Database>, time: string): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('created_at', '<', time).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toAuditEvent(r: Selectable<AuditEventTable>): AuditEvent {
  return {
    id: r.id,
    createdAt: r.created_at,
    actor: r.actor,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
  };
}
