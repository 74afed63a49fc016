import { Type, type Static } from '@sinclair/typebox';
import { MODERATION_CATEGORIES } from '../../domain/moderation.ts';

/** The `content_moderation` block's own members when moderation ran. */
export const CONTENT_MODERATION_RESULT = Type.Object(
  {
    result: Type.Union([Type.Literal('SAFE'), Type.Literal('UNSAFE')], { description: 'UNSAFE when an enabled category made the message unsafe.' }),
    unsafe: Type.Boolean({ description: 'true when the message is unsafe: it is blocked (in monitor mode: would be).' }),
    category: Type.Optional(
      Type.String({ description: 'Only when unsafe: "CATEGORIES: " followed by the category names joined by ", ", e.g. "CATEGORIES: UNETHICAL".' }),
    ),
    categories: Type.Array(
      Type.Object(
        {
          name: Type.Union(MODERATION_CATEGORIES.map((c) => Type.Literal(c))),
          score: Type.Number({ minimum: 0, maximum: 1 }),
        },
        { additionalProperties: false },
      ),
      { description: 'Every category with its score, enabled or not.' },
    ),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'Hazard score 0.0 to 1.0.' }),
  },
  { additionalProperties: false, description: 'Content moderation: hazardous content categories.' },
);
export type ContentModerationResult = Static<typeof CONTENT_MODERATION_RESULT>;
