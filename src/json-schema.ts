import { Type, type Static, type StringOptions, type TSchema } from '@sinclair/typebox';

/**
 * TypeBox helpers for members whose plain JSON Schema form matters: Fastify's validator words its
 * errors after it ("must be equal to one of the allowed values", "must be string,null"), and the
 * OpenAPI document shows it as is.
 */

/** A string from a fixed list, as JSON Schema `enum`. */
export function stringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A whole number from a fixed list, as JSON Schema `enum`. */
export function integerEnum<const T extends readonly number[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });
}

/** A string or null (null clears the value), as JSON Schema `type: ["string", "null"]`. */
export function nullableString(options: StringOptions = {}) {
  return Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });
}

/** A whole number or null (null: no limit, or a default), as JSON Schema `type: ["integer", "null"]`. */
export function nullableInteger(options: { description?: string } = {}) {
  return Type.Unsafe<number | null>({ ...options, type: ['integer', 'null'] });
}

/**
 * A closed object with one member per key of a fixed list, each of schema `member` (TypeBox cannot
 * infer the keys of properties built from a list, so the static type is declared here once).
 */
export function keyedObject<const K extends string, S extends TSchema>(keys: readonly K[], member: S, options: { description?: string } = {}) {
  return Type.Unsafe<Record<K, Static<S>>>(Type.Object(Object.fromEntries(keys.map((key) => [key, member])), { ...options, additionalProperties: false }));
}

/** Like keyedObject, each member optional. */
export function partialKeyedObject<const K extends string, S extends TSchema>(keys: readonly K[], member: S, options: { description?: string } = {}) {
  return Type.Unsafe<Partial<Record<K, Static<S>>>>(
    Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Optional(member)])), { ...options, additionalProperties: false }),
  );
}
