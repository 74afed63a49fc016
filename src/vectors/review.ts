import { createHash } from 'node:crypto';
import type { Actor } from '../admin/actor.ts';
import { applyConfigChange } from '../admin/config-change.ts';
import { AppError } from '../errors.ts';
import { newId, nowIso } from '../ids.ts';
import type { Store } from '../store/store.ts';
import type { ThreatVectorTable } from '../store/schema.ts';
import type { SentenceEncoder } from './encoder.ts';
import { encodeMessage } from './encode-message.ts';
import { findThreatEntry, toThreatEntry, type ThreatEntry, type ThreatStatus } from './threat-store.ts';
import { encodeVector } from './vector-codec.ts';

/**
 * The review loop of the threat store: an operator proposes a message (typed, or taken from a
 * recorded check event), another look approves or rejects it, and approved entries can be removed
 * again. Nothing reaches the index without approval. Every step is a configuration change: one
 * transaction with an audit event and a revision bump, so every node resyncs its index.
 */
export const MAX_PROPOSAL_CHARS = 32_768;
export const DEFAULT_FAMILY = 'operator';
const FAMILY = /^[a-z0-9][a-z0-9_:/.-]{0,63}$/;

export interface ProposalInput {
  text?: string | undefined;
  /** A check event whose recorded message text (PII masked) is the proposal. */
  eventId?: string | undefined;
  family?: string | undefined;
  category?: string | undefined;
  note?: string | undefined;
}

async function proposalText(store: Store, input: ProposalInput): Promise<{ text: string; eventId: string | null }> {
  if ((input.text === undefined) === (input.eventId === undefined)) throw new AppError('invalid_field', 'Give either the text or the id of a check event.');
  if (input.eventId === undefined) return { text: input.text!, eventId: null };
  const event = await store.db.selectFrom('check_events').select(['id', 'message_text']).where('id', '=', input.eventId).executeTakeFirst();
  if (!event) throw new AppError('not_found', `Check event ${input.eventId} does not exist.`);
  if (event.message_text === null) {
    throw new AppError(
      'conflict',
      `Check event ${input.eventId} has no recorded text (its profile does not record message text); propose the text itself instead.`,
    );
  }
  return { text: event.message_text, eventId: event.id };
}

function validFamily(family: string | undefined): string {
  const value = family ?? DEFAULT_FAMILY;
  if (!FAMILY.test(value))
    throw new AppError('invalid_field', 'The family must be 1–64 characters of a-z, 0-9 and _ : / . - (starting with a letter or digit).');
  return value;
}

export async function proposeThreat(store: Store, actor: Actor, input: ProposalInput): Promise<ThreatEntry> {
  const { text, eventId } = await proposalText(store, input);
  if (text.trim() === '') throw new AppError('invalid_field', 'The text is empty.');
  if (text.length > MAX_PROPOSAL_CHARS) throw new AppError('payload_too_large', `The text is longer than ${MAX_PROPOSAL_CHARS} characters.`);
  const category = (input.category ?? '').slice(0, 200);
  const note = (input.note ?? '').slice(0, 1000);
  const now = nowIso();
  const row: ThreatVectorTable = {
    id: newId('tv'),
    origin: 'operator',
    status: 'proposed',
    family: validFamily(input.family),
    category,
    text,
    vector: null,
    encoder: null,
    source_event_id: eventId,
    note,
    proposed_by: actor.id,
    proposed_at: now,
    reviewed_by: null,
    reviewed_at: null,
    updated_at: now,
  };
  await applyConfigChange(
    store,
    actor,
    {
      action: 'threat_vector.propose',
      targetType: 'threat_vector',
      targetId: row.id,
      // The text itself stays out of the audit trail (it is forwarded to the SIEM); its hash identifies it.
      details: {
        family: row.family,
        category,
        source_event_id: eventId,
        text_chars: text.length,
        text_sha256: createHash('sha256').update(text).digest('hex'),
      },
    },
    async (trx) => {
      await trx.insertInto('threat_vectors').values(row).execute();
    },
  );
  return toThreatEntry(row);
}

async function requireEntry(store: Store, id: string) {
  const row = await findThreatEntry(store.db, id);
  if (!row) throw new AppError('not_found', `Threat vector ${id} does not exist.`);
  return row;
}

/**
 * Moves an entry from one status to another with a conditional update, so that two reviewers acting
 * at once cannot both succeed.
 */
async function transition(
  store: Store,
  actor: Actor,
  id: string,
  from: ThreatStatus,
  to: ThreatStatus,
  action: string,
  extra: Partial<ThreatVectorTable> = {},
  details: Record<string, unknown> = {},
): Promise<ThreatEntry> {
  const row = await requireEntry(store, id);
  if (row.status !== from) throw new AppError('conflict', `Threat vector ${id} is ${row.status}, not ${from}.`);
  const now = nowIso();
  const changes = { ...extra, status: to, reviewed_by: actor.id, reviewed_at: now, updated_at: now };
  await applyConfigChange(
    store,
    actor,
    { action, targetType: 'threat_vector', targetId: id, details: { family: row.family, origin: row.origin, ...details } },
    async (trx) => {
      const updated = await trx.updateTable('threat_vectors').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError('conflict', `Threat vector ${id} changed meanwhile; look again.`);
    },
  );
  return toThreatEntry({ ...row, ...changes });
}

/** Approves a proposal: encodes its text with the current encoder and makes it active. */
export async function approveThreat(store: Store, actor: Actor, id: string, encoder: SentenceEncoder): Promise<ThreatEntry> {
  const row = await requireEntry(store, id);
  if (row.text === null) throw new AppError('conflict', `Threat vector ${id} has no text to encode.`);
  const vector = encodeMessage(encoder, row.text);
  return transition(store, actor, id, 'proposed', 'active', 'threat_vector.approve', { vector: encodeVector(vector), encoder: encoder.version });
}

export async function rejectThreat(store: Store, actor: Actor, id: string, reason?: string): Promise<ThreatEntry> {
  return transition(store, actor, id, 'proposed', 'rejected', 'threat_vector.reject', {}, reason === undefined ? {} : { reason: reason.slice(0, 1000) });
}

/** Takes an active entry (seed or operator) out of the index; the row stays as a tombstone. */
export async function removeThreat(store: Store, actor: Actor, id: string): Promise<ThreatEntry> {
  return transition(store, actor, id, 'active', 'removed', 'threat_vector.remove');
}
