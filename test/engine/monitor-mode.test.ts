import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileProfile, runChecks, verdictOf } from '../../src/engine/pipeline.ts';
import { parseProfileSettings } from '../../src/engine/profile-settings.ts';
import { inputRequest as request, stubRegistry as registry, stubSchema as schema } from '../helpers/stub-guardrails.ts';

const rules = { keywords: [{ id: 'kw_1', keyword: 'lighthouse', wholeWord: true, scope: 'input' as const }], regexes: [] };

describe('pipeline in monitor mode', () => {
  it('a monitored guardrail that fails with on_error=block reports the failure without blocking', async () => {
    const settings = parseProfileSettings(schema, { guardrails: { llm: { monitor: true } } });
    const outcome = await runChecks(compileProfile(registry, { id: 'p', settings, rules }, 3), request('hello'), () => {});
    assert.equal(outcome.injection_detected, false);
    assert.deepEqual(outcome.monitored_by, ['llm']);
    assert.equal(outcome.checks.llm!.detected, true);
    assert.equal(outcome.checks.llm!.enforced, false);
    const { ms, ...record } = outcome.records.llm!;
    assert.deepEqual(record, { detected: true, error: 'guardrail_failed', monitored: true });
    assert.equal(typeof ms, 'number');
    assert.equal(verdictOf(outcome), 'monitored');
  });

  it('a monitored masking guardrail changes nothing in what is passed on, and sanitized_message still shows what it found', async () => {
    const settings = parseProfileSettings(schema, { on_error: 'allow', guardrails: { pii: { monitor: true } } });
    const outcome = await runChecks(compileProfile(registry, { id: 'p', settings, rules }, 3), request('call 5551234'), () => {});
    assert.equal(outcome.sanitized_message, 'call <NUMBER>');
    assert.equal(outcome.masked_message, undefined);
    assert.deepEqual(outcome.redactions, []);
    const enforced = await runChecks(
      compileProfile(registry, { id: 'p', settings: parseProfileSettings(schema, { on_error: 'allow' }), rules }, 3),
      request('call 5551234'),
      () => {},
    );
    assert.equal(enforced.sanitized_message, 'call <NUMBER>');
    assert.equal(enforced.masked_message, 'call <NUMBER>');
  });

  it('monitor without an explicit switch follows the protection level, and the Runtime LLM-wide flag monitors every guardrail', async () => {
    const settings = parseProfileSettings(schema, { on_error: 'allow', guardrails: { keyword: { monitor: true } } });
    const atLevel1 = await runChecks(compileProfile(registry, { id: 'p', settings, rules }, 1), request('the lighthouse'), () => {});
    assert.deepEqual([atLevel1.blocked_by, atLevel1.monitored_by], [[], ['keyword']]);

    const plain = parseProfileSettings(schema, { on_error: 'allow' });
    const enforced = await runChecks(compileProfile(registry, { id: 'p', settings: plain, rules }, 1), request('the lighthouse'), () => {});
    assert.deepEqual([enforced.blocked_by, enforced.monitored_by, verdictOf(enforced)], [['keyword'], [], 'blocked']);
    const monitored = await runChecks(compileProfile(registry, { id: 'p', settings: plain, rules }, 1, true), request('the lighthouse'), () => {});
    assert.deepEqual([monitored.blocked_by, monitored.monitored_by, verdictOf(monitored)], [[], ['keyword'], 'monitored']);
    const quiet = await runChecks(compileProfile(registry, { id: 'p', settings: plain, rules }, 1, true), request('the harbour'), () => {});
    assert.equal(verdictOf(quiet), 'allowed');
  });
});
