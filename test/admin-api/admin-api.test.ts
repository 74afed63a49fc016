import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { pruneEvents, updateRetention } from '../../src/events/retention.ts';
import { getSiemSettings, siemSettingsJson } from '../../src/siem/settings.ts';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startInProcess, TEST_ACTOR, type InProcessAppliance } from '../helpers/in-process.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('admin JSON API (what the dashboard does, without the UI)', () => {
  let app: InProcessAppliance;
  let admin: AdminClient;
  let apiKey: string;
  let llmId: string;
  before(async () => {
    app = await startInProcess();
    admin = await signInAsAdmin(app);
  });
  after(() => app.dispose());

  it('creates a Runtime LLM whose key is shown once, never listed, and works at once', async () => {
    const created = await admin.request('/api/runtime-llms', { body: { name: 'support-bot', mode: 'non-forwarding', level: 3 } });
    assert.equal(created.status, 201, created.text);
    apiKey = created.json.api_key;
    llmId = created.json.runtime_llm.id;
    assert.match(apiKey, /^rmp_[0-9A-Za-z]{43}$/);
    const list = await admin.request('/api/runtime-llms');
    assert.ok(!list.text.includes(apiKey));
    assert.equal(list.json.runtime_llms[0].api_key_hint, `rmp_…${apiKey.slice(-4)}`);
    assert.equal((await app.inputCheck(apiKey, { message: 'hello' })).status, 200);

    const patched = await admin.request(`/api/runtime-llms/${llmId}`, {
      method: 'PATCH',
      body: { mode: 'forwarding', url: 'https://llm.internal/v1', level: 2 },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual([patched.json.mode, patched.json.url, patched.json.level], ['forwarding', 'https://llm.internal/v1', 2]);
    const invalid = await admin.request(`/api/runtime-llms/${llmId}`, { method: 'PATCH', body: { url: 'ftp://x' } });
    assert.equal(invalid.status, 400);
    assert.match(invalid.json.error.message, /http or https/);
    assert.equal((await admin.request(`/api/runtime-llms/${llmId}`, { method: 'PATCH', body: { mode: 'non-forwarding', level: 3 } })).status, 200);
  });

  it('regenerates the key (Gear → Download API Key): the old one stops working immediately', async () => {
    const regenerated = await admin.request(`/api/runtime-llms/${llmId}/api-key`, { method: 'POST' });
    assert.equal(regenerated.status, 200);
    assert.equal((await app.inputCheck(apiKey, { message: 'hi' })).status, 401);
    apiKey = regenerated.json.api_key;
    assert.equal((await app.inputCheck(apiKey, { message: 'hi' })).status, 200);
  });

  it('describes every guardrail with its settings schema for generic rendering', async () => {
    const catalogue = await admin.request('/api/guardrails');
    const names = catalogue.json.guardrails.map((g: { name: string }) => g.name);
    assert.deepEqual(names, ['llm', 'vector', 'content_moderation', 'system_prompt', 'pii', 'keyword', 'regex']);
    const pii = catalogue.json.guardrails.find((g: { name: string }) => g.name === 'pii');
    assert.equal(pii.title, 'PII Detection');
    assert.ok(pii.settings_schema.properties.entities.items.anyOf.some((s: { const: string }) => s.const === 'EMAIL_ADDRESS'));
    const vector = catalogue.json.guardrails.find((g: { name: string }) => g.name === 'vector');
    assert.deepEqual(
      vector.settings_schema.properties.sensitivity.anyOf.map((s: { const: string }) => s.const),
      ['Low', 'Medium', 'High'],
    );
  });

  it('switching a guardrail off shows enabled: false in a real input-check', async () => {
    const email = { message: 'write to jane.doe@example.com' };
    assert.equal((await app.inputCheck(apiKey, email)).json.checks.pii.enabled, true);
    const off = await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { pii: { enabled: false } } } });
    assert.equal(off.status, 200, off.text);
    const check = await app.inputCheck(apiKey, email);
    assert.deepEqual(check.json.checks.pii, { enabled: false, reason: 'switched_off' });
    const bad = await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { vector: { sensitivity: 'Extreme' } } } });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /guardrails\.vector\.sensitivity/);
    await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { pii: { enabled: null } } } });
    assert.equal((await app.inputCheck(apiKey, email)).json.checks.pii.enabled, true);
  });

  it('rejects out-of-range values with the field and the allowed range, and saves nothing', async () => {
    const before = await Promise.all(['/api/profiles/default', '/api/settings/siem', '/api/settings/retention'].map((p) => admin.request(p)));
    const cases: [string, string, unknown, string, RegExp][] = [
      ['PATCH', '/api/profiles/default', { guardrails: { llm: { threshold: 1.7 } } }, 'guardrails.llm.threshold', /from 0 to 1; got 1\.7/],
      ['PATCH', '/api/profiles/default', { guardrails: { llm: { threshold: -0.1 } } }, 'guardrails.llm.threshold', /from 0 to 1/],
      ['PUT', '/api/settings/siem', { port: 70000 }, 'port', /from 1 to 65535; got 70000/],
      ['PUT', '/api/settings/siem', { port: 0 }, 'port', /from 1 to 65535; got 0/],
      ['PUT', '/api/settings/retention', { max_age_days: -5 }, 'max_age_days', /from 1 to 3650; got -5/],
    ];
    for (const [method, path, body, field, range] of cases) {
      const res = await admin.request(path, { method, body });
      assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.json.error.code, 'invalid_field');
      assert.equal(res.json.error.field, field);
      assert.match(res.json.error.message, range);
    }
    const afterwards = await Promise.all(['/api/profiles/default', '/api/settings/siem', '/api/settings/retention'].map((p) => admin.request(p)));
    assert.deepEqual(
      afterwards.map((r) => r.json),
      before.map((r) => r.json),
      'nothing was clamped and saved',
    );
  });

  it('"test this rule" runs the real guardrail and rejects bad patterns; an added regex rule blocks', async () => {
    const bad = await admin.request('/api/rules/test', { body: { kind: 'regex', pattern: '(a+)\\1', text: 'aa' } });
    assert.equal(bad.status, 200);
    assert.equal(bad.json.valid, false);
    assert.match(bad.json.error, /Backreferences/);
    const good = await admin.request('/api/rules/test', { body: { kind: 'regex', pattern: 'PRJ-\\d{4}', text: 'see PRJ-1234 now' } });
    assert.deepEqual(good.json, { valid: true, matched: true, spans: [{ start: 4, end: 12, text: 'PRJ-1234' }] });
    const keyword = await admin.request('/api/rules/test', { body: { kind: 'keyword', keyword: 'falcon', text: 'Project FALCON leaks' } });
    assert.equal(keyword.json.matched, true);

    const refused = await admin.request('/api/profiles/default/regex-rules', { body: { name: 'bad', pattern: '(?=x)' } });
    assert.equal(refused.status, 400);
    assert.match(refused.json.error.message, /Lookahead/);
    const added = await admin.request('/api/profiles/default/regex-rules', { body: { name: 'project code', pattern: 'PRJ-\\d{4}' } });
    assert.equal(added.status, 201, added.text);
    const check = await app.inputCheck(apiKey, { message: 'status of PRJ-1234?' });
    assert.equal(check.json.injection_detected, true);
    assert.deepEqual(check.json.checks.regex.matches, [{ rule_id: added.json.id, name: 'project code' }]);
    assert.equal((await admin.request(`/api/profiles/default/rules/${added.json.id}`, { method: 'DELETE' })).status, 200);
    assert.equal((await app.inputCheck(apiKey, { message: 'status of PRJ-1234?' })).json.checks.regex.detected, false);
  });

  it('the playground returns the verdict and the spans that triggered, without recording an event', async () => {
    await admin.request('/api/profiles/default/keyword-rules', { body: { keyword: 'falcon' } });
    const message = 'Tell me about Falcon, mail bob@example.org';
    const run = await admin.request('/api/playground', { body: { runtime_llm: 'support-bot', direction: 'input', message } });
    assert.equal(run.status, 200, run.text);
    assert.equal(run.json.injection_detected, true);
    const labels = run.json.spans.map((s: { label: string }) => s.label);
    assert.ok(labels.some((l: string) => l.startsWith('keyword:')));
    assert.ok(labels.includes('EMAIL_ADDRESS'));
    const span = run.json.spans.find((s: { label: string }) => s.label === 'EMAIL_ADDRESS');
    assert.equal('Tell me about Falcon, mail bob@example.org'.slice(span.start, span.end), 'bob@example.org');
    // Events are written in order: once a later real check is stored, a playground event would be too.
    const later = 'a real check after the playground';
    assert.equal((await app.inputCheck(apiKey, { message: later })).status, 200);
    const hashes = await waitUntil('the later check to be recorded', async () => {
      const stored: string[] = (await admin.request('/api/events?limit=1000')).json.events.map((e: { message_sha256: string }) => e.message_sha256);
      return stored.includes(sha256(later)) && stored;
    });
    assert.ok(!hashes.includes(sha256(message)), 'the playground recorded no event');
    assert.equal((await admin.request('/api/playground', { body: { runtime_llm: 'nope', direction: 'input', message: 'x' } })).status, 404);
  });

  it('lists events with filters and charts checks and blocks per guardrail over time', async () => {
    await app.inputCheck(apiKey, { message: 'nothing to see' });
    await app.inputCheck(apiKey, { message: 'the falcon has landed' });
    // Events are written in order: the keyword block is the later of the two checks.
    const events = await waitUntil('the keyword block to be recorded', async () => {
      const listed: { verdict: string; blocked_by: string[] }[] = (await admin.request('/api/events?guardrail=keyword')).json.events;
      return listed.length > 0 && listed;
    });
    assert.ok(events.every((e) => e.blocked_by.includes('keyword') && e.verdict === 'blocked'));
    const allowed = (await admin.request('/api/events?verdict=allowed')).json.events;
    assert.ok(allowed.length > 0 && allowed.every((e: { verdict: string }) => e.verdict === 'allowed'));
    assert.ok(!JSON.stringify(allowed).includes('nothing to see'), 'no message text by default');

    const stats = await admin.request(`/api/events/stats?bucket=minute&since=${new Date(Date.now() - 3_600_000).toISOString()}`);
    assert.equal(stats.status, 200, stats.text);
    const total = stats.json.buckets.reduce((n: number, b: { checks: number }) => n + b.checks, 0);
    const keywordBlocks = stats.json.buckets.reduce((n: number, b: { blocked_by: Record<string, number> }) => n + b.blocked_by.keyword!, 0);
    const all = (await admin.request('/api/events?limit=1000')).json.events;
    assert.equal(total, all.length);
    assert.equal(keywordBlocks, all.filter((e: { blocked_by: string[] }) => e.blocked_by.includes('keyword')).length);
    for (const query of ['verdict=maybe', 'since=yesterday', 'limit=0', 'guardrail=firewall']) {
      const response = await admin.request(`/api/events?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(response.json.error.code, 'invalid_field');
    }
    assert.equal((await admin.request('/api/events/stats?bucket=minute&since=2020-01-01T00:00:00Z')).status, 400);
  });

  it('keeps message text only when a profile opts in, with PII masked', async () => {
    const opt = await admin.request('/api/profiles/default', { method: 'PATCH', body: { record_message_text: true } });
    assert.equal(opt.status, 200, opt.text);
    await app.inputCheck(apiKey, { message: 'recorded text for alice@example.com about falcon' });
    const recorded = await waitUntil('the check with its text to be recorded', async () =>
      (await admin.request('/api/events?limit=5')).json.events.find((e: { message_text?: string }) => e.message_text),
    );
    assert.equal(recorded.message_text, 'recorded text for <EMAIL_ADDRESS> about falcon');
    await admin.request('/api/profiles/default', { method: 'PATCH', body: { record_message_text: null } });
  });

  it('configures SIEM and retention, validating input', async () => {
    const siem = await admin.request('/api/settings/siem', { method: 'PUT', body: { collector: '127.0.0.1', port: 5514, format: 'json', enabled: true } });
    assert.deepEqual(siem.json, { enabled: true, collector: '127.0.0.1', port: 5514, format: 'json' });
    for (const body of [{ collector: 'siem.example.com' }, { port: 70000 }, { format: 'xml' }, { verbose: true }]) {
      const response = await admin.request('/api/settings/siem', { method: 'PUT', body });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    assert.equal((await admin.request('/api/settings/siem/test', { method: 'POST' })).json.sent, true);
    assert.deepEqual(siemSettingsJson(await getSiemSettings(app.store)), siem.json, 'what the CLI shows');
    const retention = await admin.request('/api/settings/retention', { method: 'PUT', body: { max_age_days: 7 } });
    assert.equal(retention.json.max_age_days, 7);
    assert.equal((await admin.request('/api/settings/retention', { method: 'PUT', body: { max_age_days: 0 } })).status, 400);
  });

  it('publishes the admin API in the OpenAPI document, with the session and CSRF schemes', async () => {
    const doc = (await app.dashboard('/openapi.json')).json;
    for (const path of [
      '/api/auth/login',
      '/api/runtime-llms',
      '/api/runtime-llms/{id}/api-key',
      '/api/profiles/{id}',
      '/api/profiles/{id}/regex-rules',
      '/api/rules/test',
      '/api/events',
      '/api/events/stats',
      '/api/settings/siem',
      '/api/settings/siem/test',
      '/api/playground',
    ]) {
      assert.ok(doc.paths[path], path);
    }
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['csrf', 'session']);
    assert.deepEqual(doc.paths['/api/runtime-llms'].post.security, [{ session: [], csrf: [] }]);
    assert.equal(doc.paths['/api/auth/login'].post.security, undefined);
  });

  it('serves the dashboard itself with a strict content security policy', async () => {
    const page = await app.dashboard('/');
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'self'.*frame-ancestors 'none'/);
    assert.doesNotMatch(page.text, /https?:\/\/(?!127\.0\.0\.1)/, 'no external (CDN) references');
  });

  it('retention by count keeps only the newest events', async () => {
    for (let i = 0; i < 12; i++) await app.inputCheck(apiKey, { message: `filler ${i}` });
    await updateRetention(app.store, TEST_ACTOR, { max_events: 10 });
    const count = await waitUntil('the twelve checks to be recorded', async () => {
      const stored: number = (await admin.request('/api/events?limit=1000')).json.events.length;
      return stored >= 12 && stored;
    });
    const newest = (await admin.request('/api/events?limit=10')).json.events.map((e: { id: string }) => e.id);
    const pruned = await pruneEvents(app.store);
    assert.equal(pruned.check_events, count - 10);
    assert.deepEqual(
      (await admin.request('/api/events?limit=1000')).json.events.map((e: { id: string }) => e.id),
      newest,
    );
  });
});
