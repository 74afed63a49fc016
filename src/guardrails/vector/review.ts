import { createHash } from 'node:crypto';
import type { Actor } from '../../domain/actor.ts';
import type { ThreatEntry, ThreatStatus } from '../../domain/threats.ts';
import { AppError } from '../../errors.ts';
import { newId, nowIso } from '../../ids.ts';
import { encodeMessage } from './encoder/encode-message.ts';
import type { SentenceEncoder } from './encoder/encoder.ts';
import type { ThreatVectorStore } from './threat-store.ts';

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

async function proposalText(threats: ThreatVectorStore, input: ProposalInput): Promise<{ text: string; eventId: string | null }> {
  if ((input.text === undefined) === (input.eventId === undefined)) throw new AppError('invalid_field', 'Give either the text or the id of a check event.');
  if (input.eventId === undefined) return { text: input.text!, eventId: null };
  const event = await threats.recordedText(input.eventId);
  if (!event) throw new AppError('not_found', `Check event ${input.eventId} does not exist.`);
  if (event.text === null) {
    throw new AppError(
      'conflict',
      `Check event ${input.eventId} has no recorded text (its profile does not record message text); propose the text itself instead.`,
    );
  }
  return { text: event.text, eventId: input.eventId };
}

function validFamily(family: string | undefined): string {
  const value = family ?? DEFAULT_FAMILY;
  if (!FAMILY.test(value))
    throw new AppError('invalid_field', 'The family must be 1–64 characters of a-z, 0-9 and _ : / . - (starting with a letter or digit).');
  return value;
}

export async function proposeThreat(threats: ThreatVectorStore, actor: Actor, input: ProposalInput): Promise<ThreatEntry> {
  const { text, eventId } = await proposalText(threats, input);
  if (text.trim() === '') throw new AppError('invalid_field', 'The text is empty.');
  if (text.length > MAX_PROPOSAL_CHARS) throw new AppError('payload_too_large', `The text is longer than ${MAX_PROPOSAL_CHARS} characters.`);
  const category = (input.category ?? '').slice(0, 200);
  const note = (input.note ?? '').slice(0, 1000);
  const now = nowIso();
  const entry: ThreatEntry = {
    id: newId('tv'),
    origin: 'operator',
    status: 'proposed',
    family: validFamily(input.family),
    category,
    text,
    sourceEventId: eventId,
    note,
    proposedBy: actor.id,
    proposedAt: now,
    reviewedBy: null,
    reviewedAt: null,
    updatedAt: now,
  };
  await threats.propose(entry, {
    actor,
    action: 'threat_vector.propose',
    targetId: entry.id,
    // The text itself stays out of the audit trail (it is forwarded to the SIEM); its hash identifies it.
    details: {
      family: entry.family,
      category,
      source_event_id: eventId,
      text_chars: text.length,
      text_sha256: createHash('sha256').update(text).digest('hex'),
    },
  });
  return entry;
}

async function requireEntry(threats: ThreatVectorStore, id: string): Promise<ThreatEntry> {
  const entry = await threats.find(id);
  if (!entry) throw new AppError('not_found', `Threat vector ${id} does not exist.`);
  return entry;
}

/**
 * Moves an entry from one status to another with a conditional update, so that two reviewers acting
 * at once cannot both succeed. `encoded`: the vector an approval adds.
 */
async function transition(
  threats: ThreatVectorStore,
  actor: Actor,
  id: string,
  from: ThreatStatus,
  to: ThreatStatus,
  action: string,
  encoded?: { vector: Float32Array; encoder: string },
  details: Record<string, unknown> = {},
): Promise<ThreatEntry> {
  const entry = await requireEntry(threats, id);
  if (entry.status !== from) throw new AppError('conflict', `Threat vector ${id} is ${entry.status}, not ${from}.`);
  const now = nowIso();
  const moved = await threats.transition(
    id,
    from,
    { status: to, reviewedBy: actor.id, reviewedAt: now, ...(encoded ? { encoded } : {}) },
    { actor, action, targetId: id, details: { family: entry.family, origin: entry.origin, ...details } },
  );
  if (!moved) throw new AppError('conflict', `Threat vector ${id} changed meanwhile; look again.`);
  return { ...entry, status: to, reviewedBy: actor.id, reviewedAt: now, updatedAt: now };
}

/** Approves a proposal: encodes its text with the current encoder and makes it active. */
export async function approveThreat(threats: ThreatVectorStore, actor: Actor, id: string, encoder: SentenceEncoder): Promise<ThreatEntry> {
  const entry = await requireEntry(threats, id);
  if (entry.text === null) throw new AppError('conflict', `Threat vector ${id} has no text to encode.`);
  const vector = encodeMessage(encoder, entry.text);
  return transition(threats, actor, id, 'proposed', 'active', 'threat_vector.approve', { vector, encoder: encoder.version });
}

export async function rejectThreat(threats: ThreatVectorStore, actor: Actor, id: string, reason?: string): Promise<ThreatEntry> {
  return transition(
    threats,
    actor,
    id,
    'proposed',
    'rejected',
    'threat_vector.reject',
    undefined,
    reason === undefined ? {} : { reason: reason.slice(0, 1000) },
  );
}

/** Takes an active entry (seed or operator) out of the index; the row stays as a tombstone. */
export async function removeThreat(threats: ThreatVectorStore, actor: Actor, id: string): Promise<ThreatEntry> {
  return transition(threats, actor, id, 'active', 'removed', 'threat_vector.remove');
}
