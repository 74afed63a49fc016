import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { applyRedactions } from '../engine/pipeline.ts';
import { PiiEngine } from '../guardrails/pii/engine.ts';
import { awsSecretAccessKey, connectionStringPassword, password } from '../guardrails/pii/recognisers/credentials.ts';
import { secret } from '../guardrails/pii/recognisers/secret.ts';

/** Fields that hold a key, a password or a token, whatever object they are in. */
const SECRET_FIELDS: readonly string[] = [
  'password',
  'current_password',
  'new_password',
  'passwd',
  'secret',
  'client_secret',
  'apiKey',
  'api_key',
  'apikey',
  'x-api-key',
  'authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'private_key',
  'credential',
  'credentials',
];

const member = (field: string) => (/^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`);

/** Never log a key, a password or a prompt. */
const REDACT: readonly string[] = [
  // Secret fields at the top level of a log line and two levels down (`req.headers.authorization`).
  ...SECRET_FIELDS.flatMap((field) => [member(field).replace(/^\./, ''), `*${member(field)}`, `*.*${member(field)}`]),
  // Request bodies are never logged; if one ever is, its text stays out.
  'req.body',
  'body.message',
  'body.prompt',
  'body.messages',
];

/**
 * Masks credentials in free text (a message, an error): the PII guardrail's secret recognisers, so
 * a connection URL or a token quoted in an error never reaches the log raw.
 */
function secretMasker(): (text: string) => string {
  const engine = new PiiEngine([secret, password, connectionStringPassword, awsSecretAccessKey], [], 0.5);
  return (text) => {
    const found = engine.scan(text);
    return found.length === 0
      ? text
      : applyRedactions(
          text,
          found.map((e) => ({ start: e.start, end: e.end, replacement: '<SECRET>' })),
        );
  };
}

/** JSON lines on standard output, or on `destination` (tests read what the server logs). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const mask = secretMasker();
  const maskStrings = (value: unknown) => (typeof value === 'string' ? mask(value) : value);
  return pino(
    {
      level,
      redact: { paths: [...REDACT], censor: '[redacted]' },
      base: { service: 'rampart', pid: process.pid },
      hooks: {
        // The message and its interpolated values; an error logged alone gives its message.
        logMethod(args, method) {
          const [first, ...rest] = args;
          if (first instanceof Error && typeof rest[0] !== 'string') method.call(this, { err: first }, mask(first.message));
          else method.apply(this, args.map(maskStrings) as Parameters<typeof method>);
        },
      },
      formatters: {
        // String members of the logged object (an URL, a reason).
        log: (object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, maskStrings(value)])),
      },
      serializers: {
        err: (error: Error) => {
          const serialised = stdSerializers.err(error);
          return { ...serialised, message: mask(serialised.message), ...(serialised.stack ? { stack: mask(serialised.stack) } : {}) };
        },
      },
    },
    destination,
  );
}
