import { Type, type Static } from '@sinclair/typebox';
import { ENTITY_TYPES } from './entities.ts';

/** The `pii` block's own members when detection ran. */
export const PII_RESULT = Type.Object(
  {
    detected: Type.Boolean({
      description:
        "Whether PII was found. Every type blocks unless the profile's action for it is mask or allow: blocked_by says whether it blocked; sanitized_message masks every entity found.",
    }),
    entities: Type.Array(
      Type.Object(
        {
          type: Type.Union(
            ENTITY_TYPES.map((type) => Type.Literal(type)),
            { description: 'Entity type, e.g. EMAIL_ADDRESS, CREDIT_CARD, PHONE_NUMBER, PERSON.' },
          ),
          start: Type.Integer({ minimum: 0, description: 'UTF-16 offset of the entity in `message`.' }),
          end: Type.Integer({ minimum: 0, description: 'UTF-16 offset just past the entity.' }),
          score: Type.Number({ minimum: 0, maximum: 1 }),
          text: Type.String({ description: 'Masked rendering of the value (never the full value).' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Detected entities; empty when none.' },
    ),
  },
  { additionalProperties: false, description: 'PII detection.' },
);
export type PiiResult = Static<typeof PII_RESULT>;
