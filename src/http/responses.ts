import type { TSchema } from '@sinclair/typebox';
import { ERROR_RESPONSE } from './error-schema.ts';

/** A response's body: one schema (JSON), or a schema per media type (OpenAPI's `content`). */
type ResponseSchema = TSchema | { description: string; content: Record<string, { schema: TSchema }> };

/**
 * A route's response schemas: its own (success, redirect, or a status with a body of its own) and
 * the one error shape for every other 4xx and 5xx status.
 */
export function withErrors<const T extends Record<number, ResponseSchema>>(responses: T) {
  return { ...responses, '4xx': ERROR_RESPONSE, '5xx': ERROR_RESPONSE };
}
