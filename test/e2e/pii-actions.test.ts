import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { NEW_ADMIN_PASSWORD, signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { allStarted, ensureDashboardBuilt, launchChromium, screenshotDir } from '../helpers/browser.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const CONTACT = 'Please ask my colleague Henrietta Vasquez-Lund to write to rowan.tillery@example.net.';
const CARD = 'Charge the deposit to 4111 1111 1111 1111 please.';

describe('PII actions and replay carry-over in the dashboard (headless Chromium)', () => {
  let app: TestAppliance;
  let admin: AdminClient;
  let browser: Browser;
  let page: Page;
  let llm: { id: string; apiKey: string };
  const shot = (name: string) => page.screenshot({ path: join(screenshotDir(), `${name}.png`), fullPage: true });
  const go = (hash: string) => page.goto(`${app.dashboardUrl}/#${hash}`);

  before(async () => {
    ensureDashboardBuilt();
    await allStarted([startAppliance().then((a) => (app = a)), launchChromium().then((b) => (browser = b))]);
    [admin, llm] = await Promise.all([signInAsAdmin(app), app.createRuntimeLlm('helpdesk', '--level', '1')]);
    assert.equal((await admin.request('/api/profiles/default', { method: 'PATCH', body: { record_message_text: true } })).status, 200);
    page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 900 } })).newPage();
  });
  after(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('names and contacts block by default; choosing mask on the PII Detection page lets the prompt through masked', async () => {
    for (const message of [CONTACT, CARD]) assert.deepEqual((await app.inputCheck(llm.apiKey, { message })).json.blocked_by, ['pii']);

    await page.goto(app.dashboardUrl);
    await page.getByLabel(/^Password/).fill(NEW_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Runtime LLMs' }).waitFor();
    await go('/guardrails/pii');
    await page.getByRole('heading', { name: 'PII Detection' }).waitFor();
    for (const type of ['PERSON', 'EMAIL_ADDRESS']) {
      await page.getByRole('combobox', { name: `Actions ${type}` }).click();
      const options = page.getByRole('option');
      assert.deepEqual(await options.allTextContents(), ['default', 'block', 'mask', 'allow']);
      await page.getByRole('option', { name: 'mask', exact: true }).click();
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Checks use the new settings from now on.').waitFor();
    await shot('pii-01-actions');

    const profile = (await admin.request('/api/profiles/default')).json;
    assert.deepEqual(profile.settings.guardrails.pii.actions, { PERSON: 'mask', EMAIL_ADDRESS: 'mask' });
    const masked = await app.inputCheck(llm.apiKey, { message: CONTACT });
    assert.equal(masked.json.injection_detected, false);
    assert.equal(masked.json.sanitized_message, 'Please ask my colleague <PERSON> to write to <EMAIL_ADDRESS>.');
  });

  it('the Replay modal says what was carried over from the masked recording', async () => {
    await waitUntil('the three checks to be recorded', async () => (await admin.request(`/api/events?runtime_llm=${llm.id}`)).json.events.length >= 3, {
      intervalMs: 100,
    });
    await go('/guardrails/profiles');
    await page.getByRole('cell', { name: 'default', exact: true }).click();
    await page.getByRole('button', { name: 'What-if replay' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Runtime LLM' }).click();
    await page.getByRole('option', { name: 'helpdesk' }).click();
    await dialog.getByRole('button', { name: 'Replay' }).click();
    const report = page.getByTestId('replay-report');
    // The contact prompt recorded as blocked is allowed under the masking profile; the card still blocks.
    await report.getByText('1 of 3 checks would change verdict').waitFor();
    const note = await report.getByTestId('replay-note').first().textContent();
    assert.match(
      note!,
      /^Carried over: the PII verdict of 3 checks was judged from the entities recorded when the text was masked \(PERSON 2, EMAIL_ADDRESS 2, CREDIT_CARD 1\)/,
    );
    await shot('pii-02-replay-carried-over');
  });
});
