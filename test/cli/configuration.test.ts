import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, loadAppConfig } from '../../src/config/app-config.ts';
import { runCli } from '../helpers/cli.ts';

describe('configuration: flags over environment over defaults, validated before anything starts', () => {
  const parent = mkdtempSync(join(tmpdir(), 'rampart-config-'));
  after(() => rmSync(parent, { recursive: true, force: true }));

  it('serve with a bad number in an environment variable exits 1 naming the variable and the range, before creating anything', async () => {
    const dataDir = join(parent, 'never-created');
    const result = await runCli(['serve', '--data-dir', dataDir, '--api-port', '0', '--dashboard-port', '0'], { RAMPART_MAX_MESSAGE_CHARS: '32k' });
    assert.equal(result.code, 1);
    assert.equal(result.stderr, 'Error: The setting RAMPART_MAX_MESSAGE_CHARS must be a whole number from 1 to 10000000; got "32k".\n');
    assert.equal(existsSync(dataDir), false, 'no data directory, no listener: the start stopped at the configuration');
  });

  it('a flag is named when it carries the bad value, and wins over its variable', async () => {
    const result = await runCli(['serve', '--data-dir', join(parent, 'flag'), '--api-port', '70000'], { RAMPART_API_PORT: '8443' });
    assert.equal(result.code, 1);
    assert.equal(result.stderr, 'Error: The setting --api-port must be a whole number from 0 to 65535; got 70000.\n');
  });

  it('every command validates the settings, not only serve', async () => {
    const result = await runCli(['profile', 'list', '--data-dir', join(parent, 'profiles')], { RAMPART_LOG_LEVEL: 'verbose' });
    assert.equal(result.code, 1);
    assert.equal(result.stderr, 'Error: The setting RAMPART_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose".\n');
  });

  it('a secret setting is refused without repeating its value', async () => {
    const url = 'mysql://rampart:hunter2-secret@db.internal/rampart';
    const result = await runCli(['db', 'status', '--data-dir', join(parent, 'db')], { RAMPART_DATABASE_URL: url });
    assert.equal(result.code, 1);
    assert.equal(
      result.stderr,
      `Error: The setting RAMPART_DATABASE_URL must be a postgres:// or postgresql:// URL; got a value of ${url.length} characters.\n`,
    );
  });

  it('loadAppConfig: flag, then variable, then default; empty variables count as unset; directories are absolute', () => {
    const config = loadAppConfig(
      { apiPort: '8443' },
      { RAMPART_API_PORT: '9443', RAMPART_DASHBOARD_PORT: '3443', RAMPART_HOST: '', RAMPART_DATA_DIR: 'relative/data' },
    );
    assert.equal(config.apiPort, 8443);
    assert.equal(config.dashboardPort, 3443);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, resolve('relative/data'));
    assert.equal(config.maxFailedLogins, 5);
    assert.equal(config.credentialsKey, undefined);
  });

  it('loadAppConfig throws a ConfigError that names the setting', () => {
    assert.throws(
      () => loadAppConfig({}, { RAMPART_SESSION_IDLE_SECONDS: '0' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.setting === 'RAMPART_SESSION_IDLE_SECONDS' &&
        error.message === 'The setting RAMPART_SESSION_IDLE_SECONDS must be a whole number of at least 1; got 0.',
    );
  });
});
