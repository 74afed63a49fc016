import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../errors.ts';
import { nullableString, stringEnum } from '../../json-schema.ts';
import type { ThreatEntry, ThreatListFilter, ThreatOrigin, ThreatStatus } from '../../domain/threats.ts';

const STATUSES = ['proposed', 'active', 'rejected', 'removed'] as const satisfies readonly ThreatStatus[];
const ORIGINS = ['seed', 'operator'] as const satisfies readonly ThreatOrigin[];
export const THREAT_STATUS = stringEnum(STATUSES);
export const THREAT_ORIGIN = stringEnum(ORIGINS);

/** The JSON shape of a threat-store entry, shared by the CLI and the admin API. */
export const THREAT_ENTRY_SCHEMA = Type.Object({
  id: Type.String(),
  origin: THREAT_ORIGIN,
  status: THREAT_STATUS,
  family: Type.String(),
  category: Type.String(),
  text: nullableString({ description: 'Operator entries only; seed entries carry no text' }),
  source_event_id: nullableString(),
  note: Type.String(),
  proposed_by: Type.String(),
  proposed_at: Type.String(),
  reviewed_by: nullableString(),
  reviewed_at: nullableString(),
  updated_at: Type.String(),
});
export type ThreatEntryJson = Static<typeof THREAT_ENTRY_SCHEMA>;

export function threatEntryJson(e: ThreatEntry): ThreatEntryJson {
  return {
    id: e.id,
    origin: e.origin,
    status: e.status,
    family: e.family,
    category: e.category,
    text: e.text,
    source_event_id: e.sourceEventId,
    note: e.note,
    proposed_by: e.proposedBy,
    proposed_at: e.proposedAt,
    reviewed_by: e.reviewedBy,
    reviewed_at: e.reviewedAt,
    updated_at: e.updatedAt,
  };
}

export interface RawListFilter {
  status?: string | undefined;
  origin?: string | undefined;
  family?: string | undefined;
  after?: string | undefined;
  limit?: string | number | undefined;
}

/** Validates list filters from a command line or a query string. */
export function parseListFilter(raw: RawListFilter): ThreatListFilter {
  const limit = raw.limit === undefined ? 50 : Number(raw.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new AppError('invalid_field', 'The limit must be a whole number from 1 to 10000.');
  if (raw.status !== undefined && !(STATUSES as readonly string[]).includes(raw.status))
    throw new AppError('invalid_field', `The status must be one of ${STATUSES.join(', ')}.`);
  if (raw.origin !== undefined && !(ORIGINS as readonly string[]).includes(raw.origin))
    throw new AppError('invalid_field', `The origin must be one of ${ORIGINS.join(', ')}.`);
  return { limit, status: raw.status as ThreatStatus | undefined, origin: raw.origin as ThreatOrigin | undefined, family: raw.family, after: raw.after };
}
