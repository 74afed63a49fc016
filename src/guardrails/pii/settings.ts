import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { ENTITY_TYPES, type EntityType } from './entities.ts';

export const PII_ACTIONS = ['block', 'mask', 'log'] as const;
export type PiiAction = (typeof PII_ACTIONS)[number];

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
    actions: Type.Object(
      Object.fromEntries(ENTITY_TYPES.map((type) => [type, Type.Optional(Action)])) as Record<EntityType, TOptional<typeof Action>>,
      {
        default: {},
        additionalProperties: false,
        description: 'Action per entity type: block (default), mask (replace with <TYPE> in sanitized_message) or log only.',
      },
    ),
  },
  { additionalProperties: false },
);
export type PiiSettings = Static<typeof PiiSettings>;
