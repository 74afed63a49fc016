import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { createLogger } from '../../src/server/logger.ts';

/** A logger writing into an array of parsed JSON lines. */
function capturedLogger(): { lines: Array<Record<string, unknown>>; log: ReturnType<typeof createLogger> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger('info', sink) };
}

test('secret fields are redacted at the top level of a log line and one level down', () => {
  const { lines, log } = capturedLogger();
  const secrets = {
    password: 'pw-top-1',
    current_password: 'pw-top-2',
    new_password: 'pw-top-3',
    client_secret: 'cs-top',
    apiKey: 'key-top-1',
    api_key: 'key-top-2',
  };
  log.info(secrets, 'top level');
  log.info({ account: { ...secrets }, note: 'kept' }, 'nested');
  const written = JSON.stringify(lines);
  for (const value of Object.values(secrets)) assert.ok(!written.includes(value), `${value} was logged`);
  assert.equal(lines[0]!.api_key, '[redacted]');
  assert.equal((lines[1]!.account as Record<string, unknown>).password, '[redacted]');
  assert.equal(lines[1]!.note, 'kept');
});
