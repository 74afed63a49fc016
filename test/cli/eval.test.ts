import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.ts';
import { CliThread } from '../helpers/cli-thread.ts';
import { writeOnnxClassifier } from '../helpers/onnx-classifier.ts';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'eval');

describe('rampart eval', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-eval-'));
  const thread = new CliThread();
  const cli = (...args: string[]) => thread.run([...args, '--data-dir', dataDir]);
  before(async () => {
    assert.equal((await cli('profile', 'update', 'default', '--add-keyword', 'zebra')).code, 0);
  });
  after(async () => {
    await thread.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

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

describe('rampart eval with a profile whose guardrail asks a model backend', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-eval-backend-'));
  const thread = new CliThread();
  const cli = (...args: string[]) => thread.run([...args, '--data-dir', dataDir]);
  const data = join(FIXTURES, 'backend-probe.jsonl');
  before(async () => {
    // The tiny classifier flags exactly the texts holding ignore, override, jailbreak or disregard.
    const folder = writeOnnxClassifier(join(dataDir, 'tiny-classifier'));
    assert.equal((await cli('backend', 'create', '--name', 'tiny', '--kind', 'onnx', '--path', folder)).code, 0);
    assert.equal(
      (await cli('backend', 'create', '--name', 'nowhere', '--kind', 'llm_judge', '--url', 'http://127.0.0.1:9/v1', '--model', 'm', '--format', 'json')).code,
      0,
    );
    for (const [name, backend, mode] of [
      ['with-tiny', 'tiny', 'both'],
      ['with-nowhere', 'nowhere', 'backend'],
    ] as const) {
      assert.equal((await cli('profile', 'create', '--name', name)).code, 0);
      const set = await cli(
        'profile',
        'update',
        name,
        '--set',
        'on_error=allow',
        '--set',
        `guardrails.llm.backend=${backend}`,
        '--set',
        `guardrails.llm.backend_mode=${mode}`,
      );
      assert.equal(set.code, 0, set.stderr);
    }
  });
  after(async () => {
    await thread.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reports per label what the backend caught besides the built-in model, and scores the profile's verdicts with it", async () => {
    const result = await cli('eval', '--data', data, '--profile', 'with-tiny', '--only', 'llm', '--json');
    assert.equal(result.code, 0, result.stderr);
    const [contribution, ...others] = result.json.backends;
    assert.equal(others.length, 0);
    assert.deepEqual([contribution.guardrail, contribution.backend, contribution.mode], ['llm', 'tiny', 'both']);
    const { byLabel, overall } = contribution;
    assert.deepEqual(
      Object.fromEntries(Object.entries(byLabel).map(([label, c]) => [label, [(c as { rows: number }).rows, (c as { backend: number }).backend]])),
      { benign: [2, 0], benign_hard: [1, 1], injection: [2, 2], jailbreak: [1, 1] },
    );
    assert.equal(overall.failures, 0);
    assert.equal(overall.askedAsConfigured, 6, 'mode both asks the backend on every message');
    assert.equal(typeof overall.latencyMs.median, 'number');
    assert.ok(overall.latencyMs.p99 >= overall.latencyMs.median);

    // The built-in column is what the built-in model alone blocks on the same rows.
    const builtInAlone = await cli('eval', '--data', data, '--profile', 'default', '--only', 'llm', '--json');
    for (const [label, c] of Object.entries(byLabel) as [string, { builtIn: number; backend: number; both: number; configured: number }][]) {
      assert.equal(c.builtIn, builtInAlone.json.classification.overall.byLabel[label].blocked, label);
      // In mode both a message is detected when either model detects it.
      assert.equal(c.configured, c.builtIn + c.backend - c.both, label);
      assert.equal(result.json.classification.overall.byLabel[label].blocked, c.configured, label);
    }
    assert.equal(builtInAlone.json.backends, null, 'a profile without backends reports none');

    const printed = await cli('eval', '--data', data, '--profile', 'with-tiny', '--only', 'llm');
    assert.equal(printed.code, 0, printed.stderr);
    assert.match(printed.stdout, /Model backend tiny on the llm guardrail \(backend_mode both\)/);
    assert.match(printed.stdout, /\| injection \| 2 \| \d+ \([\d.]+%\) \| 2 \(100\.0%\) \|/);
    assert.match(printed.stdout, /\| \*\*overall\*\* \| 6 \|/);
  });

  it("counts a backend's failures by reason and applies on_error, without stopping the run", async () => {
    const result = await cli('eval', '--data', data, '--profile', 'with-nowhere', '--only', 'llm', '--json');
    assert.equal(result.code, 0, result.stderr);
    const { overall } = result.json.backends[0];
    assert.equal(overall.rows, 6);
    assert.equal(overall.failures, 6);
    assert.equal(overall.backend, 0);
    assert.deepEqual(Object.keys(overall.failureReasons).sort(), ['circuit_open', 'unreachable'], 'the breaker opened after five failures');
    assert.equal(overall.configured, 0, 'on_error=allow lets every message pass');
    assert.equal(result.json.classification.overall.recall, 0);
  });
});
