import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { initialPassword, NEW_ADMIN_PASSWORD } from './admin-client.ts';
import type { TestAppliance } from './appliance.ts';
import { REPO_ROOT } from './cli.ts';

/** Debian's chromium, headless; never a downloaded browser build. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Waits for every start, then throws the first failure. Each start assigns what it started, so a
 * suite's `after` stops it: a browser that cannot be launched fails the suite, instead of leaving a
 * started server that keeps the test process running.
 */
export async function allStarted(starts: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(starts)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Builds the dashboard when no build exists (scripts/install.sh normally did it already). */
export function ensureDashboardBuilt(): void {
  if (!existsSync(join(REPO_ROOT, 'dashboard/dist/index.html')))
    execFileSync('npm', ['run', '--silent', 'build:dashboard'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** Where screenshots of the run go: RAMPART_SCREENSHOT_DIR, else tmp/screenshots (git-ignored). */
export function screenshotDir(): string {
  const dir = process.env.RAMPART_SCREENSHOT_DIR ?? join(REPO_ROOT, 'tmp/screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** First sign-in in the browser with the delivered password, then the forced password change. */
export async function signInFirstTime(page: Page, app: TestAppliance): Promise<void> {
  const delivered = initialPassword(app);
  app.rememberSecret(NEW_ADMIN_PASSWORD);
  await page.goto(app.dashboardUrl);
  await page.getByLabel(/^Password/).fill(delivered);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel(/^Current password/).fill(delivered);
  await page.getByLabel(/^New password/).fill(NEW_ADMIN_PASSWORD);
  await page.getByLabel(/^Repeat new password/).fill(NEW_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText('Password changed.').waitFor();
}
