import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';
import { waitUntil } from '../helpers/wait-until.ts';

interface EventJson {
  id: string;
  verdict: string;
  direction: string;
  blocked_by: string[];
  monitored_by: string[];
  runtime_llm_id: string;
}
interface Bucket {
  checks: number;
  blocked: number;
  monitored: number;
  blocked_by: Record<string, number>;
  monitored_by: Record<string, number>;
}

const sum = (buckets: Bucket[], count: (b: Bucket) => number) => buckets.reduce((n, b) => n + count(b), 0);

/** The Events page's API: one set of criteria for the list and its charts, and pages that say when more follow. */
describe('check events: shared criteria and paging', () => {
  let app: InProcessAppliance;
  let admin: AdminClient;
  const since = new Date(Date.now() - 3_600_000).toISOString();

  before(async () => {
    app = await startInProcess();
    admin = await signInAsAdmin(app);
    const { apiKey: shop } = await app.createRuntimeLlm('shop-assistant');
    const { apiKey: help } = await app.createRuntimeLlm('help-desk');
    for (const [path, body] of [
      ['/api/profiles/default/keyword-rules', { keyword: 'marmalade' }],
      ['/api/profiles/default/regex-rules', { name: 'ticket', pattern: 'TCK-[0-9]{5}' }],
    ] as const) {
      assert.equal((await admin.request(path, { body })).status, 201);
    }
    // The regex guardrail only reports (monitor mode): its matches are would-have-blocks.
    const monitored = await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { regex: { enabled: true, monitor: true } } } });
    assert.equal(monitored.status, 200, monitored.text);
    for (let i = 0; i < 30; i++) await app.inputCheck(shop, { message: `Where is parcel ${i}?` });
    for (let i = 0; i < 4; i++) await app.inputCheck(shop, { message: `I want marmalade number ${i}` });
    for (let i = 0; i < 3; i++) await app.inputCheck(help, { message: `Look at TCK-1234${i} please` });
    await app.outputCheck(help, { message: 'Your marmalade is on its way.' });
    await waitUntil('all 38 checks to be recorded', async () => (await admin.request('/api/events?limit=100')).json.events.length === 38);
  });
  after(() => app.dispose());

  it('pages the list: a page says whether more follow and where the next one starts, and pages neither overlap nor skip', async () => {
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 10; page++) {
      const response = await admin.request(`/api/events?limit=15${before ? `&before=${before}` : ''}`);
      assert.equal(response.status, 200, response.text);
      const { events, has_more: hasMore, next_before: next } = response.json as { events: EventJson[]; has_more: boolean; next_before: string | null };
      seen.push(...events.map((e) => e.id));
      assert.equal(hasMore, seen.length < 38, `page ${page + 1}`);
      if (!hasMore) {
        assert.equal(next, null);
        break;
      }
      assert.equal(events.length, 15);
      assert.equal(next, events[events.length - 1]!.id);
      before = next!;
    }
    assert.equal(seen.length, 38);
    assert.equal(new Set(seen).size, 38, 'no event on two pages');
    assert.deepEqual(seen, [...seen].sort().reverse(), 'newest first');
  });

  it('narrows the charts with the same criteria as the list: verdict, direction, guardrail, Runtime LLM by name, one event', async () => {
    const criteria = [
      'verdict=blocked',
      'verdict=monitored',
      'direction=output',
      'guardrail=keyword',
      'guardrail=regex',
      'runtime_llm=help-desk',
      'runtime_llm=shop-assistant&verdict=allowed',
    ];
    for (const query of criteria) {
      const listed: EventJson[] = (await admin.request(`/api/events?limit=1000&since=${since}&${query}`)).json.events;
      const stats = await admin.request(`/api/events/stats?bucket=minute&since=${since}&${query}`);
      assert.equal(stats.status, 200, stats.text);
      const buckets: Bucket[] = stats.json.buckets;
      assert.ok(listed.length > 0, `${query} matches some events`);
      assert.ok(listed.length < 38, `${query} leaves some out`);
      assert.equal(
        sum(buckets, (b) => b.checks),
        listed.length,
        `${query}: the charts count what the list shows`,
      );
      assert.equal(
        sum(buckets, (b) => b.blocked),
        listed.filter((e) => e.verdict === 'blocked').length,
        query,
      );
      assert.equal(
        sum(buckets, (b) => b.monitored),
        listed.filter((e) => e.verdict === 'monitored').length,
        query,
      );
    }
    const one: EventJson = (await admin.request('/api/events?guardrail=keyword&limit=1')).json.events[0];
    const single = await admin.request(`/api/events/stats?bucket=minute&since=${since}&id=${one.id}`);
    assert.equal(
      sum(single.json.buckets, (b: Bucket) => b.checks),
      1,
      'the single-event view charts its one event',
    );
  });

  it('charts would-have-blocks per guardrail apart from blocks', async () => {
    const buckets: Bucket[] = (await admin.request(`/api/events/stats?bucket=minute&since=${since}`)).json.buckets;
    assert.equal(
      sum(buckets, (b) => b.monitored),
      3,
    );
    assert.equal(
      sum(buckets, (b) => b.monitored_by.regex ?? 0),
      3,
    );
    assert.equal(
      sum(buckets, (b) => b.blocked_by.regex ?? 0),
      0,
    );
    // The keyword rule inspects prompts only (its default scope), so the answer naming it passed.
    assert.equal(
      sum(buckets, (b) => b.blocked_by.keyword ?? 0),
      4,
    );
  });

  it('names the Runtime LLM by id or name alike, and refuses one that does not exist', async () => {
    const llms: { id: string; name: string }[] = (await admin.request('/api/runtime-llms')).json.runtime_llms;
    const help = llms.find((l) => l.name === 'help-desk')!;
    const byName: EventJson[] = (await admin.request('/api/events?runtime_llm=help-desk')).json.events;
    const byId: EventJson[] = (await admin.request(`/api/events?runtime_llm=${help.id}`)).json.events;
    assert.equal(byName.length, 4);
    assert.deepEqual(byName, byId);
    const unknown = await admin.request('/api/events?runtime_llm=no-such-app');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.message, 'Runtime LLM "no-such-app" does not exist.');
  });

  it('takes a period as a duration or an ISO 8601 time, and refuses anything else in a sentence', async () => {
    assert.equal((await admin.request('/api/events?since=2h')).json.events.length, 38);
    assert.equal((await admin.request('/api/events?since=2999-01-01')).json.events.length, 0);
    for (const bad of ['yesterday', 'foo 12', '-5', '2026-13-45']) {
      const refused = await admin.request(`/api/events?since=${encodeURIComponent(bad)}`);
      assert.equal(refused.status, 400, bad);
      assert.equal(
        refused.json.error.message,
        `The since parameter must be a duration such as 30m, 24h or 7d, or an ISO 8601 time; got ${JSON.stringify(bad)}.`,
      );
    }
    const until = await admin.request('/api/events?until=tomorrow');
    assert.match(until.json.error.message, /^The until parameter must be an ISO 8601 time/);
  });
});
