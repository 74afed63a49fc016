import { Type, type Static } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { Actor } from '../domain/actor.ts';
import { applyConfigChange } from '../store/config-change.ts';
import { readSetting, writeSetting } from '../store/settings.ts';
import { AppError } from '../errors.ts';
import { deleteAuditEventsBefore } from '../store/audit.ts';
import { deleteCheckEventsBefore, deleteCheckEventsBeyond } from '../store/check-events.ts';
import type { Store } from '../store/store.ts';

/** How long events are kept, so the database cannot grow without bound: the settings, and their JSON. */
export const RETENTION_SETTINGS_SCHEMA = Type.Object(
  {
    max_age_days: Type.Integer({ description: 'Check events older than this are deleted' }),
    max_events: Type.Integer({ description: 'At most this many check events are kept (the newest)' }),
    audit_max_age_days: Type.Integer({ description: 'Audit events older than this are deleted (they are few; keep them long)' }),
  },
  { additionalProperties: false },
);
export type RetentionSettings = Static<typeof RETENTION_SETTINGS_SCHEMA>;

export const DEFAULT_RETENTION: Readonly<RetentionSettings> = { max_age_days: 30, max_events: 1_000_000, audit_max_age_days: 365 };
const LIMITS: Readonly<Record<keyof RetentionSettings, [number, number]>> = {
  max_age_days: [1, 3650],
  max_events: [10, 100_000_000],
  audit_max_age_days: [1, 3650],
};

function validate(input: Record<string, unknown>, current: RetentionSettings): RetentionSettings {
  const next = { ...current };
  for (const [key, value] of Object.entries(input)) {
    const range = LIMITS[key as keyof RetentionSettings];
    if (!range) throw new AppError('invalid_field', `Unknown retention setting ${JSON.stringify(key)}; one of ${Object.keys(LIMITS).join(', ')}.`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
      throw new AppError(
        'invalid_field',
        `The retention setting ${key} must be a whole number from ${range[0]} to ${range[1]}; got ${JSON.stringify(value)}.`,
        { details: { field: key } },
      );
    }
    next[key as keyof RetentionSettings] = value;
  }
  return next;
}

export async function getRetention(store: Store): Promise<RetentionSettings> {
  const stored = await readSetting(store.db, 'retention');
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_RETENTION };
  try {
    return validate(stored as Record<string, unknown>, DEFAULT_RETENTION);
  } catch {
    return { ...DEFAULT_RETENTION };
  }
}

export async function updateRetention(store: Store, actor: Actor, input: unknown): Promise<RetentionSettings> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new AppError('invalid_field', 'Retention settings must be a JSON object.');
  const next = validate(input as Record<string, unknown>, await getRetention(store));
  await applyConfigChange(store, actor, { action: 'retention.update', targetType: 'settings', targetId: 'retention', details: { ...next } }, (trx) =>
    writeSetting(trx, 'retention', next),
  );
  return next;
}

/** Deletes what the retention settings no longer keep; returns how many rows went. */
export async function pruneEvents(store: Store, now = Date.now()): Promise<{ check_events: number; audit_events: number }> {
  const settings = await getRetention(store);
  const day = 24 * 60 * 60 * 1000;
  const checkEvents =
    (await deleteCheckEventsBefore(store.db, new Date(now - settings.max_age_days * day).toISOString())) +
    (await deleteCheckEventsBeyond(store.db, settings.max_events));
  const auditEvents = await deleteAuditEventsBefore(store.db, new Date(now - settings.audit_max_age_days * day).toISOString());
  return { check_events: checkEvents, audit_events: auditEvents };
}

/** Prunes at start and then periodically in the server. */
export function scheduleRetention(store: Store, log: Logger, everyMs = 10 * 60 * 1000): () => void {
  const run = async () => {
    try {
      const deleted = await pruneEvents(store);
      if (deleted.check_events + deleted.audit_events > 0) log.info({ deleted }, 'old events deleted by retention');
    } catch (err) {
      log.error({ err }, 'event retention failed; will retry');
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs).unref();
  return () => clearInterval(timer);
}
