import { AppError } from '../errors.ts';

const DURATION = /^(\d{1,6})([mhd])$/;
const DURATION_UNITS_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** A date, or a date and time with an optional offset: what people write as ISO 8601 (and RFC 3339). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An ISO 8601 time given by a person (flag, query parameter), normalised to UTC; `invalid_field`
 * naming `what` otherwise. Only ISO forms: Date.parse alone would take "foo 12" for 2001-12-01.
 */
export function parseIsoTime(what: string, raw: string): string {
  const time = ISO_8601.test(raw.trim()) ? Date.parse(raw.trim()) : Number.NaN;
  if (!Number.isFinite(time))
    throw new AppError('invalid_field', `The ${what} must be an ISO 8601 time such as 2026-11-22T10:00:00Z; got ${JSON.stringify(raw)}.`);
  return new Date(time).toISOString();
}

/** The start of a period: a duration back from `now` (30m, 24h, 7d) or an ISO 8601 time; `invalid_field` otherwise. */
export function parseSince(since: string, what = 'since time', now = Date.now()): string {
  const duration = DURATION.exec(since.trim());
  if (duration) return new Date(now - Number(duration[1]) * DURATION_UNITS_MS[duration[2]!]!).toISOString();
  const time = ISO_8601.test(since.trim()) ? Date.parse(since.trim()) : Number.NaN;
  if (!Number.isFinite(time))
    throw new AppError('invalid_field', `The ${what} must be a duration such as 30m, 24h or 7d, or an ISO 8601 time; got ${JSON.stringify(since)}.`);
  return new Date(time).toISOString();
}
