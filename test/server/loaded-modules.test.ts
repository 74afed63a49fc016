import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const APPLIANCE = new URL('../../src/server/appliance.ts', import.meta.url).href;
const DATA_DIRECTORY = new URL('../../src/server/data-directory.ts', import.meta.url).href;
const CONFIG = new URL('../../src/config/app-config.ts', import.meta.url).href;
const LOGGER = new URL('../../src/server/logger.ts', import.meta.url).href;

interface Loaded {
  /** npm packages loaded through the CommonJS loader (the keys of require.cache). */
  packages: string[];
  /** Whether Node's own fetch implementation (undici) was loaded. */
  undici: boolean;
}

/**
 * Runs one step of a server start in a process of its own on a SQLite data directory — `prepare`
 * (what the first worker does once) or `build` (the appliance every worker builds, warm-up included) —
 * and reports which modules that process loaded.
 */
function modulesLoadedBy(step: 'prepare' | 'build', dataDir: string): Promise<Loaded> {
  const script = `
    import { createRequire } from 'node:module';
    const { buildAppliance } = await import(${JSON.stringify(APPLIANCE)});
    const { prepareDataDirectory } = await import(${JSON.stringify(DATA_DIRECTORY)});
    const { loadAppConfig } = await import(${JSON.stringify(CONFIG)});
    const { createLogger } = await import(${JSON.stringify(LOGGER)});
    const config = loadAppConfig({ dataDir: ${JSON.stringify(dataDir)}, host: '127.0.0.1', apiPort: '0', dashboardPort: '0', workers: '1' }, { RAMPART_LOG_LEVEL: 'error' });
    const log = createLogger('error');
    if (${JSON.stringify(step)} === 'prepare') await prepareDataDirectory(config, log);
    else await (await buildAppliance(config, log)).close();
    const cached = Object.keys(createRequire(import.meta.url).cache);
    const packages = [...new Set(cached.map((path) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(path)?.[1]).filter(Boolean))];
    process.stdout.write(JSON.stringify({ packages, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));
  `;
  const env = { ...process.env, RAMPART_DATABASE_URL: '', NODE_DISABLE_COMPILE_CACHE: '1' };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${step} failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as Loaded);
    });
  });
}

describe('a server process on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-modules-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('loads the certificate libraries only to create the certificate, and never the PostgreSQL driver or undici', async () => {
    const preparing = await modulesLoadedBy('prepare', dataDir);
    assert.ok(preparing.packages.includes('selfsigned'), 'the first start creates the self-signed certificate');

    const serving = await modulesLoadedBy('build', dataDir);
    // What every server process needs, seen the same way.
    for (const needed of ['fastify', 'onnxruntime-node', 'usearch']) assert.ok(serving.packages.includes(needed), needed);
    for (const unneeded of ['pg', 'selfsigned', '@peculiar/x509']) assert.ok(!serving.packages.includes(unneeded), unneeded);
    assert.equal(serving.undici, false);
  });
});
