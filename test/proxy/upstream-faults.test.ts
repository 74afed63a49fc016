import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { updateProfileSettings } from '../../src/admin/profiles.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import { startInProcess, TEST_ACTOR, type InProcessAppliance } from '../helpers/in-process.ts';

// The upstream is a real HTTP server that misbehaves on purpose: slow (its delays are the behaviour
// under test), failing, or down.
describe('Forwarding mode: upstream faults', () => {
  let app: InProcessAppliance;
  let upstream: FakeLlm;
  let key: string;

  before(async () => {
    upstream = new FakeLlm();
    await upstream.start();
    app = await startInProcess();
    ({ apiKey: key } = await app.createRuntimeLlm('faulty', { mode: 'forwarding', url: upstream.url, level: 1 }));
    await updateProfileSettings(app.store, TEST_ACTOR, 'default', { forwarding: { upstream_timeout_ms: 1000 } });
  });
  after(async () => {
    await app.dispose();
    await upstream.stop();
  });

  const chat = (stream = false) =>
    app.api('/v1/chat/completions', {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: { model: 'm', stream, messages: [{ role: 'user', content: 'hello' }] },
    });

  it('502 when the upstream answers 5xx, and 4xx passes through', async () => {
    upstream.behaviour = { status: 503 };
    const res = await chat();
    assert.equal(res.status, 502);
    assert.equal(res.json.error.code, 'upstream_error');
    upstream.behaviour = { status: 429, body: { error: { message: 'slow down', code: 'rate_limit_exceeded' } } };
    const limited = await chat();
    assert.equal(limited.status, 429);
    assert.equal(limited.json.error.code, 'rate_limit_exceeded');
  });

  it('502 when the upstream answers something that is not JSON', async () => {
    upstream.behaviour = { raw: '<html>oops' };
    const res = await chat();
    assert.equal(res.status, 502);
    assert.equal(res.json.error.code, 'upstream_invalid_response');
  });

  it('504 when the upstream is too slow', async () => {
    upstream.behaviour = { delayMs: 2500 };
    const res = await chat();
    assert.equal(res.status, 504);
    assert.equal(res.json.error.code, 'upstream_timeout');
  });

  it('an error event when a stream stalls', async () => {
    upstream.behaviour = { answer: () => 'x'.repeat(400), chunkDelayMs: 1500, chunkChars: 50 };
    const res = await chat(true);
    assert.equal(res.status, 200);
    assert.match(res.text, /"code":"upstream_timeout"/);
  });

  it('502 when the upstream is down, and the check API keeps serving', async () => {
    await upstream.stop();
    const res = await chat();
    assert.equal(res.status, 502);
    assert.equal(res.json.error.code, 'upstream_unreachable');
    const check = await app.inputCheck(key, { message: 'still there?' });
    assert.equal(check.status, 200);
    await upstream.start();
  });
});
