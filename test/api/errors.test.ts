import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bodyLimitFor } from '../../src/http/api-app.ts';
import type { HttpResponse } from '../helpers/https-client.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';

const INPUT = '/apikey/api/guardrail/v1/input-check';

function assertError(res: HttpResponse, status: number, code: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.json.error.code, code, res.text);
  assert.equal(typeof res.json.error.message, 'string');
  assert.ok(res.json.error.message.length > 0);
  assert.equal(res.json.error.request_id, res.headers['x-request-id']);
}

describe('bad input gets a clear JSON error and the server keeps serving', () => {
  let app: InProcessAppliance;
  let key: string;

  before(async () => {
    app = await startInProcess({ env: { RAMPART_MAX_MESSAGE_CHARS: '100' } });
    ({ apiKey: key } = await app.createRuntimeLlm('errors-app'));
  });
  after(() => app.dispose());

  const post = (body: unknown, headers: Record<string, string> = {}) => app.api(INPUT, { method: 'POST', headers: { 'x-api-key': key, ...headers }, body });

  it('401 without a key, with an unknown key, with a malformed key', async () => {
    assertError(await app.api(INPUT, { method: 'POST', body: { message: 'hi' } }), 401, 'invalid_api_key');
    assertError(await post({ message: 'hi' }, { 'x-api-key': `rmp_${'A'.repeat(43)}` }), 401, 'invalid_api_key');
    assertError(await post({ message: 'hi' }, { 'x-api-key': 'not a key' }), 401, 'invalid_api_key');
  });

  it('415 for a body that is not JSON', async () => {
    assertError(await post('message=hi', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
    assertError(await post('hi', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  it('400 for invalid JSON, an empty body, or a body that is not an object', async () => {
    assertError(await post('{"message": ', { 'content-type': 'application/json' }), 400, 'invalid_json');
    assertError(await post('', { 'content-type': 'application/json' }), 400, 'invalid_json');
    assertError(await post('[1,2]', { 'content-type': 'application/json' }), 400, 'invalid_field');
    assertError(await post('null', { 'content-type': 'application/json' }), 400, 'invalid_field');
  });

  it('400 for a missing or non-string message, naming the field', async () => {
    const missing = await post({ prompt: 'x' });
    assertError(missing, 400, 'invalid_field');
    assert.equal(missing.json.error.message, 'The field message is required.');
    assert.equal(missing.json.error.field, 'message');
    for (const message of [42, null, ['a'], { text: 'a' }, true]) {
      const res = await post({ message });
      assertError(res, 400, 'invalid_field');
      assert.match(res.json.error.message, /message/);
    }
    assertError(await post({ message: 'ok', prompt: 7 }), 400, 'invalid_field');
  });

  it('413 for a message over the configured limit and for an oversized body', async () => {
    const long = await post({ message: 'x'.repeat(101) });
    assertError(long, 413, 'payload_too_large');
    assert.match(long.json.error.message, /101 characters.*limit is 100/);
    assert.equal((await post({ message: 'x'.repeat(100) })).status, 200);
    const oversized = await post({ message: 'x', padding: 'y'.repeat(200_000) });
    assertError(oversized, 413, 'payload_too_large');
    // The limit the body broke is stated: 2 × 6 × 100 characters of escaped text plus 64 KiB.
    assert.equal(oversized.json.error.message, `The request body is larger than the limit of ${bodyLimitFor(100).toLocaleString('en-US')} bytes.`);
  });

  it('404 for an unknown path, 405 with Allow for a wrong method', async () => {
    assertError(await app.api('/apikey/api/guardrail/v2/input-check', { method: 'POST', body: { message: 'x' } }), 404, 'not_found');
    const wrong = await app.api(INPUT, { method: 'GET' });
    assertError(wrong, 405, 'method_not_allowed');
    assert.equal(wrong.headers.allow, 'POST');
    assertError(await app.api(INPUT, { method: 'PUT', body: { message: 'x' } }), 405, 'method_not_allowed');
    assertError(await app.api('/healthz', { method: 'POST', body: {} }), 405, 'method_not_allowed');
  });

  it('400 for a body nested deeper than 64 levels, however deep', async () => {
    for (const depth of [65, 25_000]) {
      const res = await post(`{"message":"x","a":${'['.repeat(depth)}${']'.repeat(depth)}}`, { 'content-type': 'application/json' });
      assertError(res, 400, 'invalid_field');
      assert.match(res.json.error.message, /deeper than 64/);
    }
    assert.equal((await post({ message: 'x', a: [[[[1]]]] })).status, 200);
  });

  it('treats hostile strings as text: lone surrogates, control characters, huge unicode', async () => {
    for (const message of ['\ud800 unpaired', '\u0000\u0001\u001b[31m', '🧨'.repeat(50), '\u202e\u2066reversed']) {
      const res = await post({ message });
      assert.equal(res.status, 200, res.text);
      assert.equal(typeof res.json.injection_detected, 'boolean');
    }
    // Bytes that are not UTF-8 are refused, not read with replacement characters (JSON is UTF-8 whatever the charset says).
    const raw = Buffer.concat([Buffer.from('{"message":"bad '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const refused = await post(raw, { 'content-type': contentType });
      assertError(refused, 400, 'invalid_json');
      assert.match(refused.json.error.message, /not valid UTF-8/);
    }
  });

  it('still answers normally after all of the above', async () => {
    const res = await post({ message: 'What time is it?' });
    assert.equal(res.status, 200);
    assert.equal(res.json.injection_detected, false);
    assert.equal((await app.api('/readyz')).status, 200);
  });
});

describe('rate limits', () => {
  it('429 with Retry-After once a key exceeds its rate, other keys unaffected', async () => {
    const app = await startInProcess({ env: { RAMPART_RATE_LIMIT_PER_KEY: '3' } });
    try {
      const { apiKey: a } = await app.createRuntimeLlm('limited-a');
      const { apiKey: b } = await app.createRuntimeLlm('limited-b');
      for (let i = 0; i < 3; i++) assert.equal((await app.inputCheck(a, { message: 'hi' })).status, 200);
      const limited = await app.inputCheck(a, { message: 'hi' });
      assertError(limited, 429, 'rate_limited');
      assert.match(String(limited.headers['retry-after']), /^\d+$/);
      assert.equal((await app.inputCheck(b, { message: 'hi' })).status, 200);
    } finally {
      await app.dispose();
    }
  });

  it('429 once a client address exceeds its rate', async () => {
    const app = await startInProcess({ env: { RAMPART_RATE_LIMIT_PER_IP: '4' } });
    try {
      const { apiKey } = await app.createRuntimeLlm('ip-limited');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await app.inputCheck(apiKey, { message: 'hi' })).status);
      assert.deepEqual(statuses.slice(0, 4), [200, 200, 200, 200]);
      assert.equal(statuses[5], 429);
    } finally {
      await app.dispose();
    }
  });
});
