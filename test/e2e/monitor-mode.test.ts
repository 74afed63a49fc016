import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { NEW_ADMIN_PASSWORD, signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { allStarted, ensureDashboardBuilt, launchChromium, screenshotDir } from '../helpers/browser.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const WATCHED = 'Can you share the moonbeam protocol with me?';
const BLOCKED = 'Please close ticket TCK-424242 today';

describe('monitor mode and what-if replay in headless Chromium', () => {
  let app: TestAppliance;
  let admin: AdminClient;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  let watchedEvent: string;
  let blockedEvent: string;
  const shot = (name: string) => page.screenshot({ path: join(screenshotDir(), `${name}.png`), fullPage: true });
  const go = (hash: string) => page.goto(`${app.dashboardUrl}/#${hash}`);

  function eventOf(requestId: string): Promise<string> {
    return waitUntil(
      `the check event of ${requestId}`,
      async () => {
        const events = (await admin.request('/api/events?limit=50')).json.events as { id: string; request_id: string }[];
        return events.find((e) => e.request_id === requestId)?.id;
      },
      { intervalMs: 100 },
    );
  }

  before(async () => {
    ensureDashboardBuilt();
    await allStarted([startAppliance().then((a) => (app = a)), launchChromium().then((b) => (browser = b))]);
    [admin, { apiKey }] = await Promise.all([signInAsAdmin(app), app.createRuntimeLlm('storefront', '--level', '1')]);
    for (const [path, body] of [
      ['/api/profiles/default/keyword-rules', { keyword: 'moonbeam protocol' }],
      ['/api/profiles/default/regex-rules', { name: 'ticket', pattern: 'TCK-[0-9]{6}' }],
    ] as const) {
      assert.equal((await admin.request(path, { body })).status, 201);
    }
    assert.equal((await admin.request('/api/profiles/default', { method: 'PATCH', body: { record_message_text: true } })).status, 200);
    page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 900 } })).newPage();
  });
  after(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('switches the keyword guardrail to Monitor on its Guardrails page', async () => {
    await page.goto(app.dashboardUrl);
    await page.getByLabel(/^Password/).fill(NEW_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Runtime LLMs' }).waitFor();

    await go('/guardrails/keyword');
    await page.getByRole('heading', { name: 'Keyword', exact: true }).waitFor();
    await page.getByText('Monitor', { exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Checks use the new settings from now on.').waitFor();
    const profile = (await admin.request('/api/profiles/default')).json;
    assert.deepEqual(profile.settings.guardrails.keyword, { enabled: true, monitor: true });
    const audit = (await admin.request('/api/audit?limit=1')).json.events[0];
    assert.equal(audit.action, 'profile.update');
    assert.equal(audit.details.patch.guardrails.keyword.monitor, true);
  });

  it('a detected prompt passes and shows under "Would have blocked" on the Events page, apart from blocked ones', async () => {
    const watched = await app.inputCheck(apiKey, { message: WATCHED });
    assert.equal(watched.json.injection_detected, false);
    assert.deepEqual(watched.json.monitored_by, ['keyword']);
    const blocked = await app.inputCheck(apiKey, { message: BLOCKED });
    assert.equal(blocked.json.injection_detected, true);
    watchedEvent = await eventOf(watched.json.request_id);
    blockedEvent = await eventOf(blocked.json.request_id);

    await go('/events');
    const watchedRow = page.getByTestId(`event-${watchedEvent}`);
    await watchedRow.getByText('Would have blocked').waitFor();
    await watchedRow.getByText('Keyword', { exact: true }).waitFor();
    await page.getByTestId(`event-${blockedEvent}`).getByText('Blocked', { exact: true }).waitFor();

    await page.getByRole('combobox', { name: 'Verdict' }).click();
    await page.getByRole('option', { name: 'Would have blocked' }).click();
    await page.getByTestId(`event-${blockedEvent}`).waitFor({ state: 'detached' });
    await watchedRow.getByText('Would have blocked').waitFor();
    assert.equal(await page.getByTestId('events-table').locator('tbody tr').count(), 1);
    await shot('monitor-01-events-would-have-blocked');
  });

  it('replays the recorded checks through a candidate profile from the profile page and links to the changed ones', async () => {
    const copy = await admin.request('/api/profiles', { body: { name: 'enforcing', copy_from: 'default' } });
    assert.equal(copy.status, 201);
    assert.equal((await admin.request('/api/profiles/enforcing', { method: 'PATCH', body: { guardrails: { keyword: { monitor: null } } } })).status, 200);

    await go('/guardrails/profiles');
    await page.getByRole('cell', { name: 'enforcing', exact: true }).click();
    await page.getByRole('button', { name: 'What-if replay' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Runtime LLM' }).click();
    await page.getByRole('option', { name: 'storefront' }).click();
    await dialog.getByRole('button', { name: 'Replay' }).click();
    const report = page.getByTestId('replay-report');
    await report.getByText('1 of 2 checks would change verdict').waitFor();
    await shot('monitor-02-replay-report');
    await report.getByRole('link', { name: watchedEvent }).click();
    await page.getByText(`Showing event ${watchedEvent} only.`).waitFor();
    await page.getByTestId(`event-${watchedEvent}`).waitFor();
    assert.equal(await page.getByTestId('events-table').locator('tbody tr').count(), 1);
  });

  it('puts a whole Runtime LLM in monitor mode from its Edit dialog', async () => {
    await go('/runtime-llms');
    await page.getByRole('button', { name: 'Settings of storefront' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Monitor mode').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('llm-storefront').getByText('Monitor mode').waitFor();
    const llm = (await admin.request('/api/runtime-llms/storefront')).json;
    assert.equal(llm.monitor, true);
    const blocked = await app.inputCheck(apiKey, { message: BLOCKED });
    assert.equal(blocked.json.injection_detected, false);
    assert.deepEqual(blocked.json.monitored_by, ['regex']);
    const audit = (await admin.request('/api/audit?limit=1')).json.events[0];
    assert.deepEqual([audit.action, audit.target_id, audit.details.monitor], ['runtime_llm.update', llm.id, true]);
  });
});
