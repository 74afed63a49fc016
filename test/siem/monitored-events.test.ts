import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkEventJson } from '../../src/events/event-json.ts';
import { formatDatagram } from '../../src/siem/format.ts';
import type { CheckEvent } from '../../src/store/check-events.ts';

const monitored: CheckEvent = {
  id: 'evt_monitored',
  createdAt: '2026-03-01T10:00:00.000Z',
  requestId: 'req_monitored',
  runtimeLlmId: 'llm_shadow',
  profileId: 'prf_rollout',
  direction: 'input',
  verdict: 'monitored',
  blockedBy: [],
  monitoredBy: ['keyword', 'llm'],
  results: { keyword: { detected: true, monitored: true }, llm: { detected: true, score: 0.97, monitored: true } },
  executionTimeMs: 1.25,
  messageLength: 42,
  messageSha256: 'cd'.repeat(32),
};

describe('SIEM lines of a check a monitored guardrail would have blocked', () => {
  it('CEF says act=monitored and names the guardrails', () => {
    const line = formatDatagram(checkEventJson(monitored), 'cef').toString('utf8');
    assert.match(line, /\|check\.input\.monitored\|Input check monitored\|4\|/);
    assert.match(line, / act=monitored /);
    assert.match(line, / flexString1Label=monitoredBy flexString1=keyword,llm /);
    assert.match(line, /^<133>1 /, 'syslog severity notice: between an allowed and a blocked check');
  });

  it('JSON carries verdict "monitored" and monitored_by', () => {
    const line = formatDatagram(checkEventJson(monitored), 'json').toString('utf8');
    const body = JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>;
    assert.equal(body.verdict, 'monitored');
    assert.deepEqual(body.monitored_by, ['keyword', 'llm']);
    assert.deepEqual(body.blocked_by, []);
  });

  it('an event written before monitor mode existed reports no monitored guardrails', () => {
    const { monitoredBy: _none, ...older } = { ...monitored, verdict: 'blocked' as const, blockedBy: ['keyword' as const] };
    const body = checkEventJson(older);
    assert.deepEqual(body.monitored_by, []);
    assert.match(formatDatagram(body, 'cef').toString('utf8'), / act=blocked /);
  });
});
