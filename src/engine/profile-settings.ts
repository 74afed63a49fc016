import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { AppError } from '../errors.ts';
import { expectedValue, quoted } from '../schema-wording.ts';
import { GUARDRAIL_NAMES, type GuardrailDefinition, type GuardrailName } from './guardrail.ts';

export type ProtectionLevel = 1 | 2 | 3;
export const PROTECTION_LEVELS: readonly ProtectionLevel[] = [1, 2, 3];
export const DEFAULT_PROTECTION_LEVEL: ProtectionLevel = 3;

/**
 * Guardrails a protection level switches on when the profile does not say otherwise. Level 3 (the
 * recommended default) runs everything; level 2 drops the vector filter and system prompt protection;
 * level 1 keeps the standard rule-based guardrails.
 */
export const LEVEL_GUARDRAILS: Readonly<Record<ProtectionLevel, readonly GuardrailName[]>> = {
  1: ['keyword', 'regex', 'pii'],
  2: ['keyword', 'regex', 'pii', 'llm', 'content_moderation'],
  3: GUARDRAIL_NAMES,
};

export type OnError = 'block' | 'allow';

/** A security profile's settings as stored (JSON) and edited; per-guardrail members come from the registry. */
export interface ProfileSettings {
  /** Opt-in: keep the message text (PII masked) in check events and SIEM forwarding. */
  record_message_text: boolean;
  /** What a guardrail failure means for the message: fail closed (block, default) or open (allow). */
  on_error: OnError;
  guardrails: Record<GuardrailName, GuardrailSettings>;
  forwarding: ForwardingSettings;
}

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

export const VECTOR_SENSITIVITIES = ['Low', 'Medium', 'High'] as const;

/**
 * Profile attributes the product specification names, valid whether or not the guardrail is
 * installed; a guardrail's own settings may refine them (e.g. its calibrated default threshold).
 */
const SPEC_SETTINGS: Readonly<Partial<Record<GuardrailName, TProperties>>> = {
  llm: { threshold: Type.Number({ minimum: 0, maximum: 1, default: 0.5, description: 'Score at or above which the LLM classifier blocks' }) },
  vector: {
    sensitivity: Type.Union(
      VECTOR_SENSITIVITIES.map((s) => Type.Literal(s)),
      { default: 'Medium', description: 'Vector filter sensitivity: High catches more and blocks more' },
    ),
  },
};

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

/** Builds the JSON Schema of profile settings from the registered guardrails' own settings. */
export function profileSettingsSchema(registry: readonly GuardrailDefinition[]): TObject {
  const byName = new Map(registry.map((g) => [g.name, g]));
  const guardrails: TProperties = {};
  for (const name of GUARDRAIL_NAMES) {
    const definition = byName.get(name);
    const own: TProperties = { ...SPEC_SETTINGS[name], ...definition?.settings.properties, ...(definition?.backend ? BACKEND_SETTINGS : {}) };
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
      guardrails: Type.Object(guardrails, { additionalProperties: false, default: {} }),
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
export function parseProfileSettings(schema: TObject, value: unknown): ProfileSettings {
  const withDefaults = Value.Default(schema, structuredClone(value ?? {}));
  const error = Value.Errors(schema, withDefaults).First();
  if (error) throw settingError(schema, error.path, error.schema, error.value, error.type === ValueErrorType.ObjectAdditionalProperties);
  const settings = withDefaults as ProfileSettings;
  for (const name of GUARDRAIL_NAMES) checkBackendSettings(name, settings.guardrails[name]);
  return settings;
}

/** Rules between a guardrail's model backend settings that the schema cannot state. */
function checkBackendSettings(name: GuardrailName, settings: GuardrailSettings | undefined): void {
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
export interface GuardrailBackend {
  guardrail: GuardrailName;
  backend: string;
  mode: Exclude<BackendMode, 'built-in'>;
}

/** The guardrails of a profile that ask a model backend (whether or not the protection level runs them), in response order. */
export function guardrailBackends(settings: ProfileSettings): GuardrailBackend[] {
  return GUARDRAIL_NAMES.flatMap((guardrail) => {
    const own = backendSettingsOf(settings.guardrails[guardrail]);
    return own && own.backend_mode !== 'built-in' && own.backend !== undefined ? [{ guardrail, backend: own.backend, mode: own.backend_mode }] : [];
  });
}

/** Whether a guardrail that runs for a profile only reports (monitor mode) instead of blocking. */
export function isGuardrailMonitored(settings: ProfileSettings, name: GuardrailName): boolean {
  return settings.guardrails[name]?.monitor === true;
}

/** Whether a guardrail runs for a profile at a protection level. */
export function isGuardrailEnabled(settings: ProfileSettings, level: ProtectionLevel, name: GuardrailName): boolean {
  return settings.guardrails[name]?.enabled ?? LEVEL_GUARDRAILS[level].includes(name);
}
