import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { ENTITY_TYPES, type EntityType } from './entities.ts';

export const PII_ACTIONS = ['block', 'mask', 'log'] as const;
export type PiiAction = (typeof PII_ACTIONS)[number];

/**
 * What each type does when an operator has not chosen: identifiers that open an account, a
 * payment or an identity to whoever holds them (cards, bank accounts, national numbers, secrets)
 * block; contact data, names, addresses, birth dates and IP addresses identify someone without
 * handing over anything usable, and everyday prompts carry them ("introduce Ethan", "reply to
 * this address"), so they are masked in `sanitized_message` instead. Every type is still reported.
 */
const MASKED_BY_DEFAULT: ReadonlySet<EntityType> = new Set(['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'IP_ADDRESS', 'STREET_ADDRESS', 'DATE_OF_BIRTH']);

export function defaultAction(type: EntityType): PiiAction {
  return MASKED_BY_DEFAULT.has(type) ? 'mask' : 'block';
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
        'Action per entity type: block, mask (replace with <TYPE> in sanitized_message) or log only. Unset types block financial and national identifiers and secrets, and mask names, contact data, addresses, birth dates and IP addresses.',
    }),
  },
  { additionalProperties: false },
);
export type PiiSettings = Static<typeof PiiSettings>;
