import { Type, type Static } from '@sinclair/typebox';

/** The `system_prompt` block's own members when protection ran. */
export const SYSTEM_PROMPT_RESULT = Type.Object(
  {
    detected: Type.Boolean({ description: 'Input: an attempt to extract the system prompt; output: the answer leaks it. Reached the threshold either way.' }),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'Input: extraction likelihood; output: leakage score (1 when the canary leaked).' }),
    canary_leaked: Type.Optional(
      Type.Boolean({
        description:
          'Output side only: whether the answer carries the canary token that Forwarding mode plants in the system prompt it forwards (profile setting forwarding.canary_token). output-check plants none, so there it is false.',
      }),
    ),
  },
  { additionalProperties: false, description: 'System prompt protection: extraction attempts on input, leakage on output.' },
);
export type SystemPromptResult = Static<typeof SYSTEM_PROMPT_RESULT>;
