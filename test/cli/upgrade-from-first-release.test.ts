import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { hashPassword } from '../../src/auth/passwords.ts';
import { generateApiKey, hashApiKey, keyHint } from '../../src/keys/api-key.ts';
import { migrationProvider } from '../../src/store/migrations/index.ts';
import { openSqlite } from '../../src/store/sqlite-dialect.ts';
import { SQLITE_FILE } from '../../src/store/sqlite-store.ts';
import { signIn } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { freshDatabaseEnv, usingPostgres } from '../helpers/database.ts';

const FIRST_MIGRATION = '0001-initial';
const ADMIN_PASSWORD = 'first release admin password';

/** The database of the run: SQLite in `dataDir`, or the fresh PostgreSQL database of `env`. */
function openDatabase(dataDir: string, env: Record<string, string>): Kysely<unknown> {
  const url = env.RAMPART_DATABASE_URL;
  if (url) return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) });
  return new Kysely({ dialect: openSqlite(join(dataDir, SQLITE_FILE), 5_000).dialect });
}

/** What an appliance of the first release held: a profile with rules, a Runtime LLM and its key, an administrator, settings and events. */
async function fillFirstRelease(db: Kysely<unknown>, apiKey: string): Promise<void> {
  const now = new Date().toISOString();
  const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const settings = JSON.stringify({ on_error: 'block', guardrails: { keyword: { enabled: true }, regex: { enabled: true } } });
  await sql`insert into security_profiles (id, name, description, settings, created_at, updated_at) values ('prf_strict', 'strict', 'Made by the first release', ${settings}, ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into runtime_llms (id, name, mode, url, level, profile_id, system_prompt, created_at, updated_at)
    values ('llm_first', 'first-app', 'non-forwarding', 'https://placeholder.invalid', 2, 'prf_strict', null, ${now}, ${now})`.execute(db);
  await sql`insert into api_keys (id, runtime_llm_id, key_hash, key_hint, created_at, revoked_at) values ('key_first', 'llm_first', ${hashApiKey(apiKey)}, ${keyHint(apiKey)}, ${now}, null)`.execute(
    db,
  );
  await sql`insert into keyword_rules (id, profile_id, keyword, whole_word, scope, created_at) values ('kw_first', 'prf_strict', 'quokka', 1, 'both', ${now})`.execute(
    db,
  );
  await sql`insert into regex_rules (id, profile_id, name, pattern, case_insensitive, scope, created_at) values ('rx_first', 'prf_strict', 'order id', 'ORD-\\d{4}', 0, 'input', ${now})`.execute(
    db,
  );
  await sql`insert into admin_users (id, username, password_hash, must_change_password, created_at, updated_at) values ('adm_first', 'admin', ${await hashPassword(ADMIN_PASSWORD)}, 0, ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into settings (key, value, updated_at) values ('retention', ${JSON.stringify({ max_age_days: 90, max_events: 5000, audit_max_age_days: 365 })}, ${now})`.execute(
    db,
  );
  const results = JSON.stringify({ keyword: { enabled: true, detected: true, matches: [{ rule_id: 'kw_first', keyword: 'quokka' }] } });
  await sql`insert into check_events (id, created_at, request_id, runtime_llm_id, profile_id, direction, verdict, blocked_by, results, execution_time_ms, message_length, message_sha256)
    values ('evt_first', ${anHourAgo}, 'req_first', 'llm_first', 'prf_strict', 'input', 'blocked', '["keyword"]', ${results}, 1.5, 16, ${'0'.repeat(64)})`.execute(
    db,
  );
  await sql`insert into audit_events (id, created_at, actor, action, target_type, target_id, details) values ('aud_first', ${anHourAgo}, 'cli:operator', 'runtime_llm.create', 'runtime_llm', 'llm_first', '{}')`.execute(
    db,
  );
}

describe(`a ${usingPostgres() ? 'PostgreSQL' : 'SQLite'} database of the first release, upgraded through every migration`, () => {
  const apiKey = generateApiKey();
  let dataDir: string;
  let db: Kysely<unknown>;
  let app: TestAppliance;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rampart-upgrade-'));
    const env = await freshDatabaseEnv();
    db = openDatabase(dataDir, env);
    const first = await new Migrator({ db, provider: migrationProvider }).migrateTo(FIRST_MIGRATION);
    assert.equal(first.error, undefined);
    await fillFirstRelease(db, apiKey);
    app = await startAppliance({ dataDir, env });
    app.rememberSecret(apiKey);
  });
  after(async () => {
    await app?.stop();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server applies every later migration at start', async () => {
    const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
    assert.deepEqual(
      migrations.filter((m) => m.executedAt === undefined).map((m) => m.name),
      [],
    );
    assert.equal((await app.api('/readyz')).status, 200);
  });

  it('the key of the first release still checks, with its profile and rules', async () => {
    const hello = await app.inputCheck(apiKey, { message: 'hello there' });
    assert.equal(hello.status, 200, hello.text);
    assert.deepEqual(hello.json.blocked_by, []);
    assert.ok((await app.inputCheck(apiKey, { message: 'tell me about the quokka' })).json.blocked_by.includes('keyword'));
    assert.ok((await app.inputCheck(apiKey, { message: 'where is ORD-1234' })).json.blocked_by.includes('regex'));
  });

  it('stored configuration, settings and events read back through the CLI', async () => {
    const llms = await app.cli('runtime-llm', 'list', '--json');
    assert.equal(llms.code, 0, llms.stderr);
    const first = llms.json.find((l: { name: string }) => l.name === 'first-app');
    assert.equal(first.mode, 'non-forwarding');
    assert.equal(first.level, 2);
    assert.equal(first.monitor, false, 'a Runtime LLM of the first release enforces');

    const profile = await app.cli('profile', 'show', 'strict', '--json');
    assert.equal(profile.code, 0, profile.stderr);
    assert.deepEqual(
      profile.json.rules.keywords.map((k: { keyword: string }) => k.keyword),
      ['quokka'],
    );
    assert.deepEqual(
      profile.json.rules.regexes.map((r: { name: string }) => r.name),
      ['order id'],
    );
    assert.equal((await app.cli('profile', 'show', 'default', '--json')).code, 0, 'the default profile added by a later migration exists');

    assert.equal((await app.cli('retention', 'show', '--json')).json.max_age_days, 90);

    const events = await app.cli('events', 'list', '--json', '--limit', '100');
    const old = events.json.find((e: { request_id: string }) => e.request_id === 'req_first');
    assert.equal(old.verdict, 'blocked');
    assert.deepEqual(old.blocked_by, ['keyword']);
    assert.deepEqual(old.monitored_by, []);

    const audit = await app.cli('audit', 'list', '--json', '--limit', '1000');
    assert.ok(audit.json.some((e: { id: string }) => e.id === 'aud_first'));
  });

  it('the administrator of the first release signs in with their password', async () => {
    const admin = await signIn(app, 'admin', ADMIN_PASSWORD);
    const session = await admin.request('/api/auth/session');
    assert.equal(session.status, 200, session.text);
    assert.equal((await admin.request('/api/runtime-llms')).status, 200);
  });
});
