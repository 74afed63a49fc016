import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../helpers/cli.ts';
import { freshDatabaseEnv } from '../helpers/database.ts';

const PROBE = join(REPO_ROOT, 'test/fixtures/eval/rules-probe.jsonl');

describe('rampart eval with the vector filter', () => {
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rampart-vector-eval-'));
    env = await freshDatabaseEnv();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const evaluate = (...args: string[]) => runCli(['eval', '--data', PROBE, '--data-dir', dataDir, ...args], env);

  it('reports flag rates per sensitivity and the classifier with and without the filter', async () => {
    const r = await evaluate('--only', 'llm,vector', '--json');
    assert.equal(r.code, 0, r.stderr);
    const vector = r.json.vector;
    assert.deepEqual(Object.keys(vector.thresholds), ['Low', 'Medium', 'High']);
    assert.ok(vector.thresholds.Low > vector.thresholds.Medium && vector.thresholds.Medium > vector.thresholds.High);
    assert.equal(vector.sensitivity, 'Medium');
    const rows = Object.fromEntries(vector.totals.map((t: { name: string; rows: number }) => [t.name.split(' ')[0], t.rows]));
    assert.deepEqual(rows, { attack: 3, benign: 2, benign_hard: 1, harmful: 0 });
    for (const t of vector.totals) assert.ok(t.flagged.Low <= t.flagged.Medium && t.flagged.Medium <= t.flagged.High, 'High catches at least what Medium does');
    const attacks = vector.combined[0];
    assert.ok(attacks.llmOrVector >= attacks.llm, 'the filter only adds blocks to the classifier');

    const text = await evaluate('--only', 'vector');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /## Vector filter alone, per file and label/);
  });

  it('leaves the vector section out when the filter does not run', async () => {
    const r = await evaluate('--only', 'llm', '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.vector, null);
  });
});
