import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { NEW_ADMIN_PASSWORD, signIn, type AdminClient } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { allStarted, ensureDashboardBuilt, launchChromium, screenshotDir, signInFirstTime } from '../helpers/browser.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const PAGE_SIZE = 50;
const ORDINARY = 56;
const RECORDED = 'Please send the marmalade recipe to nora.quist@example.net today';

/** The Events page: filters that reach the charts, pages of events, charts that read right, recorded text shown as stored. */
describe('Events page in headless Chromium', () => {
  let app: TestAppliance;
  let admin: AdminClient;
  let browser: Browser;
  let page: Page;
  /** Opens the dashboard afresh at `hash` (a hash change alone would keep the page's filters). */
  const go = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${app.dashboardUrl}/#${hash}`);
  };
  const table = () => page.getByTestId('events-table');
  const rows = () => table().locator('tbody tr');
  const paging = () => page.getByTestId('events-paging');
  const charts = () => page.locator('.recharts-wrapper');
  /** The next stats request of the page, and the criteria it carried. */
  const nextStats = () => page.waitForResponse((r) => r.url().includes('/api/events/stats'));
  const eventIds = async () => (await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')))).map(String);

  before(async () => {
    ensureDashboardBuilt();
    await allStarted([startAppliance().then((a) => (app = a)), launchChromium().then((b) => (browser = b))]);
    page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 900 } })).newPage();
    await signInFirstTime(page, app);
    // A session of its own for the API (the browser keeps its cookie to itself).
    admin = await signIn(app, 'admin', NEW_ADMIN_PASSWORD);
    const { apiKey } = await app.createRuntimeLlm('storefront', '--level', '1');
    for (const [path, body] of [
      ['/api/profiles/default/keyword-rules', { keyword: 'marmalade' }],
      ['/api/profiles/default/regex-rules', { name: 'ticket', pattern: 'TCK-[0-9]{5}' }],
    ] as const) {
      assert.equal((await admin.request(path, { body })).status, 201);
    }
    const monitor = await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { regex: { enabled: true, monitor: true } } } });
    assert.equal(monitor.status, 200, monitor.text);
    let sent = 0;
    const check = async (direction: 'input' | 'output', message: string) => {
      sent++;
      assert.equal((await (direction === 'input' ? app.inputCheck : app.outputCheck)(apiKey, { message })).status, 200);
    };
    for (let i = 0; i < ORDINARY; i++) await check('input', `Where is order ${i}?`);
    for (let i = 0; i < 3; i++) await check('input', `I would like marmalade ${i}`);
    for (let i = 0; i < 2; i++) await check('input', `Status of TCK-1234${i}?`);
    await check('output', 'Your order ships tomorrow.');
    assert.equal((await admin.request('/api/profiles/default', { method: 'PATCH', body: { record_message_text: true } })).status, 200);
    // The server applies the profile change before its next check; send until a check records its text.
    await waitUntil('a check with recorded text', async () => {
      await check('input', RECORDED);
      return (await admin.request('/api/events?limit=1')).json.events[0]?.message_text !== undefined;
    });
    // Events are written in batches: wait for every one, so the counts below hold still.
    await waitUntil('every check to be recorded', async () => (await admin.request('/api/events?limit=1000')).json.events.length === sent, {
      intervalMs: 100,
    });
  });
  after(async () => {
    await browser?.close();
    await app?.dispose();
  });

  const total = async () => (await admin.request('/api/events?limit=1000')).json.events.length as number;

  it('pages through the events on the server and says how many match and that more follow', async () => {
    const all = await total();
    await go('/events');
    await rows()
      .nth(PAGE_SIZE - 1)
      .waitFor();
    assert.equal(await rows().count(), PAGE_SIZE);
    await paging()
      .filter({ hasText: `Events 1–${PAGE_SIZE} of ${all} in the last 24 hours; more on the next page` })
      .waitFor();
    const first = await eventIds();
    await page.getByRole('button', { name: 'Next' }).click();
    await paging()
      .filter({ hasText: `Events ${PAGE_SIZE + 1}–${all} of ${all}` })
      .waitFor();
    assert.equal(await rows().count(), all - PAGE_SIZE);
    const second = await eventIds();
    assert.equal(new Set([...first, ...second]).size, all, 'the two pages hold every event once');
    assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await paging()
      .filter({ hasText: `Events 1–${PAGE_SIZE} of ${all}` })
      .waitFor();
    assert.deepEqual(await eventIds(), first);
  });

  it('narrows the charts with the Verdict, Direction and Guardrail filters, as it narrows the table', async () => {
    await go('/events');
    await rows().first().waitFor();
    const choose = async (filter: string, option: string) => {
      const stats = nextStats();
      await page.getByRole('combobox', { name: filter }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      return new URL((await stats).url()).searchParams;
    };
    /** The table and the charts' total (the paging line counts the charted checks) both show `n` events. */
    const showsBoth = async (query: string) => {
      const n = (await admin.request(`/api/events?limit=1000&${query}`)).json.events.length as number;
      assert.ok(n > 0 && n < PAGE_SIZE, `${query}: ${n}`);
      await paging()
        .filter({ hasText: `Events 1–${n} of ${n} in` })
        .waitFor();
      assert.equal(await rows().count(), n);
    };
    const blocked = await choose('Verdict', 'Blocked');
    assert.equal(blocked.get('verdict'), 'blocked');
    await showsBoth('verdict=blocked');

    const all = await choose('Verdict', 'All');
    assert.equal(all.get('verdict'), null);
    const output = await choose('Direction', 'Output');
    assert.equal(output.get('direction'), 'output');
    await showsBoth('direction=output');

    await choose('Direction', 'Both');
    const regex = await choose('Guardrail fired', 'Regex');
    assert.equal(regex.get('guardrail'), 'regex');
    await showsBoth('guardrail=regex');
    await page.getByText('Blocks per guardrail').waitFor();
    // Monitor mode: the regex guardrail's matches are charted as would-have-blocks, per guardrail too.
    const monitored = await choose('Verdict', 'Would have blocked');
    assert.deepEqual([monitored.get('verdict'), monitored.get('guardrail')], ['monitored', 'regex']);
    await page.getByText('Would have blocked, per guardrail').waitFor();

    // The trace or correlation id narrows the charts as well: a request id finds its one check.
    await go('/events');
    await rows().first().waitFor();
    const answer = (await admin.request('/api/events?direction=output')).json.events[0];
    const byId = nextStats();
    await page.getByTestId('correlation-search').fill(answer.request_id);
    await page.getByTestId('correlation-search').press('Enter');
    assert.equal(new URL((await byId).url()).searchParams.get('correlation_id'), answer.request_id);
    await paging().filter({ hasText: 'Events 1–1 of 1 in' }).waitFor();
    await page.getByTestId(`event-${answer.id}`).waitFor();
    await charts().nth(0).locator('.recharts-legend-wrapper').getByText('Would have blocked', { exact: true }).waitFor();
    await page.screenshot({ path: join(screenshotDir(), 'events-01-filtered-charts.png'), fullPage: true });
  });

  it('charts would-have-blocks, ticks counts in whole numbers and keeps the last time label inside its chart', async () => {
    // One event: the smallest counts, where an axis left to itself ticks 0.25, 0.5, 0.75.
    const one = (await admin.request('/api/events?direction=output')).json.events[0];
    await go(`/events?event=${one.id}`);
    await paging().filter({ hasText: 'Events 1–1' }).waitFor();
    for (const chart of await charts().all()) {
      const countTicks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-label');
      await countTicks.first().waitFor();
      const counts = await countTicks.allTextContents();
      assert.ok(counts.length >= 2, counts.join(' '));
      for (const count of counts) assert.match(count, /^\d+$/, `count axis tick ${count}`);
      await assertLastTimeLabelInside(chart);
    }
    await charts().nth(0).locator('.recharts-legend-wrapper').getByText('Would have blocked', { exact: true }).waitFor();
  });

  it('shows the recorded text, masked as stored, in the table and in the view of one event', async () => {
    const masked = 'Please send the marmalade recipe to <EMAIL_ADDRESS> today';
    const event = (await admin.request('/api/events?limit=1')).json.events[0];
    assert.equal(event.message_text, masked);
    await go('/events');
    const row = page.getByTestId(`event-${event.id}`);
    await row.getByTestId('event-text').filter({ hasText: masked }).waitFor();
    assert.equal(await page.getByText('nora.quist@example.net').count(), 0, 'the address never reaches the page');
    const unrecorded = (await admin.request('/api/events?limit=1000')).json.events.find((e: { message_text?: string }) => e.message_text === undefined);
    await page.getByTestId(`event-${unrecorded.id}`).getByText('not recorded').waitFor();

    const stats = nextStats();
    await go(`/events?event=${event.id}`);
    assert.equal(new URL((await stats).url()).searchParams.get('id'), event.id, 'the charts follow the single-event view');
    await page.getByTestId('recorded-text').filter({ hasText: masked }).waitFor();
    await page.getByTestId('event-details').getByText(`Event ${event.id}`).waitFor();
    await paging().filter({ hasText: 'Events 1–1' }).waitFor();
    assert.equal(await rows().count(), 1);
    await page.screenshot({ path: join(screenshotDir(), 'events-02-one-event.png'), fullPage: true });

    // Proposing it puts that same text up for review, under one origin badge.
    await page.getByTestId(`event-${event.id}`).getByRole('button', { name: 'Propose for vector store' }).click();
    const notice = await page
      .getByTestId('notice')
      .filter({ hasText: /^Proposed tv_/ })
      .textContent();
    const entryId = /tv_[0-9a-z]+/.exec(notice!)![0];
    assert.equal((await admin.request(`/api/vectors/${entryId}`)).json.text, masked);
    await page.getByRole('link', { name: 'Guardrails → Vector Guardrail' }).click();
    const entry = page.getByTestId(`vector-${entryId}`);
    await entry.getByText(masked).waitFor();
    const badges = (await entry.locator('.mantine-Badge-root').allTextContents()).map((b) => b.toLowerCase());
    assert.deepEqual(badges, ['operator'], 'one badge says where the entry came from');
  });
});

/** The last label of a chart's time axis lies wholly inside the chart (not cut at its right edge). */
async function assertLastTimeLabelInside(chart: Locator): Promise<void> {
  const svg = await chart.locator('svg.recharts-surface').first().boundingBox();
  const labels = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label');
  const last = await labels.last().boundingBox();
  assert.ok(svg && last, 'the chart and its time axis are drawn');
  assert.ok(last.x + last.width <= svg.x + svg.width, `last time label ends at ${last.x + last.width}, the chart at ${svg.x + svg.width}`);
  assert.ok(last.x >= svg.x);
}
