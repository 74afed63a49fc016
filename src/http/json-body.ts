import { AppError } from '../errors.ts';

/** No legitimate request body of either listener nests anywhere near this deep. */
const MAX_JSON_DEPTH = 64;

/**
 * Checks a parsed JSON value iteratively, stopping at the first problem: nesting deeper than
 * `MAX_JSON_DEPTH` (JSON.parse accepts any depth, but recursive code downstream — structured
 * clones, merge patches, serialisation — would overflow the stack on a hostile body) or a member
 * that would pollute prototypes when merged into an object (`__proto__`, `constructor.prototype`).
 */
function bodyProblem(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_JSON_DEPTH) return `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`;
    if (Object.hasOwn(node, '__proto__')) return 'The JSON body contains the forbidden member "__proto__".';
    const ctor: unknown = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : undefined;
    if (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype'))
      return 'The JSON body contains the forbidden member "constructor.prototype".';
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/**
 * JSON is read as UTF-8 whatever the Content-Type says (RFC 8259 §8.1); a byte sequence that is not
 * UTF-8 is refused rather than read with replacement characters. A leading byte order mark is
 * dropped (the RFC lets a parser ignore it). Decoding without `stream` keeps no state between calls.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body parser of both listeners. Fastify's own reports a valid body with a forbidden
 * member as invalid JSON; this one names what is wrong: `invalid_json` for bytes that are not UTF-8
 * JSON, `invalid_field` for JSON the server refuses.
 */
export function parseJsonBody(body: Uint8Array): unknown {
  if (body.length === 0) throw new AppError('invalid_json', 'The request body is empty; send a JSON object.');
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid UTF-8; send JSON encoded in UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid JSON.');
  }
  const problem = bodyProblem(value);
  if (problem) throw new AppError('invalid_field', problem);
  return value;
}
