import { Type, type Static } from '@sinclair/typebox';
import { VECTOR_SENSITIVITIES } from './encoder/encoder-manifest.ts';

/** The `vector` block's own members when the filter ran. */
export const VECTOR_RESULT = Type.Object(
  {
    score: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Similarity-based score 0.0 to 1.0: the cosine similarity of the closest stored attack (or, for a suffixed prompt, hazardous request), rescaled so that typical unrelated text reads 0 and an identical vector 1.',
    }),
    detected: Type.Boolean({ description: 'Whether the score reached the threshold.' }),
    sensitivity: Type.Union(
      VECTOR_SENSITIVITIES.map((s) => Type.Literal(s)),
      { description: "The profile's vector sensitivity; High catches more." },
    ),
    threshold: Type.Number({
      description: 'Score at or above which the message is blocked; set by the sensitivity (see the thresholds table of docs/vector-filter.md).',
    }),
    matches: Type.Array(
      Type.Object(
        {
          id: Type.String({
            description: 'Store entry: s_… for a shipped seed entry, tv_… for an operator entry (see GET /api/vectors/{id} on the dashboard listener).',
          }),
          family: Type.String({
            description:
              'Attack family, e.g. jailbreak/template, prompt_extraction/system-prompt; harmful-request (or harmful-request/…) for a hazardous request, matched only when the prompt carries an adversarial suffix.',
          }),
          similarity: Type.Number({ minimum: -1, maximum: 1, description: 'Cosine similarity of the message to this entry (-1 to 1).' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 3, description: 'The best-scoring store entries, highest score first (at most 3); empty for an empty or whitespace-only message.' },
    ),
  },
  {
    additionalProperties: false,
    description:
      'Vector filter: similarity of the prompt (and of payloads decoded from it) to reviewed known attacks in the threat-vector store and, when the prompt carries an optimisation-style adversarial suffix, to known hazardous requests. Input only.',
  },
);
export type VectorResult = Static<typeof VECTOR_RESULT>;
