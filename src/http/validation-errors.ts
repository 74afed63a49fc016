import { AppError } from '../errors.ts';
import { expectedValue, quoted } from '../schema-wording.ts';

/** One failure of Fastify's schema validation (ajv, run with `verbose`: the schema and the value are included). */
export interface SchemaFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string | undefined;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

const RANGE_KEYWORDS: ReadonlySet<string> = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
const SHAPE_KEYWORDS: ReadonlySet<string> = new Set([
  ...RANGE_KEYWORDS,
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/** What is wrong, as the end of a sentence about `subject`. */
function complaint(failure: SchemaFailure, subject: string): string {
  const schema = failure.parentSchema ?? {};
  const got = `; got ${quoted(failure.data)}`;
  switch (failure.keyword) {
    case 'additionalProperties': {
      const known = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
      const member = quoted(failure.params.additionalProperty);
      return `${subject} has an unknown member ${member}${known.length ? `; its members are ${known.join(', ')}` : ''}.`;
    }
    case 'pattern':
    case 'format':
      return `${subject} is not in the expected form${schema.description ? ` (${String(schema.description)})` : ''}${got}.`;
    default: {
      const expected = SHAPE_KEYWORDS.has(failure.keyword) ? expectedValue(schema) : undefined;
      if (expected) return `${subject} must be ${expected}${got}.`;
      return `${subject} is not valid${failure.message ? `: it ${failure.message}` : ''}.`;
    }
  }
}

/**
 * A request that fails its route's schema, as one `invalid_field` error in a sentence like the rest
 * ("The field port must be a whole number from 1 to 65535; got 0.", "The field message is required."),
 * naming the member (`field`) when the failure is about one.
 */
export function validationError(failure: SchemaFailure | undefined, where: string): AppError {
  const parts = failure?.instancePath ? failure.instancePath.slice(1).split('/') : [];
  if (failure?.keyword === 'required') parts.push(String(failure.params.missingProperty));
  const field = parts.length > 0 ? parts.join('.') : undefined;
  // A body member is named by itself (as the dashboard's forms know it); others by where they are.
  const path = field ? (where === 'body' ? field : `${where}.${field}`) : where;
  const subject = field ? `The field ${path}` : `The request ${where}`;
  const message = !failure ? `${subject} is not valid.` : failure.keyword === 'required' ? `${subject} is required.` : complaint(failure, subject);
  return new AppError('invalid_field', message, { details: field ? { field } : undefined });
}
