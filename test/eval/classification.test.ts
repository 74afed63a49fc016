import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { auc } from '../../src/eval/auc.ts';
import { evaluateClassification, formatClassificationReport, type CheckResponseLike } from '../../src/eval/classification.ts';

function jsonl(rows: Array<{ text: string; label: string; category?: string }>): string {
  return `${rows.map((r) => JSON.stringify({ category: '', source: 's', license: 'MIT', ...r })).join('\n')}\n`;
}

test('auc ranks positives above negatives and counts ties half', () => {
  assert.equal(auc([0.9, 0.8], [0.1, 0.2]), 1);
  assert.equal(auc([0.1], [0.9]), 0);
  assert.equal(auc([0.5], [0.5]), 0.5);
  assert.ok(Number.isNaN(auc([], [0.3])));
});

test('per-file and overall block rates, precision, recall, FPR, AUC and moderation recall', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-eval-'));
  writeFileSync(
    join(dir, 'a.jsonl'),
    jsonl([
      { text: 'attack one', label: 'injection' },
      { text: 'attack two', label: 'jailbreak' },
      { text: 'hello', label: 'benign' },
      { text: 'hi there', label: 'benign' },
      { text: 'kill a process', label: 'benign_hard' },
    ]),
  );
  writeFileSync(
    join(dir, 'b.jsonl'),
    jsonl([
      { text: 'make a bomb', label: 'harmful', category: 'Violence' },
      { text: 'sure, here is how to steal', label: 'unsafe_output', category: '' },
      { text: 'I cannot help with that', label: 'safe_output' },
    ]),
  );
  const directions: string[] = [];
  const check = async (direction: 'input' | 'output', message: string): Promise<CheckResponseLike> => {
    directions.push(`${direction}:${message}`);
    const blocked = /attack one|kill|bomb|steal/.test(message);
    const unsafe = /bomb|steal/.test(message);
    return {
      injection_detected: blocked,
      checks: {
        llm: { score: message.startsWith('attack') ? 0.9 : message === 'kill a process' ? 0.95 : 0.1 },
        content_moderation: { unsafe, category: /bomb/.test(message) ? 'CATEGORIES: VIOLENCE' : unsafe ? 'CATEGORIES: UNETHICAL' : null },
      },
    };
  };
  const report = await evaluateClassification(check, dir);
  assert.ok(directions.includes('output:I cannot help with that'));
  assert.ok(directions.includes('input:make a bomb'));
  const [a, b] = report.files;
  assert.equal(a!.name, 'a');
  assert.equal(a!.byLabel.injection!.blockRate, 1);
  assert.equal(a!.byLabel.jailbreak!.blockRate, 0);
  assert.equal(a!.recall, 0.5);
  assert.equal(a!.precision, 0.5); // one attack and one benign_hard blocked
  assert.equal(a!.fprBenign, 0);
  assert.equal(a!.fprBenignHard, 1);
  assert.equal(a!.llmAuc, 2 / 3); // each attack beats both benign rows and loses to benign_hard
  assert.equal(b!.moderationRecall, 1);
  assert.deepEqual(b!.moderationByCategory.VIOLENCE, { rows: 1, flagged: 1, attributed: 1 });
  assert.equal(report.overall.rows, 8);
  assert.equal(report.overall.recall, 3 / 4);
  const table = formatClassificationReport(report);
  assert.match(table, /\| a \| 5 \|/);
  assert.match(table, /\*\*overall\*\*/);
  assert.match(table, /\| VIOLENCE \| 1 \| 100.0% \| 100.0% \|/);
  const onlyPrompts = formatClassificationReport(await evaluateClassification(check, join(dir, 'a.jsonl')));
  assert.doesNotMatch(onlyPrompts, /moderation category/);
});
