import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { initialPassword, NEW_ADMIN_PASSWORD } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { allStarted, ensureDashboardBuilt, launchChromium, screenshotDir } from '../helpers/browser.ts';
import { startRsyslog, type SyslogReceiver } from '../helpers/rsyslog.ts';

describe('dashboard end to end in headless Chromium', () => {
  let app: TestAppliance;
  let syslog: SyslogReceiver;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  const shots = screenshotDir();
  const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`) });
  const go = (hash: string) => page.goto(`${app.dashboardUrl}/#${hash}`);

  before(async () => {
    ensureDashboardBuilt();
    await allStarted([startAppliance().then((a) => (app = a)), startRsyslog().then((s) => (syslog = s)), launchChromium().then((b) => (browser = b))]);
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
  });
  after(async () => {
    await browser?.close();
    await Promise.all([app?.dispose(), syslog?.stop()]);
  });

  it('first sign-in with the delivered password forces the password change', async () => {
    await page.goto(app.dashboardUrl);
    await page.getByLabel(/^Password/).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'invalid user name or password' }).waitFor();
    await shot('01-sign-in');

    const delivered = initialPassword(app);
    await page.getByLabel(/^Password/).fill(delivered);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Change the delivered password').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Runtime LLMs' }).getAttribute('data-disabled'), 'true');
    await page.getByLabel(/^Current password/).fill(delivered);
    await page.getByLabel(/^New password/).fill(NEW_ADMIN_PASSWORD);
    await page.getByLabel(/^Repeat new password/).fill(NEW_ADMIN_PASSWORD);
    await shot('02-forced-password-change');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed.').waitFor();
    await page.getByRole('link', { name: 'Runtime LLMs' }).click();
    await page.getByRole('heading', { name: 'Runtime LLMs' }).waitFor();
  });

  it('creates a Runtime LLM and downloads its key once; Gear → Download API Key replaces it', async () => {
    await page.getByRole('button', { name: 'Create Runtime LLM' }).click();
    await page.getByLabel(/^Name/).fill('web-shop');
    await page.getByLabel('Secure Proxy URL').fill('https://llm.shop.internal/v1');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    apiKey = (await page.getByTestId('api-key').textContent())!.trim();
    assert.match(apiKey, /^rmp_[0-9A-Za-z]{43}$/);
    await shot('03-api-key-shown-once');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download API Key' }).click()]);
    assert.equal(download.suggestedFilename(), 'web-shop-api-key.txt');
    assert.equal(readFileSync((await download.path())!, 'utf8').trim(), apiKey);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('llm-web-shop').waitFor();
    assert.ok(!(await page.content()).includes(apiKey), 'the key is gone from the page once the dialog closes');
    assert.equal((await app.inputCheck(apiKey, { message: 'hello' })).status, 200);
    await shot('04-runtime-llms');

    await page.getByRole('button', { name: 'Settings of web-shop' }).click();
    await page.getByRole('menuitem', { name: 'Download API Key' }).click();
    await page.getByRole('button', { name: 'Generate new key' }).click();
    const newKey = (await page.getByTestId('api-key').textContent())!.trim();
    assert.notEqual(newKey, apiKey);
    await page.getByRole('button', { name: 'Done' }).click();
    assert.equal((await app.inputCheck(apiKey, { message: 'hello' })).status, 401);
    apiKey = newKey;
    assert.equal((await app.inputCheck(apiKey, { message: 'hello' })).status, 200);
  });

  it('switching PII Detection off shows enabled: false in a real input-check', async () => {
    const message = { message: 'Contact me at jane.doe@example.com' };
    assert.equal((await app.inputCheck(apiKey, message)).json.checks.pii.enabled, true);
    await go('/guardrails/pii');
    await page.getByRole('heading', { name: 'PII Detection' }).waitFor();
    await page.getByText('Off', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Checks use the new settings from now on.').waitFor();
    const check = await app.inputCheck(apiKey, message);
    assert.deepEqual(check.json.checks.pii, { enabled: false, reason: 'switched_off' });
    await page.getByText('By level', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Checks use the new settings from now on.').waitFor();
    await shot('05-guardrail-pii');
    assert.equal((await app.inputCheck(apiKey, message)).json.checks.pii.enabled, true);
  });

  it('adds a regex rule after testing it (a bad pattern is refused) and sees it block', async () => {
    await go('/guardrails/regex');
    await page.getByRole('heading', { name: 'Add Rules' }).waitFor();
    await page.getByLabel('Rule name').fill('order id');
    await page.getByLabel('Pattern (RE2)').fill('(?=ORD)');
    await page.getByLabel('Test this rule').fill('where is ORD-123456?');
    await page.getByTestId('rule-test-error').filter({ hasText: 'lookahead' }).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    assert.equal(await page.getByText('order id: (?=ORD)').count(), 0, 'a refused pattern is not added');
    await page.getByLabel('Pattern (RE2)').fill('ORD-[0-9]{6}');
    await page.getByTestId('rule-test-result').filter({ hasText: 'matches: would block' }).waitFor();
    assert.equal(await page.getByTestId('highlight').textContent(), 'ORD-123456');
    await shot('06-regex-add-rules');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('order id: ORD-[0-9]{6}').waitFor();
    const check = await app.inputCheck(apiKey, { message: 'where is ORD-123456?' });
    assert.equal(check.json.injection_detected, true);
    assert.equal(check.json.checks.regex.matches[0].name, 'order id');
  });

  it('creates a security profile from a copy and edits its profile-wide settings', async () => {
    await go('/guardrails/profiles');
    await page.getByRole('heading', { name: 'Security profiles' }).waitFor();
    await page.getByRole('button', { name: 'New profile' }).click();
    await page.getByLabel(/^Name/).fill('strict');
    await page.getByLabel('Copy settings and rules from').first().click();
    await page.getByRole('option', { name: 'default', exact: true }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Profile created.').waitFor();
    await page.getByRole('heading', { name: 'Settings of strict' }).waitFor();
    await page.getByRole('switch', { name: 'Record message text' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const shown = await app.cli('profile', 'show', 'strict', '--json');
    assert.equal(shown.json.settings.record_message_text, true);
    assert.equal(shown.json.rules.regexes[0].name, 'order id', 'rules were copied');
    await shot('07-security-profiles');
  });

  it('configures SIEM Integration and sends a test event that reaches the collector', async () => {
    await go('/settings/siem');
    await page.getByRole('heading', { name: 'SIEM Integration' }).waitFor();
    await page.getByLabel('Collector IP address').fill('127.0.0.1');
    await page.getByLabel('UDP port').fill(String(syslog.port));
    await page.getByRole('switch', { name: 'Forward events' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const notice = await page.getByText(/Test event evt_\S+ sent/).textContent();
    const eventId = /evt_\S+/.exec(notice!)![0];
    await syslog.waitFor((l) => l.some((x) => x.includes(eventId)), 'the test event');
    await shot('08-siem-integration');
    const shown = await app.cli('siem', 'show', '--json');
    assert.deepEqual(shown.json, { enabled: true, collector: '127.0.0.1', port: syslog.port, format: 'cef' });
    // Each server process re-reads the SIEM settings once a second, and forwards the checks it makes
    // from then on: check again until a blocked check comes through.
    await syslog.waitFor(
      (l) => l.some((x) => x.includes('check.input.blocked')),
      'a forwarded blocked check',
      undefined,
      () => app.inputCheck(apiKey, { message: 'ORD-654321 please' }),
    );
  });

  it('shows events with the guardrails that fired, and the playground highlights what triggered', async () => {
    await go('/events');
    await page.getByTestId('events-table').getByText('blocked').first().waitFor();
    await page.getByTestId('events-table').getByText('regex').first().waitFor();
    await shot('09-events');

    await go('/playground');
    await page.getByRole('heading', { name: 'Playground' }).waitFor();
    await page.getByLabel('User prompt').fill('Ship ORD-777777 to max@example.org');
    await page.getByRole('button', { name: 'Run check' }).click();
    await page.getByTestId('playground-result').getByText('Blocked').first().waitFor();
    const marked = await page.getByTestId('highlight').allTextContents();
    assert.deepEqual(marked, ['ORD-777777', 'max@example.org']);
    await shot('10-playground');
  });
});
