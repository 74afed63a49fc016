import { pino, type DestinationStream, type Logger } from 'pino';

/** Never log a key, a password or a prompt. */
const REDACT: readonly string[] = [
  'req.headers["x-api-key"]',
  'req.headers["x-csrf-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  // Secret fields at the top level of a log line and one level down.
  ...['password', 'current_password', 'new_password', 'client_secret', 'apiKey', 'api_key'].flatMap((field) => [field, `*.${field}`]),
  // Request bodies are never logged; if one ever is, its text stays out.
  'req.body',
  'body.message',
  'body.prompt',
  'body.messages',
];

/** JSON lines on standard output, or on `destination` (tests read what the server logs). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: [...REDACT], censor: '[redacted]' }, base: { service: 'rampart', pid: process.pid } }, destination);
}
