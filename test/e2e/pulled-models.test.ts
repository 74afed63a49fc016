import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { allStarted, ensureDashboardBuilt, launchChromium, signInFirstTime } from '../helpers/browser.ts';
import { FakeHub, classifierRepo } from '../helpers/fake-hub.ts';

describe('Settings → Model backends: pulling a classifier in headless Chromium', () => {
  const repo = classifierRepo({ id: 'acme/browser-guard', cardData: { license: 'llama3.2' } });
  const hub = new FakeHub([repo]);
  let app: TestAppliance;
  let browser: Browser;
  let page: Page;

  before(async () => {
    ensureDashboardBuilt();
    await hub.start();
    await allStarted([startAppliance({ env: { HF_ENDPOINT: hub.url, HF_TOKEN: '' } }).then((a) => (app = a)), launchChromium().then((b) => (browser = b))]);
    page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 1000 } })).newPage();
    await signInFirstTime(page, app);
  });
  after(async () => {
    await browser?.close();
    await app?.dispose();
    await hub.stop();
  });

  it('pulls with a progress bar, shows the licence, files and checksums, and refuses to remove a model in use', async () => {
    await page.goto(`${app.dashboardUrl}/#/settings/backends`);
    await page.getByText('No model pulled or imported.').waitFor();
    await page.getByRole('button', { name: 'Pull a model' }).click();
    await page.getByLabel('Repository').fill('acme/browser-guard');
    await page.getByRole('button', { name: 'Pull', exact: true }).click();
    await page.getByText(/Llama community licence \(llama3\.2\).*--accept-license/).waitFor();

    let release!: () => void;
    hub.hold = new Promise((resolve) => (release = resolve));
    await page.getByLabel(/Accept the model's licence/).check();
    await page.getByLabel('Guardrail to set').first().click();
    await page.getByRole('option', { name: 'LLM (prompt injection)' }).click();
    await page.getByRole('button', { name: 'Pull', exact: true }).click();
    await page
      .getByLabel('Pull progress')
      .getByText(/onnx\/model_quantized\.onnx|tokenizer\.json/)
      .waitFor();
    hub.hold = undefined;
    release();
    await page.getByText('Pulled browser-guard and registered its backend.').waitFor();

    const row = page.getByTestId('model-browser-guard');
    await row.getByText('llama3.2', { exact: true }).waitFor();
    await row.getByText('Accepted', { exact: true }).waitFor();
    await row.getByText('In place', { exact: true }).waitFor();
    await row.getByText(/onnx\/model_quantized\.onnx · \d+ B · /).waitFor();
    await row.getByText(repo.commit.slice(0, 12), { exact: false }).waitFor();
    await row.getByText('used by default/llm').waitFor();
    await page.getByTestId('backend-browser-guard').waitFor();

    await page.getByRole('button', { name: 'Remove browser-guard' }).click();
    await page.getByRole('button', { name: 'Remove model' }).click();
    await page.getByText(/is used by default\/llm/).waitFor();
    const listed = (await app.cli('model', 'list', '--json')).json;
    assert.deepEqual(
      listed.map((m: { name: string }) => m.name),
      ['browser-guard'],
    );
  });
});
