import { Type, type Static } from '@sinclair/typebox';

/** The `keyword` block's own members when the rules ran. */
export const KEYWORD_RESULT = Type.Object(
  {
    detected: Type.Boolean({ description: 'Whether a keyword rule matched.' }),
    matches: Type.Array(Type.Object({ rule_id: Type.String(), keyword: Type.String() }, { additionalProperties: false }), {
      description: 'The rules that matched, once each.',
    }),
  },
  { additionalProperties: false, description: 'Operator keyword rules (case-insensitive, Unicode-normalised, whole-word by default).' },
);
export type KeywordResult = Static<typeof KEYWORD_RESULT>;
