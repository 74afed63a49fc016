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
    assert.match(bad.stderr, /unknown guardrail "firewall"/);
    assert.equal((await cli('eval', '--data', FIXTURES, '--level', '7')).code, 1);
  });
});
