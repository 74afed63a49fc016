import assert from 'node:assert/strict';
import { test } from 'node:test';
import { faker } from '@faker-js/faker';
import { personalView, scoreSpans } from '../../src/eval/pii-spans.ts';
import { compose } from '../../training/pii/compose.ts';
import { generateEvalCorpus } from '../../training/pii/eval-corpus.ts';
import { FRAMES_WITH_NAMES, FRAMES_WITHOUT_NAMES } from '../../training/pii/frames.ts';
import { generateIndependentCorpus } from '../../training/pii/independent/corpus.ts';
import { HELD_OUT_LOCALES } from '../../training/pii/independent/locales.ts';
import { INDEPENDENT_WITH_ENTITIES, INDEPENDENT_WITHOUT_ENTITIES } from '../../training/pii/independent/templates.ts';
import { CALIBRATION_NAMES, LATIN_LOCALES, TRAIN_NAMES, TRANSLITERATED_LOCALES } from '../../training/pii/names.ts';
import { EVAL_WITH_ENTITIES, EVAL_WITHOUT_ENTITIES } from '../../training/pii/templates-eval.ts';
import { TRAIN_WITH_NAMES, TRAIN_WITHOUT_NAMES } from '../../training/pii/templates-train.ts';

const fill = (template: string) => {
  faker.seed(3);
  return compose(template, faker, TRAIN_NAMES, { lowerCase: 0, upperCase: 0, split: 'train' });
};

test('adjacent name slots make one name span', () => {
  const { text, spans } = fill('Call {FIRST} {LAST} today.');
  assert.equal(spans.length, 1);
  assert.match(text.slice(spans[0]!.start, spans[0]!.end), /^\S+.* \S+$/);
  assert.equal(text.slice(0, spans[0]!.start), 'Call ');
});

test('name slots separated by more than a space stay separate', () => {
  assert.equal(fill('{LAST}, {FIRST}').spans.length, 2);
});

test('names are personal data unless the template marks a mention; authors are always mentions', () => {
  assert.equal(fill('Please remind {FIRST}.').spans[0]!.personal, true);
  assert.equal(fill('{FULL:mention} wins the prize').spans[0]!.personal, false);
  assert.equal(fill('Poems by {AUTHOR}').spans[0]!.personal, false);
  assert.equal(fill('Mail {EMAIL}').spans[0]!.personal, undefined);
});

test('only name slots can be marked as mentions', () => {
  assert.throws(() => fill('Mail {EMAIL:mention}'), /only name slots/);
});

test('personal-data scoring drops mentioned names from the gold standard, so finding them counts against precision', () => {
  const rows = [
    {
      text: 'Dear Ana, Bo won.',
      spans: [
        { type: 'PERSON', start: 5, end: 8, personal: true },
        { type: 'PERSON', start: 10, end: 12, personal: false },
      ],
    },
  ];
  const detect = () => [
    { type: 'PERSON', start: 5, end: 8 },
    { type: 'PERSON', start: 10, end: 12 },
  ];
  assert.deepEqual(scoreSpans(rows, detect).perType.PERSON, { tp: 2, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1 });
  const personal = scoreSpans(personalView(rows), detect).perType.PERSON!;
  assert.deepEqual([personal.tp, personal.fp, personal.fn], [1, 1, 0]);
});

test('the evaluation corpus is reproducible', () => {
  assert.deepEqual(generateEvalCorpus(40), generateEvalCorpus(40));
});

test('evaluation templates are not training templates', () => {
  const plain = (t: string) => t.replaceAll(':mention', '');
  const training = new Set([...TRAIN_WITH_NAMES, ...TRAIN_WITHOUT_NAMES, ...FRAMES_WITH_NAMES, ...FRAMES_WITHOUT_NAMES].map(plain));
  const shared = [...EVAL_WITH_ENTITIES, ...EVAL_WITHOUT_ENTITIES].map(plain).filter((t) => training.has(t));
  assert.deepEqual(shared, []);
});

test('the independent set uses no training locale, template or name', () => {
  const training: readonly string[] = [...LATIN_LOCALES, ...TRANSLITERATED_LOCALES];
  assert.deepEqual(
    HELD_OUT_LOCALES.filter((l) => training.includes(l)),
    [],
  );
  const known = new Set([
    ...TRAIN_WITH_NAMES,
    ...TRAIN_WITHOUT_NAMES,
    ...FRAMES_WITH_NAMES,
    ...FRAMES_WITHOUT_NAMES,
    ...EVAL_WITH_ENTITIES,
    ...EVAL_WITHOUT_ENTITIES,
  ]);
  assert.deepEqual(
    [...INDEPENDENT_WITH_ENTITIES, ...INDEPENDENT_WITHOUT_ENTITIES].filter((t) => known.has(t)),
    [],
  );
  const seen = new Set([...TRAIN_NAMES.first, ...TRAIN_NAMES.last, ...CALIBRATION_NAMES.first, ...CALIBRATION_NAMES.last].map((n) => n.toLowerCase()));
  const rows = generateIndependentCorpus(200);
  const names = rows.flatMap((r) => r.spans.filter((s) => s.type === 'PERSON').map((s) => r.text.slice(s.start, s.end)));
  const words = names.flatMap((n) => n.split(/[\s.]+/)).filter((w) => w.length > 2 && !/^(?:Dr|Mr|Ms|Mrs|Prof)$/.test(w));
  const seenShare = words.filter((w) => seen.has(w.toLowerCase())).length / words.length;
  assert.ok(seenShare < 0.1, `share of name words seen in training: ${seenShare}`);
});

test('the independent set is reproducible and its spans cover the filled values', () => {
  const rows = generateIndependentCorpus(60);
  assert.deepEqual(rows, generateIndependentCorpus(60));
  for (const row of rows) for (const span of row.spans) assert.match(row.text.slice(span.start, span.end), /^\S(?:[\s\S]*\S)?$/);
});
