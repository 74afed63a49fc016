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

test('keys, tokens, cookies and authorization are redacted in headers, bodies and nested objects', () => {
  const { lines, log } = capturedLogger();
  const raw = {
    apiKeyHeader: 'rmp_HeaderKeyValue0000000000000000000000000000',
    bearer: 'Bearer hdr-token-7f3a9c',
    cookie: 'rampart_session=cookie-value-51ab',
    token: 'tok-91c2e7',
    secret: 'shh-4d8e1a',
    refresh: 'refresh-0b7c33',
    bodyKey: 'body-key-62f1d9',
  };
  log.info(
    {
      req: {
        method: 'POST',
        url: '/api/keys',
        headers: { 'x-api-key': raw.apiKeyHeader, authorization: raw.bearer, cookie: raw.cookie, 'user-agent': 'curl/8' },
        body: { api_key: raw.bodyKey, message: 'hello' },
      },
      res: { headers: { 'set-cookie': raw.cookie } },
      'x-api-key': raw.apiKeyHeader,
      authorization: raw.bearer,
      upstream: { auth: { token: raw.token, refresh_token: raw.refresh }, settings: { secret: raw.secret } },
    },
    'request logged',
  );
  const written = JSON.stringify(lines);
  for (const [name, value] of Object.entries(raw)) assert.ok(!written.includes(value), `${name} was logged`);
  const line = lines[0]!;
  assert.equal((line.req as { headers: Record<string, string> }).headers['user-agent'], 'curl/8', 'harmless headers are kept');
  assert.equal((line.req as { url: string }).url, '/api/keys');
  assert.equal(line['x-api-key'], '[redacted]');
});

test('credentials in messages, string members and errors are masked', () => {
  const { lines, log } = capturedLogger();
  const url = 'postgres://orders_app:Vq9xmR2k@db.internal:5432/orders';
  const key = 'sk-proj-Qw3rT9yU1iO5pA7sD2fG4hJ6kL8zX0cV';
  log.warn({ database: url }, 'cannot reach the database');
  log.info('retrying with password=Tr0ub4dor&3 in %s', url);
  log.error({ err: new Error(`upstream refused ${key}`) }, 'upstream failed');
  log.error(new Error(`upstream refused ${key}`));
  const written = JSON.stringify(lines);
  for (const secret of ['Vq9xmR2k', 'Tr0ub4dor&3', key]) assert.ok(!written.includes(secret), `${secret} was logged`);
  assert.equal(lines[0]!.database, 'postgres://<SECRET>:5432/orders');
  assert.equal(lines[1]!.msg, 'retrying with password=<SECRET> in postgres://<SECRET>:5432/orders');
  assert.equal((lines[2]!.err as { message: string }).message, 'upstream refused <SECRET>');
  assert.equal(lines[3]!.msg, 'upstream refused <SECRET>');
  assert.match((lines[3]!.err as { stack: string }).stack, /^Error: upstream refused <SECRET>/);
});
