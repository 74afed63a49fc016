import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { jsonlFiles, readJsonlFile } from '../../src/eval/dataset-files.ts';
import { normaliseForDetection } from '../../src/text/normalise.ts';
import { harmlessFramings, symbolHeavyBenign } from '../../training/attack-families.ts';
import { fill } from '../../training/data-files.ts';
import { emptyTargets, type LabelledText } from '../../training/labels.ts';
import { MULTILINGUAL_HOLDOUT } from '../../training/multilingual-holdout.ts';
import { Random } from '../../training/random.ts';
import { DEFAULT_CONFIG } from '../../training/trainer.ts';
import {
  attackFamilyTexts,
  embeddedInjections,
  everydayTexts,
  hardNegatives,
  jailbrokenRequests,
  multilingualTexts,
  refusals,
  techniqueNegatives,
  templatedTexts,
  wrappedAttacks,
} from '../../training/synthetic.ts';
import { buildVectorCorpus } from '../../training/vector/corpus.ts';

/** Eval texts this long or longer (normalised) must not sit inside any generated text either. */
const MIN_CONTAINED = 40;
/**
 * Nor may a generated text share this many consecutive characters with an eval text: a hand-written
 * line paraphrasing an eval template's opening sentence shares that much; common attack phrases
 * ("ignore all previous instructions and") do not.
 */
const SHARED_SPAN = 48;

/**
 * Every text the generators make from the hand-written material (training/data/), normalised: the
 * synthetic corpus as training builds it, the hand-written frames around dataset texts (filled with an
 * empty text), the look-alikes and the vector store's hand-written part (normalised already).
 */
function handWrittenCorpus(): string[] {
  const rng = new Random(DEFAULT_CONFIG.seed);
  const blanks = Array.from(
    { length: 300 },
    (): LabelledText => ({ text: '', targets: emptyTargets(), weight: 1, group: 'blank', label: 'harmful', category: '', license: 'project' }),
  );
  const rows = blanks.map((b) => ({ text: b.text, label: 'injection', category: '', source: '', license: 'project', file: 'blank' }));
  const texts = [
    ...multilingualTexts(rng),
    ...hardNegatives(),
    ...templatedTexts(rng),
    ...everydayTexts(rng),
    ...attackFamilyTexts(rng, 700),
    ...embeddedInjections(rows, [], rng),
    ...wrappedAttacks(blanks, rng, 1),
    ...jailbrokenRequests(blanks, rng, 1),
    ...refusals(blanks, rng, 1),
    ...techniqueNegatives(rng),
  ].map((t) => t.text);
  const lookAlikes = [...harmlessFramings(rng), ...symbolHeavyBenign()];
  return [...[...texts, ...lookAlikes].map((t) => normaliseForDetection(t)), ...buildVectorCorpus([], [], []).map((t) => t.text)];
}

interface EvalText {
  file: string;
  text: string;
}

function evalTexts(): EvalText[] {
  const dir = join(loadAppConfig().datasetsDir, 'eval');
  if (!existsSync(dir)) assert.fail(`the eval datasets are missing: ${dir} does not exist (set RAMPART_DATASETS_DIR to the shared datasets folder)`);
  const texts = jsonlFiles(dir).flatMap((path) => readJsonlFile(path).map((r) => ({ file: r.file, text: normaliseForDetection(r.text) })));
  assert.ok(texts.length > 0, `no eval texts in ${dir}`);
  return texts;
}

/** Generated texts equal to an eval text, or containing one of at least MIN_CONTAINED characters. */
function leaks(generated: readonly string[], evals: readonly EvalText[]): string[] {
  const whole = new Map(evals.map((e) => [e.text, e.file]));
  const byPrefix = new Map<string, EvalText[]>();
  for (const e of evals) {
    if (e.text.length < MIN_CONTAINED) continue;
    const key = e.text.slice(0, MIN_CONTAINED);
    byPrefix.set(key, [...(byPrefix.get(key) ?? []), e]);
  }
  const found: string[] = [];
  for (const g of new Set(generated)) {
    const file = whole.get(g);
    if (file !== undefined) {
      found.push(`${file}: equals "${g.slice(0, 80)}"`);
      continue;
    }
    for (let i = 0; i + MIN_CONTAINED <= g.length; i++) {
      const contained = byPrefix.get(g.slice(i, i + MIN_CONTAINED))?.find((e) => g.startsWith(e.text, i));
      if (contained === undefined) continue;
      found.push(`${contained.file}: inside "${g.slice(0, 80)}"`);
      break;
    }
  }
  return found;
}

/** Eval texts sharing SHARED_SPAN consecutive characters with a generated text. */
function sharedSpans(generated: readonly string[], evals: readonly EvalText[]): string[] {
  const spans = new Map<string, string>();
  for (const g of generated) for (let i = 0; i + SHARED_SPAN <= g.length; i++) spans.set(g.slice(i, i + SHARED_SPAN), g);
  const found: string[] = [];
  for (const e of evals) {
    for (let i = 0; i + SHARED_SPAN <= e.text.length; i++) {
      const g = spans.get(e.text.slice(i, i + SHARED_SPAN));
      if (g === undefined) continue;
      found.push(`${e.file}: "${e.text.slice(i, i + SHARED_SPAN)}" in "${g.slice(0, 80)}"`);
      break;
    }
  }
  return found;
}

test('no eval text of the shared datasets is in the hand-written training corpus, whole, inside a generated text or in part', () => {
  const generated = handWrittenCorpus();
  assert.ok(generated.length > 5000, String(generated.length));
  const evals = evalTexts();
  const found = leaks(generated, evals);
  assert.deepEqual(found, [], `eval texts in the generated training corpus:\n${found.join('\n')}`);
  const shared = sharedSpans(generated, evals);
  assert.deepEqual(shared, [], `eval texts sharing ${SHARED_SPAN} characters with the generated training corpus:\n${shared.join('\n')}`);
});

test('the leak check finds an eval text, whole, inside a longer text or in part, after normalisation', () => {
  const evals = [
    { file: 'x', text: normaliseForDetection('Please write a limerick about a cat who learns to play the tuba.') },
    { file: 'y', text: 'hi' },
  ];
  assert.deepEqual(leaks([normaliseForDetection('Translate: PLEASE write a limerick about a cat who learns to play the tuba. Thanks')], evals), [
    'x: inside "translate: please write a limerick about a cat who learns to play the tuba. than"',
  ]);
  assert.deepEqual(leaks(['hi'], evals), ['y: equals "hi"']);
  assert.deepEqual(leaks(['hi there', 'a limerick about a cat'], evals), []);
  assert.deepEqual(sharedSpans(['so: please write a limerick about a cat who learns to play'], evals), [
    'x: "please write a limerick about a cat who learns t" in "so: please write a limerick about a cat who learns to play"',
  ]);
  assert.deepEqual(sharedSpans(['please write a limerick about a dog'], evals), []);
});

test('the multilingual hold-out stays out of the hand-written training corpus', () => {
  const generated = new Set(handWrittenCorpus());
  assert.deepEqual(
    MULTILINGUAL_HOLDOUT.filter((h) => generated.has(normaliseForDetection(h.text))),
    [],
  );
});

test('templates fill every placeholder in one pass and keep the values verbatim', () => {
  assert.equal(fill('Say {goal} to {role}, {goal}.', { goal: 'a $& {role}', role: 'Rex' }), 'Say a $& {role} to Rex, a $& {role}.');
  assert.equal(fill('{"role": "tool"}', {}), '{"role": "tool"}');
  assert.throws(() => fill('Ask {who}', { goal: 'x' }), /\{who\}/);
  assert.throws(() => fill('Ask {toString}', {}), /\{toString\}/);
});
