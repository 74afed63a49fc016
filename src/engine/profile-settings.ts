import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import type { ProtectionLevel } from '../domain/protection.ts';
import { AppError } from '../errors.ts';
import { expectedValue, quoted } from '../schema-wording.ts';
import type { GuardrailSlot } from './guardrail.ts';

export type OnError = 'block' | 'allow';

/**
 * A security profile's settings as stored (JSON) and edited; `guardrails` has one member per
 * registered guardrail (`N`: their names, see src/guardrails/registry.ts).
 */
export interface ProfileSettings<N extends string = string> {
  /** Opt-in: keep the message text (PII masked) in check events and SIEM forwarding. */
  record_message_text: boolean;
  /** What a guardrail failure means for the message: fail closed (block, default) or open (allow). */
  on_error: OnError;
  guardrails: Record<N, GuardrailSettings>;
  forwarding: ForwardingSettings;
}

/** The JSON Schema of a profile's settings, with the names of its guardrails (see `profileSettingsSchema`). */
export type ProfileSettingsSchema<N extends string = string> = TObject<TProperties & { guardrails: TObject<Record<N, TObject>> }>;

/** How Forwarding mode (the OpenAI-compatible proxy) treats requests and answers. */
export interface ForwardingSettings {
  refusal_message: string;
  canary_token: boolean;
  stream_mode: 'incremental' | 'buffer';
  stream_chunk_chars: number;
  stream_overlap_chars: number;
  upstream_timeout_ms: number;
}

const FORWARDING_SCHEMA = Type.Object(
  {
    refusal_message: Type.String({
      minLength: 1,
      maxLength: 2000,
      default: "I'm sorry, but I can't help with that.",
      description: 'Answer returned in place of an LLM answer that a guardrail blocked',
    }),
    canary_token: Type.Boolean({ default: false, description: 'Plant a per-request canary token in the system prompt and block answers that contain it' }),
    stream_mode: Type.Union([Type.Literal('incremental'), Type.Literal('buffer')], {
      default: 'incremental',
      description:
        'incremental: release streamed text in checked chunks and cut the stream at the first violation; buffer: check the whole answer before sending any of it',
    }),
    stream_chunk_chars: Type.Integer({ minimum: 20, maximum: 20_000, default: 200, description: 'Streamed characters checked and released at a time' }),
    stream_overlap_chars: Type.Integer({
      minimum: 0,
      maximum: 20_000,
      default: 300,
      description: 'Already released characters re-checked with each chunk, so violations spanning chunks are seen',
    }),
    upstream_timeout_ms: Type.Integer({
      minimum: 1000,
      maximum: 600_000,
      default: 60_000,
      description: 'Time the upstream LLM has to answer (and between streamed chunks)',
    }),
  },
  { additionalProperties: false, default: {} },
);

/**
 * `enabled` absent = follow the Runtime LLM's protection level. `monitor` true = when the guardrail
 * runs, it only reports what it would block (monitor mode) and never blocks.
 */
export type GuardrailSettings = { enabled?: boolean; monitor?: boolean } & Record<string, unknown>;

/** How a guardrail that can ask a model backend combines it with its built-in model. */
export const BACKEND_MODES = ['built-in', 'backend', 'both', 'cascade'] as const;
export type BackendMode = (typeof BACKEND_MODES)[number];

/** A guardrail's model backend settings, as stored in its profile settings. */
export interface BackendSettings {
  backend_mode: BackendMode;
  backend?: string;
  cascade_low: number;
  cascade_high: number;
}
export const BACKEND_SETTING_NAMES = ['backend_mode', 'backend', 'cascade_low', 'cascade_high'] as const;

/** Settings of every guardrail that can ask a model backend (see src/backends). */
const BACKEND_SETTINGS: Readonly<TProperties> = {
  backend_mode: Type.Union(
    BACKEND_MODES.map((m) => Type.Literal(m)),
    {
      default: 'built-in',
      description:
        'built-in: the built-in model only; backend: the model backend only; both: both, the higher score counts; cascade: the backend is asked only when the built-in score falls between cascade_low and cascade_high',
    },
  ),
  backend: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Name of the model backend to ask (Settings → Model backends)' })),
  cascade_low: Type.Number({
    minimum: 0,
    maximum: 1,
    default: 0.2,
    description: 'cascade: built-in scores from here up to cascade_high are uncertain, so the backend decides',
  }),
  cascade_high: Type.Number({ minimum: 0, maximum: 1, default: 0.8, description: 'cascade: upper end of the uncertain band' }),
};

/** A guardrail's member of a profile's `guardrails` settings: its own settings, and whether it can ask a model backend. */
interface GuardrailSettingsMember<N extends string> {
  name: N;
  settings: TProperties;
  backend: boolean;
}

/** Builds the JSON Schema of profile settings from the guardrails' own settings, in the order given. */
export function composeProfileSettingsSchema<N extends string>(members: readonly GuardrailSettingsMember<N>[]): ProfileSettingsSchema<N> {
  const guardrails: TProperties = {};
  for (const { name, settings, backend } of members) {
    const own: TProperties = { ...settings, ...(backend ? BACKEND_SETTINGS : {}) };
    guardrails[name] = Type.Object(
      {
        enabled: Type.Optional(Type.Boolean({ description: 'On/off; absent = follow the protection level' })),
        monitor: Type.Optional(
          Type.Boolean({ description: 'Monitor mode: when the guardrail runs, it reports what it would block (monitored_by) but never blocks' }),
        ),
        ...own,
      },
      { additionalProperties: false, default: {} },
    );
  }
  return Type.Object(
    {
      record_message_text: Type.Boolean({
        default: false,
        description: 'Keep the message text, with PII masked, in check events and SIEM forwarding (off: only its length and SHA-256)',
      }),
      on_error: Type.Union([Type.Literal('block'), Type.Literal('allow')], {
        default: 'block',
        description: 'Verdict when a guardrail fails: block (fail closed) or allow (fail open)',
      }),
      guardrails: Type.Object(guardrails as Record<N, TObject>, { additionalProperties: false, default: {} }),
      forwarding: FORWARDING_SCHEMA,
    },
    { additionalProperties: false },
  );
}

/** The schema of the settings at `parts` (a path into the settings), if the schema has one there. */
function schemaAt(schema: TSchema, parts: readonly string[]): TSchema | undefined {
  let node: TSchema | undefined = schema;
  for (const part of parts) node = node?.properties?.[part] ?? (node?.type === 'array' ? node.items : undefined);
  return node;
}

/**
 * A refused setting as a sentence naming it and what it allows: "Profile setting on_error must be
 * one of "block", "allow"; got "x".", "Profile setting guardrails.llm.foo does not exist; the settings of
 * guardrails.llm are enabled, monitor, threshold, …". `field` carries the dotted path for the forms.
 */
function settingError(root: TObject, pointer: string, failed: TSchema, value: unknown, unknownMember: boolean): AppError {
  const parts = pointer.split('/').slice(1);
  const field = parts.join('.') || '(settings)';
  if (unknownMember) {
    const known = Object.keys(schemaAt(root, parts.slice(0, -1))?.properties ?? {});
    const of = parts.length > 1 ? ` of ${parts.slice(0, -1).join('.')}` : '';
    return new AppError('invalid_field', `Profile setting ${field} does not exist; the settings${of} are ${known.join(', ')}.`, { details: { field } });
  }
  // A refused item of a list is named by the list.
  const listItem = parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]!);
  const subject = listItem ? `Each item of profile setting ${parts.slice(0, -1).join('.')}` : `Profile setting ${field}`;
  const expected = expectedValue(failed) ?? 'of another kind';
  return new AppError('invalid_field', `${subject} must be ${expected}; got ${quoted(value)}.`, {
    details: { field: listItem ? parts.slice(0, -1).join('.') : field },
  });
}

/**
 * Validates stored or edited settings and fills defaults; throws `invalid_field` naming the setting
 * (also as `field`, a dotted path) and, for numbers, the allowed range. Nothing is ever clamped.
 */
export function parseProfileSettings<N extends string>(schema: ProfileSettingsSchema<N>, value: unknown): ProfileSettings<N> {
  const withDefaults = Value.Default(schema, structuredClone(value ?? {}));
  const error = Value.Errors(schema, withDefaults).First();
  if (error) throw settingError(schema, error.path, error.schema, error.value, error.type === ValueErrorType.ObjectAdditionalProperties);
  const settings = withDefaults as ProfileSettings<N>;
  for (const name of Object.keys(schema.properties.guardrails.properties) as N[]) checkBackendSettings(name, settings.guardrails[name]);
  return settings;
}

/** Rules between a guardrail's model backend settings that the schema cannot state. */
function checkBackendSettings(name: string, settings: GuardrailSettings | undefined): void {
  const backend = backendSettingsOf(settings);
  if (!backend) return;
  if (backend.backend_mode !== 'built-in' && backend.backend === undefined) {
    throw new AppError('invalid_field', `Profile setting guardrails.${name}.backend must name a model backend when backend_mode is ${backend.backend_mode}.`, {
      details: { field: `guardrails.${name}.backend` },
    });
  }
  if (backend.cascade_low > backend.cascade_high) {
    throw new AppError(
      'invalid_field',
      `Profile setting guardrails.${name}.cascade_low must not exceed cascade_high (${backend.cascade_high}); got ${backend.cascade_low}.`,
      { details: { field: `guardrails.${name}.cascade_low` } },
    );
  }
}

/** A guardrail's model backend settings, when it has them (only guardrails that can ask a backend do). */
export function backendSettingsOf(settings: GuardrailSettings | undefined): BackendSettings | undefined {
  return typeof settings?.backend_mode === 'string' ? (settings as unknown as BackendSettings) : undefined;
}

/** A guardrail of a profile that asks a model backend. */
export interface GuardrailBackend<N extends string = string> {
  guardrail: N;
  backend: string;
  mode: Exclude<BackendMode, 'built-in'>;
}

/** The guardrails among `names` of a profile that ask a model backend (whether or not the protection level runs them), in the order of `names`. */
export function guardrailBackends<N extends string>(settings: ProfileSettings<N>, names: readonly N[]): GuardrailBackend<N>[] {
  return names.flatMap((guardrail) => {
    const own = backendSettingsOf(settings.guardrails[guardrail]);
    return own && own.backend_mode !== 'built-in' && own.backend !== undefined ? [{ guardrail, backend: own.backend, mode: own.backend_mode }] : [];
  });
}

/** Whether a guardrail that runs for a profile only reports (monitor mode) instead of blocking. */
export function isGuardrailMonitored(settings: ProfileSettings, name: string): boolean {
  return settings.guardrails[name]?.monitor === true;
}

/** Whether a guardrail runs for a profile at a protection level: its profile switch, else its levels. */
export function isGuardrailEnabled(settings: ProfileSettings, level: ProtectionLevel, slot: GuardrailSlot): boolean {
  return settings.guardrails[slot.name]?.enabled ?? slot.levels.includes(level);
}
