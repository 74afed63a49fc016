import { Type, type StringOptions } from '@sinclair/typebox';

/**
 * TypeBox helpers for members whose plain JSON Schema form matters: Fastify's validator words its
 * errors after it ("must be equal to one of the allowed values", "must be string,null"), and the
 * OpenAPI document shows it as is.
 */

/** A string from a fixed list, as JSON Schema `enum`. */
export function stringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A string or null (null clears the value), as JSON Schema `type: ["string", "null"]`. */
export function nullableString(options: StringOptions = {}) {
  return Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });
}

/** A whole number or null (null: no limit, or a default), as JSON Schema `type: ["integer", "null"]`. */
export function nullableInteger(options: { description?: string } = {}) {
  return Type.Unsafe<number | null>({ ...options, type: ['integer', 'null'] });
}
