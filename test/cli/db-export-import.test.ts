import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { runCli } from '../helpers/cli.ts';
import { freshDatabaseEnv, usingPostgres } from '../helpers/database.ts';

describe(`moving an appliance's data from SQLite to ${usingPostgres() ? 'PostgreSQL' : 'another SQLite store'}`, () => {
  let source: TestAppliance;
  let target: TestAppliance | undefined;
  let apiKey: string;
  const work = mkdtempSync(join(tmpdir(), 'rampart-dump-'));
  const dump = join(work, 'dump.jsonl');

  before(async () => {
    source = await startAppliance({ sqlite: true });
    ({ apiKey } = await source.createRuntimeLlm('migrating-app', '--level', '2'));
    assert.equal((await source.cli('profile', 'update', 'default', '--add-keyword', 'legacy-secret', '--add-regex', 'ref=REF-[0-9]+')).code, 0);
    for (const message of ['hello', 'legacy-secret inside', 'REF-42']) assert.equal((await source.inputCheck(apiKey, { message })).status, 200);
    await source.stop(); // flushes queued events
  });
  after(async () => {
    await target?.dispose();
    await source.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('exports everything as JSON lines readable only by the owner, without any API key', async () => {
    const exported = await runCli(['db', 'export', '--output', dump, '--data-dir', source.dataDir], {});
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(statSync(dump).mode & 0o777, 0o600);
    const lines = readFileSync(dump, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines[0].format, 'rampart-dump');
    const tables = new Set(lines.slice(1).map((l: { table: string }) => l.table));
    for (const table of ['security_profiles', 'runtime_llms', 'api_keys', 'keyword_rules', 'regex_rules', 'audit_events', 'check_events'])
      assert.ok(tables.has(table), table);
    assert.ok(!readFileSync(dump, 'utf8').includes(apiKey));
  });

  it('imports into an empty store; the same key, rules and events work there', async () => {
    const targetDir = mkdtempSync(join(tmpdir(), 'rampart-target-'));
    const env = await freshDatabaseEnv();
    const imported = await runCli(['db', 'import', '--input', dump, '--data-dir', targetDir, '--json'], env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(imported.json.imported.runtime_llms, 1);
    assert.equal(imported.json.imported.check_events, 3);
    target = await startAppliance({ dataDir: targetDir, env, sqlite: !usingPostgres() });
    const res = await target.inputCheck(apiKey, { message: 'a legacy-secret here' });
    assert.equal(res.status, 200);
    assert.ok(res.json.blocked_by.includes('keyword'));
    assert.deepEqual(res.json.checks.vector, { enabled: false, reason: 'switched_off' }, 'protection level 2 came along');
    assert.equal((await target.cli('runtime-llm', 'show', 'migrating-app', '--json')).json.level, 2);
    const status = await target.cli('db', 'status', '--json');
    assert.equal(status.json.kind, usingPostgres() ? 'postgres' : 'sqlite');
    assert.ok(status.json.rows.check_events >= 4);
    const audit = await target.cli('audit', 'list', '--json', '--limit', '200');
    assert.ok(audit.json.some((e: { action: string }) => e.action === 'db.import'));
  });

  it('refuses to overwrite a store that holds data unless told to, and a broken dump changes nothing', async () => {
    assert.ok(target);
    const refused = await target.cli('db', 'import', '--input', dump);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /--replace/);
    const broken = join(work, 'broken.jsonl');
    writeFileSync(broken, `${readFileSync(dump, 'utf8').split('\n').slice(0, 4).join('\n')}\n{"table":"nope","row":{}}\n`);
    const failed = await target.cli('db', 'import', '--input', broken, '--replace');
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /Unexpected line/);
    assert.equal((await target.inputCheck(apiKey, { message: 'still works' })).status, 200);
  });
});
