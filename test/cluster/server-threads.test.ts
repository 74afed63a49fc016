import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { ServerThreads } from '../../src/server/server-threads.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const SCRIPT = new URL('../fixtures/server-threads/scripted-thread.ts', import.meta.url);

describe('the threads of a server', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A data directory holding `files`, the server's configuration on it, and its log lines. */
  function setUp(...files: string[]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rampart-threads-'));
    dirs.push(dataDir);
    for (const f of files) writeFileSync(join(dataDir, f), '');
    const lines: { msg: string; worker?: number; code?: number }[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const config = loadAppConfig({ dataDir, apiPort: '0', dashboardPort: '0', host: '127.0.0.1', workers: '2' }, {});
    return { dataDir, lines, log, config };
  }

  it('start the others on the ports the first one listens on, replace one that ends, and stop them all', async () => {
    const { dataDir, lines, log, config } = setUp();
    const server = await ServerThreads.start(config, 2, log, SCRIPT);
    // The second thread was given the first one's port (given port 0, it would report 40002).
    assert.deepEqual(await server.ready, { apiPort: 40001, dashboardPort: 3000 });
    assert.equal(lines.filter((l) => l.msg === 'rampart ready').length, 1);

    const replaced = (n: number) => lines.filter((l) => l.msg === 'worker stopped unexpectedly; starting a new one' && l.worker === 1).length === n;
    writeFileSync(join(dataDir, 'end-1'), '');
    await waitUntil('the first thread to end', async () => replaced(1));
    // Only a thread that runs again can end a second time.
    await waitUntil('its replacement to run', async () => {
      writeFileSync(join(dataDir, 'end-1'), '');
      return replaced(2);
    });

    server.stop();
    await server.stopped;
    assert.equal(lines.filter((l) => l.msg === 'worker stopped unexpectedly; starting a new one').length, 2, 'the stop ended no thread unexpectedly');
  });

  it('stop the server with the error of a thread that ends before the server is ready, without starting it again', async () => {
    const { lines, log, config } = setUp('fail-start-2');
    const server = await ServerThreads.start(config, 2, log, SCRIPT);
    await assert.rejects(server.stopped, /thread 2 cannot listen/);
    assert.ok(!lines.some((l) => l.msg === 'rampart ready'));
    assert.ok(!lines.some((l) => l.msg === 'worker stopped unexpectedly; starting a new one'));
  });

  it('start no server thread when the data directory cannot be prepared', async () => {
    const { lines, log, config } = setUp('fail-prepare');
    await assert.rejects(ServerThreads.start(config, 2, log, SCRIPT), /the data directory cannot be prepared/);
    assert.deepEqual(lines, []);
  });
});
