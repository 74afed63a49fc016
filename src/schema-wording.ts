import { allowedRange } from './errors.ts';

type Schema = Readonly<Record<string, unknown>>;

/** The values a schema allows when it lists them: an `enum`, or a union of constants (TypeBox's Union of Literal). */
export function listedValues(schema: Schema): readonly unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.every((s: Schema) => typeof s === 'object' && s !== null && 'const' in s)) return anyOf.map((s: Schema) => s.const);
  return undefined;
}

function lengthWords(min: unknown, max: unknown, unit: string): string {
  if (typeof min === 'number' && typeof max === 'number') return ` of ${min} to ${max} ${unit}`;
  if (typeof min === 'number' && min > 0) return ` of at least ${min} ${unit}`;
  if (typeof max === 'number') return ` of at most ${max} ${unit}`;
  return '';
}

/**
 * What a schema allows, in words an operator reads in an error message: "a number from 0 to 1",
 * `one of "block", "allow"`, "true or false", "a string of 1 to 100 characters"; undefined when it says nothing plain.
 */
export function expectedValue(schema: Schema): string | undefined {
  const range = allowedRange(schema);
  if (range) return range;
  const listed = listedValues(schema);
  if (listed) return listed.length === 1 ? JSON.stringify(listed[0]) : `one of ${listed.map((v) => JSON.stringify(v)).join(', ')}`;
  switch (schema.type) {
    case 'boolean':
      return 'true or false';
    case 'string':
      return `a string${lengthWords(schema.minLength, schema.maxLength, 'characters')}`;
    case 'object':
      return 'an object';
    case 'array': {
      const items = typeof schema.items === 'object' && schema.items !== null ? listedValues(schema.items as Schema) : undefined;
      return `an array${lengthWords(schema.minItems, schema.maxItems, 'items')}${items ? ` of ${items.map((v) => JSON.stringify(v)).join(', ')}` : ''}`;
    }
    default:
      return undefined;
  }
}

/** A value as an error message quotes it: JSON, shortened when long. */
export function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A list of values in words: "a, b or c". */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}
