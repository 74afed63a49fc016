import { Type, type Static } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

/** The one error body of every listener, as a schema (the OpenAPI documents, the client contract) and a type. */
export const ERROR_RESPONSE_SCHEMA = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Union(
          (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => Type.Literal(code)),
          { description: 'Stable machine-readable code; its status and meaning are listed in docs/errors.md.' },
        ),
        message: Type.String({ description: 'What went wrong, for a human.' }),
        type: Type.String({
          description: 'OpenAI-style error class: invalid_request_error, authentication_error, rate_limit_error, api_error or guardrail_violation.',
        }),
        request_id: Type.String({ description: 'Identifies the request in the server log and in events.' }),
        field: Type.Optional(Type.String({ description: 'invalid_field about one member: its dotted path.' })),
      },
      // Some codes carry more (e.g. `rampart` on input_blocked): the error object is open.
      { additionalProperties: true },
    ),
  },
  { $id: 'Error', additionalProperties: false, description: 'Every error of every listener has this shape.' },
);
export type ErrorResponseJson = Static<typeof ERROR_RESPONSE_SCHEMA>;

/**
 * The error shape by reference: each listener registers it once (registerErrorSchema), so its
 * OpenAPI document lists it once, under components, rather than twice in every route.
 */
export const ERROR_RESPONSE = Type.Unsafe<ErrorResponseJson>(Type.Ref(ERROR_RESPONSE_SCHEMA.$id!));

/** Makes ERROR_RESPONSE resolvable on a listener. */
export function registerErrorSchema(app: { addSchema(schema: unknown): unknown }): void {
  app.addSchema(ERROR_RESPONSE_SCHEMA);
}
