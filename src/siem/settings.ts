import { isIP } from 'node:net';
import { Type, type Static } from '@sinclair/typebox';
import type { Actor } from '../domain/actor.ts';
import { applyConfigChange } from '../store/config-change.ts';
import { readSetting, writeSetting } from '../store/settings.ts';
import { AppError } from '../errors.ts';
import { stringEnum } from '../json-schema.ts';
import type { Store } from '../store/store.ts';

export const SIEM_FORMATS = ['cef', 'json'] as const;
export type SiemFormat = (typeof SIEM_FORMATS)[number];

/** Settings → SIEM Integration: where events go over UDP and in which payload format. */
export interface SiemSettings {
  enabled: boolean;
  /** IPv4 or IPv6 address of the syslog collector. */
  collector: string;
  port: number;
  format: SiemFormat;
}

export const DEFAULT_SIEM_SETTINGS: Readonly<SiemSettings> = { enabled: false, collector: '', port: 514, format: 'cef' };

export type SiemSettingsInput = Partial<Record<keyof SiemSettings, unknown>>;

function validate(input: SiemSettingsInput, current: SiemSettings): SiemSettings {
  const next = { ...current };
  for (const key of Object.keys(input)) {
    if (!(key in DEFAULT_SIEM_SETTINGS))
      throw new AppError('invalid_field', `Unknown SIEM setting ${JSON.stringify(key)}; one of ${Object.keys(DEFAULT_SIEM_SETTINGS).join(', ')}.`);
  }
  if (input.collector !== undefined) {
    if (typeof input.collector !== 'string' || (input.collector !== '' && isIP(input.collector.trim()) === 0)) {
      throw new AppError('invalid_field', `The collector must be an IPv4 or IPv6 address; got ${JSON.stringify(input.collector)}.`, {
        details: { field: 'collector' },
      });
    }
    next.collector = input.collector.trim();
  }
  if (input.port !== undefined) {
    if (typeof input.port !== 'number' || !Number.isInteger(input.port) || input.port < 1 || input.port > 65535) {
      throw new AppError('invalid_field', `The port must be a UDP port number from 1 to 65535; got ${JSON.stringify(input.port)}.`, {
        details: { field: 'port' },
      });
    }
    next.port = input.port;
  }
  if (input.format !== undefined) {
    if (!SIEM_FORMATS.includes(input.format as SiemFormat))
      throw new AppError('invalid_field', `The format must be cef or json, got ${JSON.stringify(input.format)}.`);
    next.format = input.format as SiemFormat;
  }
  if (input.enabled !== undefined) {
    if (typeof input.enabled !== 'boolean') throw new AppError('invalid_field', 'The enabled switch must be true or false.');
    next.enabled = input.enabled;
  }
  if (next.enabled && next.collector === '') throw new AppError('invalid_field', 'SIEM forwarding needs a collector address before it can be switched on.');
  return next;
}

/** Stored settings with defaults filled in; anything unreadable falls back to "off". */
export async function getSiemSettings(store: Store): Promise<SiemSettings> {
  const stored = await readSetting(store.db, 'siem');
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_SIEM_SETTINGS };
  try {
    return validate(stored as SiemSettingsInput, DEFAULT_SIEM_SETTINGS);
  } catch {
    return { ...DEFAULT_SIEM_SETTINGS };
  }
}

/** Changes some SIEM settings (the others keep their values); audited like every configuration change. */
export async function updateSiemSettings(store: Store, actor: Actor, input: SiemSettingsInput): Promise<SiemSettings> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new AppError('invalid_field', 'SIEM settings must be a JSON object.');
  const next = validate(input, await getSiemSettings(store));
  await applyConfigChange(store, actor, { action: 'siem.update', targetType: 'settings', targetId: 'siem', details: { ...next } }, (trx) =>
    writeSetting(trx, 'siem', next),
  );
  return next;
}

export const SIEM_SETTINGS_SCHEMA = Type.Object(
  {
    enabled: Type.Boolean(),
    collector: Type.String({ description: 'IPv4 or IPv6 address of the syslog collector (empty: none set)' }),
    port: Type.Integer({ description: 'UDP port' }),
    format: stringEnum(SIEM_FORMATS, { description: 'RFC 5424 syslog carrying CEF, or the event JSON' }),
  },
  { additionalProperties: false },
);
export type SiemSettingsJson = Static<typeof SIEM_SETTINGS_SCHEMA>;

export function siemSettingsJson(settings: SiemSettings): SiemSettingsJson {
  return { enabled: settings.enabled, collector: settings.collector, port: settings.port, format: settings.format };
}
