import { Type, type Static } from '@sinclair/typebox';

/** The `llm` block's own members when the classifier ran. */
export const LLM_RESULT = Type.Object(
  {
    score: Type.Number({ minimum: 0, maximum: 1, description: 'Injection likelihood 0.0 to 1.0 (calibrated).' }),
    threshold: Type.Number({ minimum: 0, maximum: 1, description: 'Score at or above which the message is blocked; set per security profile.' }),
    detected: Type.Boolean({ description: 'Whether the score reached the threshold.' }),
  },
  { additionalProperties: false, description: 'LLM classifier: prompt-injection / jailbreak likelihood.' },
);
export type LlmResult = Static<typeof LLM_RESULT>;
