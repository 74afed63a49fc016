import type { Direction } from '../engine/guardrail.ts';

/** JSON Schemas of the check API, used to validate requests and to publish the OpenAPI document. */

export const errorResponseSchema = {
  $id: 'Error',
  type: 'object',
  description: 'Every error of every listener has this shape.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      properties: {
        code: {
          type: 'string',
          description:
            'Stable machine-readable code: invalid_api_key (401), bad_request / invalid_json / invalid_field (400; bad_request also for a malformed, missing or repeated Host header and for unparsable HTTP), unsupported_media_type (415; also for a Content-Encoding other than identity or a charset other than UTF-8), payload_too_large (413), not_found (404), method_not_allowed (405), request_timeout (408), conflict (409), uri_too_long (414), headers_too_large (431), rate_limited (429), internal_error (500), unavailable (503).',
        },
        message: { type: 'string', description: 'What went wrong, for a human.' },
        request_id: { type: 'string', description: 'Identifies the request in the server log and in events.' },
      },
    },
  },
} as const;

export function checkRequestSchema(direction: Direction) {
  return {
    type: 'object',
    required: ['message'],
    description: 'Unknown members are ignored.',
    properties: {
      message: {
        type: 'string',
        description:
          direction === 'input'
            ? 'The user prompt to inspect. At most 32,768 characters by default (RAMPART_MAX_MESSAGE_CHARS); longer gives 413.'
            : 'The LLM response to inspect. At most 32,768 characters by default (RAMPART_MAX_MESSAGE_CHARS); longer gives 413.',
      },
      prompt: {
        type: 'string',
        description: direction === 'input' ? 'Ignored on input-check.' : 'The user prompt that led to the response in `message` (optional).',
      },
    },
  } as const;
}

const disabledNote = 'When `enabled` is false the block carries only `enabled` and `reason` (switched_off: off in the profile or protection level; not_applicable: the guardrail does not inspect this direction or has nothing to protect; not_available: not installed in this build).';

const block = (description: string, properties: Record<string, unknown>) => ({
  type: 'object',
  description: `${description} ${disabledNote}`,
  required: ['enabled'],
  additionalProperties: true,
  properties: {
    enabled: { type: 'boolean', description: 'Whether the guardrail ran on this message.' },
    reason: { type: 'string', enum: ['switched_off', 'not_applicable', 'not_available'], description: 'Why the guardrail did not run (only when enabled is false).' },
    detected: { type: 'boolean', description: 'Whether this guardrail blocked the message (in monitor mode: whether it would have).' },
    enforced: { type: 'boolean', enum: [false], description: 'Present, false, only when the guardrail runs in monitor mode: it reports as when enforcing but does not block (see `monitored_by`).' },
    error: {
      type: 'object',
      description: 'Present when the guardrail failed; `detected` then follows the profile\'s on_error (block by default).',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
    ...properties,
  },
});

/** Guardrails that can ask a model backend report it (profile setting backend_mode other than built-in). */
const backendProperty = {
  backend: {
    type: 'object',
    description:
      'Present when a model backend was asked on this message (backend_mode backend, both, or cascade with the built-in score in the uncertain band). On failure it carries `error` instead of `score`, and the block\'s `error.code` is backend_failed: on_error block blocks; allow keeps the built-in verdict (both, cascade) or passes (backend).',
    properties: {
      name: { type: 'string', description: 'The model backend (Settings → Model backends).' },
      score: { type: 'number', description: 'The backend\'s score 0.0 to 1.0 (an LLM judge answers 0 or 1, or the score of its JSON verdict).' },
      latency_ms: { type: 'number', description: 'Time the backend took, in milliseconds.' },
      error: { type: 'string', enum: ['timeout', 'unreachable', 'http_error', 'unparsable', 'refused', 'circuit_open', 'unavailable', 'failed'], description: 'Why the backend gave no usable answer.' },
    },
  },
} as const;

const ruleMatches = (nameField: string) => ({
  type: 'array',
  items: { type: 'object', properties: { rule_id: { type: 'string' }, [nameField]: { type: 'string' } } },
});

export const checkResponseSchema = {
  $id: 'CheckResponse',
  type: 'object',
  required: ['injection_detected', 'execution_time', 'checks', 'blocked_by', 'monitored_by', 'request_id'],
  properties: {
    injection_detected: { type: 'boolean', description: 'true when any enabled guardrail blocked the message. A blocked message is a normal 200 answer, not an error.' },
    execution_time: { type: 'number', description: 'Server-side processing time of the check in milliseconds (float), from request arrival to response.' },
    blocked_by: { type: 'array', items: { type: 'string' }, description: 'Names of the guardrails that blocked the message (members of `checks`).' },
    monitored_by: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Names of the guardrails in monitor mode (profile switch Monitor, or the Runtime LLM\'s monitor mode) that would have blocked the message. They never set injection_detected nor appear in blocked_by; their `checks` block carries `enforced: false`.',
    },
    request_id: { type: 'string', description: 'Identifies this check in events and logs.' },
    sanitized_message: { type: 'string', description: 'Present when a guardrail masks rather than blocks (PII mask action): the message with each masked range replaced by <TYPE>.' },
    checks: {
      type: 'object',
      description: 'One member per guardrail, always all seven.',
      required: ['llm', 'vector', 'content_moderation', 'system_prompt', 'pii', 'keyword', 'regex'],
      properties: {
        llm: block('LLM classifier: prompt-injection / jailbreak likelihood.', {
          score: { type: 'number', description: 'Injection likelihood 0.0 to 1.0 (calibrated).' },
          threshold: { type: 'number', description: 'Score at or above which the message is blocked; set per security profile.' },
          ...backendProperty,
        }),
        vector: block('Vector filter: similarity of the prompt (and of payloads decoded from it) to reviewed known attacks in the threat-vector store and, when the prompt carries an optimisation-style adversarial suffix, to known hazardous requests. Input only.', {
          score: {
            type: 'number',
            description: 'Similarity-based score 0.0 to 1.0: the cosine similarity of the closest stored attack (or, for a suffixed prompt, hazardous request), rescaled so that typical unrelated text reads 0 and an identical vector 1.',
          },
          sensitivity: { type: 'string', enum: ['Low', 'Medium', 'High'], description: 'The profile\'s vector sensitivity; High catches more.' },
          threshold: { type: 'number', description: 'Score at or above which the message is blocked; set by the sensitivity (see the README\'s thresholds table).' },
          matches: {
            type: 'array',
            description: 'The best-scoring store entries, highest score first (at most 3).',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string', description: 'Store entry: s_… for a shipped seed entry, tv_… for an operator entry (see GET /api/vectors/{id} on the dashboard listener).' },
                family: { type: 'string', description: 'Attack family, e.g. jailbreak/template, prompt_extraction/system-prompt; harmful-request (or harmful-request/…) for a hazardous request, matched only when the prompt carries an adversarial suffix.' },
                similarity: { type: 'number', description: 'Cosine similarity of the message to this entry (-1 to 1).' },
              },
            },
          },
        }),
        content_moderation: block('Content moderation: hazardous content categories.', {
          result: { type: 'string', enum: ['SAFE', 'UNSAFE'] },
          unsafe: { type: 'boolean' },
          category: { type: 'string', description: 'When unsafe: "CATEGORIES: " followed by the category names joined by ", ", e.g. "CATEGORIES: UNETHICAL".' },
          categories: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, score: { type: 'number' } } } },
          score: { type: 'number' },
          ...backendProperty,
        }),
        system_prompt: block('System prompt protection: extraction attempts on input, leakage on output.', {
          score: { type: 'number' },
          ...backendProperty,
        }),
        pii: block('PII detection.', {
          entities: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                type: { type: 'string', description: 'Entity type, e.g. EMAIL_ADDRESS, CREDIT_CARD, PHONE_NUMBER, PERSON.' },
                start: { type: 'integer', description: 'UTF-16 offset of the entity in `message`.' },
                end: { type: 'integer', description: 'UTF-16 offset just past the entity.' },
                score: { type: 'number' },
                text: { type: 'string', description: 'Masked rendering of the value (never the full value).' },
              },
            },
          },
        }),
        keyword: block('Operator keyword rules (case-insensitive, Unicode-normalised, whole-word by default).', { matches: ruleMatches('keyword') }),
        regex: block('Operator regular expressions (RE2 syntax, linear time).', { matches: ruleMatches('name') }),
      },
    },
  },
} as const;
