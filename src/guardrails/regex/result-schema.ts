import { Type, type Static } from '@sinclair/typebox';

/** The `regex` block's own members when the rules ran. */
export const REGEX_RESULT = Type.Object(
  {
    detected: Type.Boolean({ description: 'Whether a regex rule matched.' }),
    matches: Type.Array(Type.Object({ rule_id: Type.String(), name: Type.String() }, { additionalProperties: false }), {
      description: 'The rules that matched.',
    }),
  },
  { additionalProperties: false, description: 'Operator regular expressions (RE2 syntax, linear time).' },
);
export type RegexResult = Static<typeof REGEX_RESULT>;
