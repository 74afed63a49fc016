import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DatasetRow } from '../../src/eval/dataset-files.ts';
import { vectorEvalReport, type VectorScoredRow } from '../../src/eval/vector-eval.ts';
import { loadSentenceEncoder } from '../../src/guardrails/vector/encoder/encoder.ts';
import { REPO_ROOT } from '../helpers/cli.ts';
import { CliThread } from '../helpers/cli-thread.ts';
import { freshDatabaseEnv } from '../helpers/database.ts';

const PROBE = join(REPO_ROOT, 'test/fixtures/eval/rules-probe.jsonl');

describe('rampart eval with the vector filter', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const cli = new CliThread();
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rampart-vector-eval-'));
    env = await freshDatabaseEnv();
  });
  after(async () => {
    await cli.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const evaluate = (...args: string[]) => cli.run(['eval', '--data', PROBE, '--data-dir', dataDir, ...args], env);

  it('reports flag rates per sensitivity and the classifier with and without the filter', async () => {
    const r = await evaluate('--only', 'llm,vector', '--json');
    assert.equal(r.code, 0, r.stderr);
    const vector = r.json.vector;
    assert.deepEqual(Object.keys(vector.thresholds), ['Low', 'Medium', 'High']);
    assert.ok(vector.thresholds.Low > vector.thresholds.Medium && vector.thresholds.Medium > vector.thresholds.High);
    assert.equal(vector.sensitivity, 'Medium');
    const rows = Object.fromEntries(vector.totals.map((t: { name: string; rows: number }) => [t.name.split(' ')[0], t.rows]));
    assert.deepEqual(rows, { attack: 3, benign: 2, benign_hard: 1, harmful: 0 });
    assert.deepEqual(
      vector.combined.map((c: { name: string; rows: number }) => [c.name.split(' ')[0], c.rows]),
      [
        ['attack', 3],
        ['benign', 2],
        ['benign_hard', 1],
        ['harmful', 0],
      ],
    );

    const text = await evaluate('--only', 'vector');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /## Vector filter alone, per file and label/);
  });

  it('counts a row as flagged at a sensitivity from its threshold on, and as blocked with the filter when either model blocks it', () => {
    const encoder = loadSentenceEncoder();
    const t = encoder.calibration.thresholds;
    const row = (label: string, text: string): DatasetRow => ({ text, label, category: 'probe', source: 'rampart:test', license: 'Apache-2.0', file: 'probe' });
    const scored: VectorScoredRow[] = [
      { row: row('injection', 'classifier only'), llm: true, score: 0 },
      { row: row('injection', 'filter only, exactly at the Medium threshold'), llm: false, score: t.Medium },
      { row: row('jailbreak', 'just under the Medium threshold'), llm: false, score: (t.Medium + t.High) / 2 },
      { row: row('benign', 'flagged at High only'), llm: false, score: t.High },
      { row: row('benign', 'both'), llm: true, score: t.Low },
    ];
    const at = (sensitivity: 'Medium' | 'High') => vectorEvalReport({ encoder, scored, sensitivity });
    const combined = (report: ReturnType<typeof at>) => Object.fromEntries(report.combined!.map((c) => [c.name.split(' ')[0], [c.rows, c.llm, c.llmOrVector]]));
    assert.deepEqual(combined(at('Medium')), { attack: [3, 1, 2], benign: [2, 1, 1], benign_hard: [0, 0, 0], harmful: [0, 0, 0] });
    assert.deepEqual(combined(at('High')), { attack: [3, 1, 3], benign: [2, 1, 2], benign_hard: [0, 0, 0], harmful: [0, 0, 0] });
    const flagged = Object.fromEntries(at('Medium').totals.map((g) => [g.name.split(' ')[0], g.flagged]));
    assert.deepEqual(flagged.attack, { Low: 0, Medium: 1, High: 2 });
    assert.deepEqual(flagged.benign, { Low: 1, Medium: 1, High: 2 });
  });

  it('leaves the vector section out when the filter does not run', async () => {
    const r = await evaluate('--only', 'llm', '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.vector, null);
  });
});
