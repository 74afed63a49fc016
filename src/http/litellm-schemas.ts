import { Type, type Static } from '@sinclair/typebox';
import { stringEnum } from '../json-schema.ts';
import { MAX_CORRELATION_ID_CHARS } from '../store/check-events.ts';

/**
 * JSON Schemas of LiteLLM's Generic Guardrail API as this appliance serves it. LiteLLM sends every
 * member, unset ones as null, and may add members in later versions: requests are open and take
 * null wherever LiteLLM may send it. Responses are closed.
 */

export const LITELLM_GUARDRAIL_PATH = '/beta/litellm_basic_guardrail_api';

/** Texts one call may carry; each is checked and recorded as one event. */
export const MAX_LITELLM_TEXTS = 1000;

const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Array> | ReturnType<typeof Type.Object>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const correlationId = (description: string) => Type.Optional(nullable(Type.String({ maxLength: MAX_CORRELATION_ID_CHARS, description })));

export const LITELLM_GUARDRAIL_REQUEST_SCHEMA = Type.Object(
  {
    input_type: stringEnum(['request', 'response'] as const, {
      description: 'request: the texts are checked with the input-check rules (pre_call); response: with the output-check rules (post_call).',
    }),
    texts: Type.Optional(
      nullable(
        Type.Array(Type.String(), {
          description: `The texts to check, each as one check event, each at most the message limit (32,768 characters by default); at most ${MAX_LITELLM_TEXTS.toLocaleString('en-US')} texts.`,
        }),
      ),
    ),
    images: Type.Optional(
      nullable(Type.Array(Type.String(), { description: 'Accepted, not inspected: the events of the call count them in images_not_inspected.' })),
    ),
    tools: Type.Optional(
      nullable(
        Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'OpenAI tool definitions of the request: accepted, not inspected.' }),
      ),
    ),
    request_data: Type.Optional(
      nullable(
        Type.Object(
          {
            user_api_key_end_user_id: Type.Optional(
              nullable(Type.String({ maxLength: MAX_CORRELATION_ID_CHARS, description: "The application's end user, stored on the events as end_user." })),
            ),
          },
          { additionalProperties: true, description: 'LiteLLM caller metadata; the end-user id is kept, the rest ignored.' },
        ),
      ),
    ),
    litellm_call_id: correlationId('LiteLLM call id, stored on the events and searchable as a correlation id.'),
    litellm_trace_id: correlationId('LiteLLM trace id, stored on the events and searchable as a correlation id.'),
    additional_provider_specific_params: Type.Optional(nullable(Type.Object({}, { additionalProperties: true, description: 'Accepted and ignored.' }))),
  },
  { additionalProperties: true, description: 'Unknown members (structured_messages, tool_calls, …) are accepted and ignored.' },
);
export type LitellmGuardrailRequest = Static<typeof LITELLM_GUARDRAIL_REQUEST_SCHEMA>;

export const LITELLM_GUARDRAIL_RESPONSE_SCHEMA = Type.Object(
  {
    action: Type.Union([Type.Literal('NONE'), Type.Literal('BLOCKED'), Type.Literal('GUARDRAIL_INTERVENED')], {
      description:
        'BLOCKED: a guardrail blocked one of the texts (LiteLLM refuses the call); GUARDRAIL_INTERVENED: a guardrail masked a text (PII mask action) and `texts` replaces them; NONE: proceed unchanged.',
    }),
    blocked_reason: Type.Optional(
      Type.String({
        description: 'With BLOCKED: which texts were blocked (1-based), by which guardrails, for which categories, and the request id of the events.',
      }),
    ),
    texts: Type.Optional(
      Type.Array(Type.String(), { description: 'With GUARDRAIL_INTERVENED: every text, masked where needed, in the order and number sent.' }),
    ),
  },
  { $id: 'LitellmGuardrailResponse', additionalProperties: false },
);
export type LitellmGuardrailResponse = Static<typeof LITELLM_GUARDRAIL_RESPONSE_SCHEMA>;
