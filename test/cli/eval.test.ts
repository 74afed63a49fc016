import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../helpers/cli.ts';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'eval');

describe('rampart eval', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-eval-'));
  const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir]);
  before(async () => {
    assert.equal((await cli('profile', 'update', 'default', '--add-keyword', 'zebra')).code, 0);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs labelled files through the pipeline of a profile and reports block rates, precision, recall and false positives', async () => {
    const result = await cli('eval', '--data', join(FIXTURES, 'rules-probe.jsonl'), '--only', 'keyword', '--json');
    assert.equal(result.code, 0, result.stderr);
    const overall = result.json.classification.overall;
    assert.equal(overall.rows, 6);
    assert.deepEqual(overall.byLabel.injection, { rows: 1, blocked: 1, blockRate: 1 });
    assert.deepEqual(overall.byLabel.prompt_extraction, { rows: 1, blocked: 0, blockRate: 0 });
    assert.equal(overall.byLabel.benign.blocked, 0, '"zebras" is not the whole word "zebra"');
    assert.equal(overall.fprBenignHard, 1);
    assert.equal(overall.recall, 2 / 3);
    assert.equal(overall.precision, 2 / 3);
  });

  it('prints a table per file and overall', async () => {
    const result = await cli('eval', '--data', join(FIXTURES, 'rules-probe.jsonl'), '--only', 'keyword');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /\| rules-probe \| 6 \|/);
    assert.match(result.stdout, /\| \*\*overall\*\* \| 6 \|/);
  });

  it('breaks results down by language and by attack technique when the categories carry them', async () => {
    const result = await cli('eval', '--data', join(FIXTURES, 'facets-probe.jsonl'), '--only', 'keyword', '--json');
    assert.equal(result.code, 0, result.stderr);
    const { byLanguage, byTechnique } = result.json.classification;
    assert.deepEqual(
      byLanguage.map((s: { name: string; rows: number }) => [s.name, s.rows]),
      [
        ['English', 3],
        ['Spanish', 2],
      ],
    );
    const english = byLanguage.find((s: { name: string }) => s.name === 'English');
    assert.deepEqual(english.byLabel.injection, { rows: 1, blocked: 1, blockRate: 1 }, '"zebra" is a keyword of the profile');
    assert.equal(english.byLabel.benign.blocked, 0, '"zebras" is not the whole word "zebra"');
    // Techniques are read off attack rows only, without the language suffix.
    assert.deepEqual(
      byTechnique.map((s: { name: string; rows: number }) => [s.name, s.rows]),
      [
        ['probe:override', 2],
        ['probe:persona', 1],
      ],
    );
    const printed = await cli('eval', '--data', join(FIXTURES, 'facets-probe.jsonl'), '--only', 'keyword');
    assert.match(printed.stdout, /\| language \| rows \|/);
    assert.match(printed.stdout, /\| probe:override \| 2 \|/);
  });

  it('keeps each table row on one line with its columns when a category holds a pipe or a line break', async () => {
    const result = await cli('eval', '--data', join(FIXTURES, 'table-cells-probe.jsonl'), '--only', 'keyword');
    assert.equal(result.code, 0, result.stderr);
    const rows = result.stdout.split('\n').filter((line) => line.startsWith('|'));
    const columns = (line: string) => line.split(/(?<!\\)\|/).length;
    assert.ok(rows.length >= 6, result.stdout);
    for (const row of rows) assert.equal(columns(row), columns(rows[0]!), row);
    assert.ok(
      rows.some((row) => row.startsWith('| forum:Probe Board \\| Start Prompt | 1 |')),
      result.stdout,
    );
  });

  it('reports no language table when no category names a language', async () => {
    const result = await cli('eval', '--data', join(FIXTURES, 'rules-probe.jsonl'), '--only', 'keyword', '--json');
    assert.deepEqual(result.json.classification.byLanguage, []);
    assert.deepEqual(
      result.json.classification.byTechnique.map((s: { name: string }) => s.name),
      ['probe'],
    );
  });

  it('scores span-labelled PII files per entity type', async () => {
    const result = await cli('eval', '--data', join(FIXTURES, 'pii-probe.jsonl'), '--json');
    assert.equal(result.code, 0, result.stderr);
    const [pii] = result.json.pii;
    assert.ok(pii.file.endsWith('pii-probe.jsonl'));
    assert.equal(pii.report.texts, 2);
    for (const type of ['EMAIL_ADDRESS', 'PHONE_NUMBER', 'CREDIT_CARD']) assert.equal(pii.report.perType[type].f1, 1, type);
    assert.equal(pii.report.exactBoundaries, 1);
  });

  it('rejects unknown guardrails and levels', async () => {
    const bad = await cli('eval', '--data', FIXTURES, '--only', 'firewall');
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /Unknown guardrail "firewall"/);
    assert.equal((await cli('eval', '--data', FIXTURES, '--level', '7')).code, 1);
  });
});
