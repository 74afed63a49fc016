import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addKeywordRule, addRegexRule, createProfile, updateProfileSettings } from '../../src/admin/profiles.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import { startInProcess, TEST_ACTOR, type InProcessAppliance } from '../helpers/in-process.ts';

const UPSTREAM_KEY = 'sk-upstream-monitor-0123456789';

interface Verdict {
  injection_detected: boolean;
  blocked_by: string[];
  monitored_by: string[];
}

describe('Forwarding mode with monitored guardrails', () => {
  let app: InProcessAppliance;
  let upstream: FakeLlm;

  const chat = (apiKey: string, content: string) =>
    app.api('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: { model: 'm', messages: [{ role: 'user', content }] },
    });

  before(async () => {
    upstream = new FakeLlm();
    await upstream.start();
    app = await startInProcess();
    app.rememberSecret(UPSTREAM_KEY);
    await createProfile(app.store, TEST_ACTOR, { name: 'rollout' });
    await addKeywordRule(app.store, TEST_ACTOR, 'rollout', { keyword: 'Project Heron', scope: 'both' });
    await addRegexRule(app.store, TEST_ACTOR, 'rollout', { name: 'code', pattern: 'SC-[0-9]{4}', scope: 'both' });
    await updateProfileSettings(app.store, TEST_ACTOR, 'rollout', {
      guardrails: { keyword: { enabled: true, monitor: true }, regex: { enabled: true, monitor: null } },
    });
  });
  after(async () => {
    await app.dispose();
    await upstream.stop();
  });

  it('forwards a prompt that only a monitored guardrail would have blocked, and reports it', async () => {
    const { apiKey } = await app.createRuntimeLlm('proxied', {
      mode: 'forwarding',
      url: upstream.url,
      upstreamCredential: UPSTREAM_KEY,
      level: 1,
      profile: 'rollout',
    });
    upstream.behaviour = { answer: () => 'Project Heron launches in spring.' };
    const before = upstream.requests.length;
    const res = await chat(apiKey, 'When does Project Heron launch?');
    assert.equal(res.status, 200, res.text);
    assert.equal(upstream.requests.length, before + 1, 'the upstream received the prompt');
    assert.equal(upstream.requests.at(-1)!.body.messages!.at(-1)!.content, 'When does Project Heron launch?');
    assert.equal(res.json.choices[0].message.content, 'Project Heron launches in spring.', 'the answer is not replaced');
    const verdict = res.json.rampart as { input: Verdict[]; output: Verdict[] };
    assert.deepEqual(verdict.input[0], { message_index: 0, injection_detected: false, blocked_by: [], monitored_by: ['keyword'] });
    assert.deepEqual(verdict.output[0], { choice_index: 0, injection_detected: false, blocked_by: [], monitored_by: ['keyword'] });

    // The enforced regex still blocks in the same profile.
    const blocked = await chat(apiKey, 'Use SC-1234 for Project Heron');
    assert.equal(blocked.status, 400);
    assert.equal(blocked.json.error.code, 'input_blocked');
    assert.deepEqual(blocked.json.error.rampart.blocked_by, ['regex']);
    assert.equal(blocked.json.error.rampart.checks.keyword.enforced, false);
  });

  it('forwards everything for a Runtime LLM in monitor mode, reporting what would have been blocked', async () => {
    const { apiKey } = await app.createRuntimeLlm('proxied-shadow', {
      mode: 'forwarding',
      url: upstream.url,
      upstreamCredential: UPSTREAM_KEY,
      level: 1,
      profile: 'rollout',
      monitor: true,
    });
    upstream.behaviour = { answer: () => 'Your code is SC-9876.' };
    const res = await chat(apiKey, 'Use SC-1234 for Project Heron');
    assert.equal(res.status, 200, res.text);
    assert.equal(upstream.requests.at(-1)!.body.messages!.at(-1)!.content, 'Use SC-1234 for Project Heron');
    assert.equal(res.json.choices[0].message.content, 'Your code is SC-9876.');
    assert.equal(res.json.choices[0].finish_reason, 'stop');
    const verdict = res.json.rampart as { input: Verdict[]; output: Verdict[] };
    assert.deepEqual(verdict.input[0]!.monitored_by, ['keyword', 'regex']);
    assert.deepEqual(verdict.output[0]!.monitored_by, ['regex']);
    assert.equal(verdict.output[0]!.injection_detected, false);
  });
});
