import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { addKeywordRule } from '../../src/admin/profiles.ts';
import { ensureBootstrapAdmin } from '../../src/auth/accounts.ts';
import { listAdminUsers } from '../../src/store/admin-users.ts';
import { migrationProvider } from '../../src/store/migrations/index.ts';
import type { Store } from '../../src/store/store.ts';
import { openStore } from '../../src/store/open-store.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { createPostgresServer, type PostgresServer } from '../helpers/postgres-server.ts';
import { waitUntil } from '../helpers/wait-until.ts';

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function createDatabase(server: PostgresServer, name: string): Promise<string> {
  await query(server.url, `CREATE DATABASE ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Log lines at pino's error level or above. */
const errorsLogged = (app: TestAppliance) => app.logs.filter((line) => typeof line.level === 'number' && line.level >= 50);

describe('nodes sharing one PostgreSQL database', () => {
  let server: PostgresServer;
  before(async () => {
    server = await createPostgresServer();
  });
  after(() => server.destroy());

  it('two nodes starting at once on an empty database both become ready; each migration, the default profile and the first administrator exist once', async () => {
    const url = await createDatabase(server, 'rampart_simultaneous');
    const [a, b] = await Promise.all([startAppliance({ env: { RAMPART_DATABASE_URL: url } }), startAppliance({ env: { RAMPART_DATABASE_URL: url } })]);
    try {
      for (const node of [a, b]) {
        const ready = await node.api('/readyz');
        assert.equal(ready.status, 200, ready.text);
        assert.deepEqual(errorsLogged(node), []);
      }
      const applied = await query<{ name: string }>(url, 'select name from kysely_migration order by name');
      assert.deepEqual(
        applied.map((row) => row.name),
        Object.keys(await migrationProvider.getMigrations()).sort(),
      );
      const profiles = await a.cli('profile', 'list', '--json');
      assert.deepEqual(
        profiles.json.map((p: { name: string }) => p.name),
        ['default'],
      );
      const admins = await a.cli('admin', 'list', '--json');
      assert.deepEqual(
        admins.json.map((u: { username: string }) => u.username),
        ['admin'],
      );
      const delivered = [a, b].filter((node) => existsSync(join(node.dataDir, 'initial-password-admin')));
      assert.equal(delivered.length, 1, 'one node created the administrator and holds the password file');

      const { apiKey } = await a.createRuntimeLlm('served-by-both');
      assert.equal((await a.inputCheck(apiKey, { message: 'hello' })).status, 200);
      assert.equal((await b.inputCheck(apiKey, { message: 'hello' })).status, 200);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  it('two nodes delivering the first administrator at the same moment create one account, and one password file', async () => {
    const url = await createDatabase(server, 'rampart_bootstrap_race');
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'rampart-node-')));
    const stores = await Promise.all(dirs.map((dataDir) => openStore({ dataDir, databaseUrl: url })));
    try {
      const delivered = await Promise.all(stores.map((store, n) => ensureBootstrapAdmin(store, dirs[n]!)));
      assert.equal(delivered.filter((path) => path !== undefined).length, 1, delivered.join(', '));
      assert.deepEqual(
        (await listAdminUsers(stores[0]!.db)).map((user) => user.username),
        ['admin'],
      );
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a configuration change whose notice never arrives still reaches a running node', async () => {
    const url = await createDatabase(server, 'rampart_lost_notice');
    const app = await startAppliance({ env: { RAMPART_DATABASE_URL: url } });
    const writerDir = mkdtempSync(join(tmpdir(), 'rampart-writer-'));
    const store = await openStore({ dataDir: writerDir, databaseUrl: url });
    try {
      const { apiKey } = await app.createRuntimeLlm('missed-notice', '--level', '1');
      const blockedBy = async () => (await app.inputCheck(apiKey, { message: 'the quokka protocol' })).json.blocked_by as string[];
      assert.deepEqual(await blockedBy(), []);

      // A writer that commits the change but whose NOTIFY is lost on the way.
      const silentWriter: Store = {
        db: store.db,
        kind: store.kind,
        location: store.location,
        dataDir: store.dataDir,
        changedSinceLastCall: () => false,
        notifyConfigChanged: async () => {},
        insertCheckEvents: (rows) => store.insertCheckEvents(rows),
        close: async () => {},
      };
      await addKeywordRule(silentWriter, { id: 'test:lost-notice' }, 'default', { keyword: 'quokka' });

      await waitUntil('the node to block with the rule it was never told about', async () => (await blockedBy()).includes('keyword'), {
        timeoutMs: 15_000,
        intervalMs: 200,
      });
    } finally {
      await store.close();
      await app.dispose();
      rmSync(writerDir, { recursive: true, force: true });
    }
  });
});
