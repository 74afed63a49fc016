import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { ENTITY_TYPES, type EntityType } from './entities.ts';

/**
 * What a detected type does: `block` the message; `mask` it (the entity is replaced by `<TYPE>` in
 * what Forwarding mode sends on, and the message is allowed); `allow` it (reported only).
 */
export const PII_ACTIONS = ['block', 'mask', 'allow'] as const;
export type PiiAction = (typeof PII_ACTIONS)[number];

/**
 * What a type does when the profile sets no action. The specification's rule: when PII detection is
 * on, a message with personal data is blocked, on input and on output; so every type blocks. Masking
 * is the operator's choice for the types that everyday prompts carry.
 */
export function defaultAction(_type: EntityType): PiiAction {
  return 'block';
}

/** Earlier name of `allow`, still accepted from stored profiles and older clients and stored as `allow`. */
const LEGACY_ACTIONS: Readonly<Record<string, PiiAction>> = { log: 'allow' };

/** The action a name stands for, former names included; undefined for anything else. */
export function piiActionNamed(name: unknown): PiiAction | undefined {
  if (typeof name !== 'string') return undefined;
  if (Object.hasOwn(LEGACY_ACTIONS, name)) return LEGACY_ACTIONS[name];
  return (PII_ACTIONS as readonly string[]).includes(name) ? (name as PiiAction) : undefined;
}

/** Entities scoring below this are not reported. 0.5 keeps patterns that need context or a checksum out. */
export const DEFAULT_MIN_SCORE = 0.5;

const EntityName = Type.Union(ENTITY_TYPES.map((type) => Type.Literal(type)));
const Action = Type.Union(PII_ACTIONS.map((action) => Type.Literal(action)));

export const PiiSettings = Type.Object(
  {
    entities: Type.Array(EntityName, {
      default: [...ENTITY_TYPES],
      uniqueItems: true,
      description: 'Entity types to detect.',
    }),
    min_score: Type.Number({
      minimum: 0,
      maximum: 1,
      default: DEFAULT_MIN_SCORE,
      description: 'Minimum confidence for an entity to be reported.',
    }),
    actions: Type.Object(Object.fromEntries(ENTITY_TYPES.map((type) => [type, Type.Optional(Action)])) as Record<EntityType, TOptional<typeof Action>>, {
      default: {},
      additionalProperties: false,
      description:
        'Action per entity type: block (the default for every type), mask (allowed; the entity is replaced by <TYPE> in what Forwarding mode sends on) or allow (reported only). sanitized_message masks every detected entity whatever its action. log is accepted as the former name of allow.',
    }),
  },
  { additionalProperties: false },
);
export type PiiSettings = Static<typeof PiiSettings>;

/**
 * Profile settings (stored, imported or patched) with former action names replaced by the current
 * ones (`log` → `allow`); anything else is returned as given, for validation to judge.
 */
export function withCurrentPiiActions<T>(profileSettings: T): T {
  const actions = (profileSettings as { guardrails?: { pii?: { actions?: unknown } } } | null)?.guardrails?.pii?.actions;
  if (typeof actions !== 'object' || actions === null) return profileSettings;
  const entries = Object.entries(actions);
  const legacy = (action: unknown) => typeof action === 'string' && Object.hasOwn(LEGACY_ACTIONS, action);
  if (!entries.some(([, action]) => legacy(action))) return profileSettings;
  const current = Object.fromEntries(entries.map(([type, action]) => [type, legacy(action) ? piiActionNamed(action) : action]));
  const settings = profileSettings as { guardrails: { pii: Record<string, unknown> } } & Record<string, unknown>;
  return { ...settings, guardrails: { ...settings.guardrails, pii: { ...settings.guardrails.pii, actions: current } } } as T;
}
