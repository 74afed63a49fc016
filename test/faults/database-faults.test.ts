import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { createPostgresServer } from '../helpers/postgres-server.ts';
import { waitUntil } from '../helpers/wait-until.ts';

async function readiness(app: TestAppliance): Promise<{ status: number; database: string; events: string }> {
  const res = await app.api('/readyz');
  return { status: res.status, database: res.json.checks.database, events: res.json.checks.events };
}

async function eventIds(app: TestAppliance): Promise<Set<string>> {
  const listed = await app.cli('events', 'list', '--json', '--limit', '10000');
  assert.equal(listed.code, 0, listed.stderr);
  return new Set(listed.json.map((e: { request_id: string }) => e.request_id));
}

describe('database faults', () => {
  it('PostgreSQL down: checks keep answering from the loaded configuration, readiness says so, and events written after it returns', async () => {
    const pg = await createPostgresServer();
    const app = await startAppliance({ env: { RAMPART_DATABASE_URL: pg.url } });
    try {
      const { apiKey } = await app.createRuntimeLlm('resilient', '--level', '1');
      assert.equal((await app.cli('profile', 'update', 'default', '--add-keyword', 'outage-word')).code, 0);
      assert.deepEqual((await app.inputCheck(apiKey, { message: 'the outage-word' })).json.blocked_by, ['keyword']);

      pg.stop();
      const during: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await app.inputCheck(apiKey, { message: i % 2 ? 'the outage-word' : 'hello' });
        assert.equal(res.status, 200);
        assert.equal(res.json.injection_detected, i % 2 === 1);
        during.push(res.json.request_id);
      }
      const down = await waitUntil(
        'readiness to report the database down',
        async () => {
          const r = await readiness(app);
          return r.status === 503 && r.events === 'retrying' && r;
        },
        { intervalMs: 100 },
      );
      assert.equal(down.database, 'unavailable');
      const refused = await app.cli('profile', 'update', 'default', '--add-keyword', 'x');
      assert.equal(refused.code, 1, 'a configuration change is refused while the database is down');
      // A request that needs the database is answered 503; the server logs the first failure of the burst, with its cause.
      for (let i = 0; i < 3; i++) {
        const res = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: 'not the password' } });
        assert.equal(res.status, 503, res.text);
        assert.equal(res.json.error.code, 'unavailable');
        assert.equal(res.headers['retry-after'], '1');
      }
      const logged = app.logs.filter((line) => String(line.msg).startsWith('database unavailable'));
      assert.equal(logged.length, 1, 'one log line for the burst of failures');
      assert.equal(logged[0]!.level, 50);
      assert.match(String((logged[0]!.err as { message?: string }).message), /ECONNREFUSED|Connection terminated/, 'the cause: the database is gone');

      pg.start();
      await waitUntil(
        'readiness to report the database back',
        async () => {
          const r = await readiness(app);
          return r.status === 200 && r.events === 'ok';
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      const stored = await eventIds(app);
      for (const id of during) assert.ok(stored.has(id), `event of ${id} written after the database came back`);
    } finally {
      await app.dispose();
      pg.destroy();
    }
  });

  it('SQLite full: checks keep answering, events wait in memory, and pruning old events makes room again', async () => {
    // The first start writes the shipped seed vectors; the store may then grow by one more megabyte.
    const seeding = await startAppliance({ sqlite: true });
    assert.equal(await seeding.stop(), 0);
    const seededMb = Math.ceil(statSync(join(seeding.dataDir, 'rampart.db')).size / 2 ** 20);
    const app = await startAppliance({ sqlite: true, dataDir: seeding.dataDir, env: { RAMPART_DB_MAX_SIZE_MB: String(seededMb + 1) } });
    try {
      const { apiKey } = await app.createRuntimeLlm('bounded', '--level', '1');
      assert.equal((await app.cli('retention', 'set', '--max-events', '50')).code, 0);
      // Rounds of 100 checks until the event writer reports the store full.
      let round = 0;
      const full = await waitUntil(
        'the size-capped database to fill up',
        async () => {
          const batch = await Promise.all(
            Array.from({ length: 100 }, (_, i) => app.inputCheck(apiKey, { message: `filler ${round}-${i} ${'x'.repeat(200)}` })),
          );
          round++;
          for (const res of batch) assert.equal(res.status, 200);
          const r = await readiness(app);
          return r.events !== 'ok' && r;
        },
        { timeoutMs: 120_000, intervalMs: 300, state: () => `${round} rounds of 100 checks sent` },
      );
      assert.equal(full.status, 200, 'a full event store does not take the node out of service');
      assert.equal((await app.inputCheck(apiKey, { message: 'still checking' })).status, 200);

      const pruned = await app.cli('retention', 'prune', '--json');
      assert.equal(pruned.code, 0, pruned.stderr);
      assert.ok(pruned.json.deleted.check_events > 0);
      await waitUntil('the event writer to find room again', async () => (await readiness(app)).events === 'ok', { intervalMs: 100 });
      const integrity = await app.cli('db', 'status', '--json');
      assert.equal(integrity.code, 0);
      assert.equal(integrity.json.rows.runtime_llms, 1, 'configuration intact');
    } finally {
      await app.dispose();
      await seeding.dispose();
    }
  });

  it('SQLite write-locked by another process: checks keep answering, events are written once the lock is gone', async () => {
    const app = await startAppliance({ sqlite: true });
    try {
      const { apiKey } = await app.createRuntimeLlm('patient', '--level', '1');
      // Another process takes the write lock and holds it for three seconds.
      const holder = spawn(process.execPath, [
        '-e',
        `
        const { DatabaseSync } = require('node:sqlite');
        const db = new DatabaseSync(${JSON.stringify(join(app.dataDir, 'rampart.db'))});
        db.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n');
        setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, 3000);`,
      ]);
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      const during: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await app.inputCheck(apiKey, { message: `during the lock ${i}` });
        assert.equal(res.status, 200);
        during.push(res.json.request_id);
      }
      await new Promise((resolve) => holder.once('exit', resolve));
      await waitUntil(
        'the events of the checks made during the lock to be written',
        async () => {
          const stored = await eventIds(app);
          return during.every((id) => stored.has(id));
        },
        { intervalMs: 100 },
      );
    } finally {
      await app.dispose();
    }
  });
});
