import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { allStarted, ensureDashboardBuilt, launchChromium, signInFirstTime } from '../helpers/browser.ts';

/** What a new administrator meets in the forms: confirmations, refusals shown in place, wording, routes. */
describe('dashboard forms in headless Chromium', () => {
  let app: TestAppliance;
  let browser: Browser;
  let page: Page;
  const go = (hash: string) => page.goto(`${app.dashboardUrl}/#${hash}`);

  before(async () => {
    ensureDashboardBuilt();
    await allStarted([startAppliance().then((a) => (app = a)), launchChromium().then((b) => (browser = b))]);
    page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 900 } })).newPage();
    await signInFirstTime(page, app);
  });
  after(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('asks before deleting a Runtime LLM, naming the key that stops working', async () => {
    const { apiKey } = await app.createRuntimeLlm('doomed');
    await go('/runtime-llms');
    await page.getByTestId('llm-doomed').waitFor();
    const openDelete = async () => {
      await page.getByRole('button', { name: 'Settings of doomed' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
    };
    await openDelete();
    const dialog = page.getByRole('dialog', { name: 'Delete doomed?' });
    await dialog.getByText(/revoked at once/).waitFor();
    assert.ok((await dialog.textContent())!.includes(`rmp_…${apiKey.slice(-4)}`), 'the dialog names the key by its hint');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await app.inputCheck(apiKey, { message: 'still here?' })).status, 200, 'cancel deletes nothing');

    await openDelete();
    await page.getByRole('button', { name: 'Delete Runtime LLM' }).click();
    await page.getByTestId('llm-doomed').waitFor({ state: 'detached' });
    assert.equal((await app.inputCheck(apiKey, { message: 'gone?' })).status, 401);
  });

  it('asks before deleting a security profile, naming its rules', async () => {
    assert.equal((await app.cli('profile', 'create', '--name', 'temporary')).code, 0);
    assert.equal((await app.cli('profile', 'update', 'temporary', '--add-keyword', 'alpha', '--add-keyword', 'beta')).code, 0);
    await go('/guardrails/profiles');
    await page.getByRole('button', { name: 'Delete temporary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete profile temporary?' });
    await dialog.getByText(/2 keyword and 0 regex rules are lost/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await app.cli('profile', 'show', 'temporary', '--json')).code, 0, 'cancel deletes nothing');
    await page.getByRole('button', { name: 'Delete temporary' }).click();
    await page.getByRole('button', { name: 'Delete profile' }).click();
    await page.getByText('Profile deleted.').waitFor();
    assert.notEqual((await app.cli('profile', 'show', 'temporary', '--json')).code, 0);
  });

  it('refuses out-of-range values next to their field and saves nothing', async () => {
    const before = (await app.cli('profile', 'show', 'default', '--json')).json.settings;
    await go('/guardrails/llm');
    await page.getByRole('heading', { name: 'LLM Guardrail' }).waitFor();
    await page.getByLabel('Threshold').fill('1.7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'guardrails.llm.threshold must be a number from 0 to 1; got 1.7.' }).waitFor();
    assert.equal(await page.getByText(/^Saved/).count(), 0);
    assert.deepEqual((await app.cli('profile', 'show', 'default', '--json')).json.settings, before, 'the threshold was neither clamped nor saved');

    await go('/settings/siem');
    for (const port of ['70000', '0']) {
      await page.getByLabel('UDP port').fill(port);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`The field port must be a whole number from 1 to 65535; got ${port}.`, { exact: true }).waitFor();
      assert.equal(await page.getByText('Saved.').count(), 0);
    }
    assert.equal((await app.cli('siem', 'show', '--json')).json.port, 514);

    await go('/settings/retention');
    await page.getByLabel('Keep check events for (days)').fill('-5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('max_age_days must be a whole number from 1 to 3650; got -5.').waitFor();
    assert.equal(await page.getByText(/^Saved/).count(), 0);
    const retention = await app.cli('retention', 'show', '--json');
    assert.equal(retention.json.max_age_days, 30, retention.stdout);
  });

  it('creates a Forwarding-mode Runtime LLM with its upstream API key, in web wording', async () => {
    await go('/runtime-llms');
    await page.getByRole('button', { name: 'Create Runtime LLM' }).click();
    await page.getByLabel(/^Name/).fill('proxied');
    await page.getByLabel('Mode', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Forwarding', exact: true }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const urlError = page.getByText('A Runtime LLM in Forwarding mode needs a Secure Proxy URL: the http(s) URL of its LLM endpoint.');
    await urlError.waitFor();
    assert.equal(await page.getByText('--url').count(), 0, 'no command-line flags in the dashboard');
    await page.getByLabel('Secure Proxy URL').fill('https://llm.example.internal/v1');
    await page.getByText('Not set.', { exact: false }).waitFor();
    const upstreamKey = 'sk-upstream-0123456789abcdef0123';
    app.rememberSecret(upstreamKey);
    await page.getByLabel('Upstream API key').fill(upstreamKey);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('llm-proxied').waitFor();
    assert.ok(!(await page.content()).includes(upstreamKey), 'the key is never shown again');

    await page.getByRole('button', { name: 'Settings of proxied' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByText(/^Set\. Type a new key to replace it/).waitFor();
    assert.equal(await page.getByLabel('Upstream API key').inputValue(), '');
  });

  it('opens #/guardrails and #/profile as their own pages', async () => {
    await go('/guardrails');
    await page.getByRole('heading', { name: 'Guardrails', exact: true }).waitFor();
    await page.getByRole('link', { name: 'System Prompt Protection' }).first().waitFor();
    await go('/profile');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await page.getByText('Signed in with').waitFor();
  });

  it('says "The keyword is empty." only after an attempt to add it, and clears banners on another view', async () => {
    await go('/guardrails/keyword');
    await page.getByRole('heading', { name: 'Add Rules' }).waitFor();
    const tested = page.waitForResponse((r) => r.url().endsWith('/api/rules/test'));
    await page.getByLabel('Test this rule').fill('some sample text');
    assert.equal((await (await tested).json()).error, 'The keyword is empty.');
    await page.evaluate(
      () => new Promise((resolve) => (globalThis as unknown as { requestAnimationFrame: (f: () => void) => void }).requestAnimationFrame(() => resolve(null))),
    ); // the answer is rendered
    assert.equal(await page.getByText('The keyword is empty.').count(), 0);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('The keyword is empty.').waitFor();

    await page.getByText('On', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Saved. Checks use the new settings from now on.').waitFor();
    await page.getByText('By level', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await go('/guardrails/regex');
    await page.getByRole('heading', { name: 'Regex', exact: true }).waitFor();
    assert.equal(await page.getByText(/^Saved/).count(), 0, 'the success banner stayed with its page');
  });

  it('adds a model backend under Settings → Model backends, refusing a bad URL next to its field and showing its health', async () => {
    await go('/settings/backends');
    await page.getByRole('heading', { name: 'Model Backends' }).waitFor();
    await page.getByText('No model backend: every guardrail uses its built-in model.').waitFor();
    await page.getByRole('button', { name: 'Add a model backend' }).click();
    await page.getByLabel('Name').fill('llama-guard');
    await page.getByLabel('Endpoint URL').fill('ftp://judge/v1');
    await page.getByLabel('Model').fill('meta-llama/Llama-Guard-3-8B');
    await page.getByLabel('API key').fill('sk-dashboard-judge-5e2b');
    app.rememberSecret('sk-dashboard-judge-5e2b');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/url must be the http\(s\) base URL/).waitFor();
    assert.equal((await app.cli('backend', 'list', '--json')).json.length, 0, 'nothing saved');

    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/v1');
    await page.getByLabel('Calls at once').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/max_concurrency must be a whole number from 1 to 10000/).waitFor();
    await page.getByLabel('Calls at once').fill('4');
    await page.getByLabel('Queue depth').fill('8');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved llama-guard.').waitFor();
    const row = page.getByTestId('backend-llama-guard');
    await row.getByText('Ready').waitFor();
    await row.getByText('http://127.0.0.1:9/v1 · meta-llama/Llama-Guard-3-8B · llama_guard').waitFor();
    const stored = (await app.cli('backend', 'show', 'llama-guard', '--json')).json;
    assert.equal(stored.api_key_set, true);
    assert.deepEqual([stored.max_concurrency, stored.queue_depth], [4, 8]);

    // A guardrail of a profile asks it, then goes back to its built-in model.
    await go('/guardrails/llm');
    await page.getByText('cascade', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/guardrails\.llm\.backend must name a model backend/).waitFor();
    await page.getByLabel('Backend', { exact: true }).fill('llama-guard');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Checks use the new settings from now on.').waitFor();
    const profile = async () => (await app.cli('profile', 'show', 'default', '--json')).json.settings.guardrails.llm;
    assert.deepEqual([(await profile()).backend_mode, (await profile()).backend], ['cascade', 'llama-guard']);
    await page.getByText('built-in', { exact: true }).click();
    await page.getByLabel('Backend', { exact: true }).fill('');
    const saved = page.waitForResponse((r) => r.url().includes('/api/profiles/') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save' }).click();
    assert.equal((await saved).status(), 200);
    assert.equal((await profile()).backend, undefined, 'emptying the field removes the setting');

    await go('/settings/backends');

    await page.getByRole('button', { name: 'Delete llama-guard' }).click();
    await page.getByRole('button', { name: 'Delete backend' }).click();
    await page.getByText('Deleted llama-guard.').waitFor();
  });
});
