import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { BACKEND_FAILURE_REASONS } from '../domain/backend.ts';
import type { GuardrailDefinition } from './guardrail.ts';

/**
 * The JSON Schema of `checks`, one block per guardrail, composed from each guardrail's own `result`
 * schema plus the members the pipeline adds (enabled, reason, enforced, error, backend). Every block
 * is closed: a member the schema does not name is never sent (the contract test holds real responses
 * to it), and new members are only ever added.
 */

/** Why a guardrail reports `enabled: false`. */
export const DISABLED_REASONS = ['switched_off', 'not_applicable', 'not_available'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/** The codes of a guardrail's `error` member. */
export const GUARDRAIL_ERROR_CODES = ['guardrail_failed', 'backend_failed'] as const;

const DISABLED_BLOCK = Type.Object(
  {
    enabled: Type.Literal(false, { description: 'The guardrail did not run on this message.' }),
    reason: Type.Union(
      DISABLED_REASONS.map((r) => Type.Literal(r)),
      {
        description:
          'switched_off: off in the profile or not part of the protection level; not_applicable: the guardrail does not inspect this direction or has nothing to protect; not_available: not installed in this build.',
      },
    ),
  },
  { additionalProperties: false, title: 'Not run' },
);

const GUARDRAIL_ERROR = Type.Object(
  {
    code: Type.Union(
      GUARDRAIL_ERROR_CODES.map((c) => Type.Literal(c)),
      { description: 'guardrail_failed: the guardrail itself failed; backend_failed: its model backend gave no usable answer.' },
    ),
    message: Type.String({ description: 'What failed, and the on_error the profile applied.' }),
  },
  { additionalProperties: false, description: "The guardrail failed; `detected` then follows the profile's on_error (block by default)." },
);

const MONITORED = Type.Optional(
  Type.Literal(false, {
    description: 'Present, false, only when the guardrail runs in monitor mode: it reports as when enforcing but does not block (see `monitored_by`).',
  }),
);

const BACKEND_REPORT = Type.Object(
  {
    name: Type.String({ description: 'The model backend (Settings → Model backends).' }),
    score: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: "The backend's score 0.0 to 1.0 (an LLM judge answers 0 or 1, or the score of its JSON verdict)." }),
    ),
    error: Type.Optional(
      Type.Union(
        BACKEND_FAILURE_REASONS.map((r) => Type.Literal(r)),
        { description: 'Why the backend gave no usable answer (instead of `score`).' },
      ),
    ),
    latency_ms: Type.Number({ description: 'Time the backend took, in milliseconds.' }),
  },
  {
    additionalProperties: false,
    description:
      "Present when a model backend was asked on this message (backend_mode backend, both, or cascade with the built-in score in the uncertain band). On failure it carries `error` instead of `score`, and the block's `error.code` is backend_failed: on_error block blocks; allow keeps the built-in verdict (both, cascade) or passes (backend).",
  },
);

/** The block of one guardrail: it ran, it failed, or it did not run. */
export function guardrailBlockSchema(definition: GuardrailDefinition): TSchema {
  const added: TProperties = { enforced: MONITORED, ...(definition.backend ? { backend: Type.Optional(BACKEND_REPORT) } : {}) };
  const ran = Type.Object(
    {
      enabled: Type.Literal(true, { description: 'The guardrail ran on this message.' }),
      ...definition.result.properties,
      // A failed backend with on_error allow keeps the built-in verdict and reports the failure beside it.
      ...(definition.backend ? { error: Type.Optional(GUARDRAIL_ERROR) } : {}),
      ...added,
    },
    { additionalProperties: false, title: 'Ran' },
  );
  const failed = Type.Object(
    {
      enabled: Type.Literal(true, { description: 'The guardrail was to run on this message.' }),
      detected: Type.Boolean({ description: "Whether the failure blocks the message (the profile's on_error)." }),
      error: GUARDRAIL_ERROR,
      ...added,
    },
    { additionalProperties: false, title: 'Failed' },
  );
  return Type.Union([ran, failed, DISABLED_BLOCK], {
    description: `${definition.result.description ?? definition.title} A block that did not run carries only \`enabled\` and \`reason\`.`,
  });
}

/** `checks`: one member per registered guardrail, in the registry's order, always all of them. */
export function checksSchema(registry: readonly GuardrailDefinition[]): TObject {
  return Type.Object(Object.fromEntries(registry.map((definition) => [definition.name, guardrailBlockSchema(definition)])), {
    additionalProperties: false,
    description: `One member per guardrail, always all ${registry.length}.`,
  });
}
