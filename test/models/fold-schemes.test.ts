import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HEAD_INDEX, HEADS } from '../../src/detector/heads.ts';
import type { EncodedSet } from '../../training/encode.ts';
import { runFoldJobs } from '../../training/fold-pool.ts';
import { foldCount, foldSplit, languageFoldOf, TECHNIQUE_FAMILY_NAMES, techniqueFamilyOf } from '../../training/fold-schemes.ts';
import { emptyTargets, type LabelledText } from '../../training/labels.ts';
import { DEFAULT_CONFIG, predictTexts, train } from '../../training/trainer.ts';

/** A labelled text written for these tests; `attack` marks it as an attack (attack head target 1). */
function text(group: string, label: string, category: string, extra: Partial<LabelledText> = {}): LabelledText {
  const targets = emptyTargets();
  targets[HEAD_INDEX.attack] = ['injection', 'jailbreak'].includes(label) ? 1 : 0;
  return { text: 'written for the test', targets, weight: 1, group, label, category, license: 'MIT', ...extra };
}

const corpus: LabelledText[] = [
  text('alpha-source', 'benign', 'chat', { language: 'English' }),
  text('alpha-source', 'injection', 'xsafety:Goal_Hijacking/Arabic', { language: 'Arabic' }),
  text('alpha-source', 'injection', 'xsafety:Goal_Hijacking', { language: 'English' }),
  text('beta-source', 'jailbreak', 'dan:Dan_9_0', { language: 'English' }),
  text('beta-source', 'benign', 'chat', { language: 'Arabic' }),
  text('gamma-source', 'injection', 'InjecAgent:base', { language: 'English' }),
  // A machine-translated copy of an English attack keeps its original's group.
  text('gamma-source', 'injection', 'InjecAgent:base', { language: 'Arabic', generated: true }),
  text('synthetic:templates', 'jailbreak', 'synthetic', { language: 'English' }),
];

test('a held-out language is never trained on, nor are the sources its scored rows come from', () => {
  const fold = languageFoldOf('Arabic');
  assert.equal(languageFoldOf('English'), -1, 'English is never held out');
  assert.notEqual(languageFoldOf('Bengali'), fold, 'attack languages are spread over folds');
  const { train, heldOut } = foldSplit(corpus, 'language', fold);
  // Scored: the Arabic source rows; the translated copy is neither scored nor trained on.
  assert.deepEqual(heldOut, [1, 4]);
  // alpha-source and beta-source have scored rows, so none of their rows are trained on, English included.
  assert.deepEqual(train, [5, 7]);
});

test('a held-out technique family is left out of training from every source and every copy', () => {
  const family = techniqueFamilyOf(corpus[5]!)!;
  assert.equal(family, 'injection in tool output');
  assert.equal(techniqueFamilyOf(corpus[0]!), undefined, 'benign rows have no technique');
  assert.equal(techniqueFamilyOf(corpus[7]!), undefined, 'hand-written templates belong to no family');
  const fold = TECHNIQUE_FAMILY_NAMES.indexOf(family);
  const { train, heldOut } = foldSplit(corpus, 'technique', fold);
  assert.deepEqual(heldOut, [5], 'the source row is scored');
  assert.deepEqual(train, [0, 1, 2, 3, 4, 7], 'its copy is not trained on; other techniques of the same sources are');
  assert.equal(foldCount('technique'), TECHNIQUE_FAMILY_NAMES.length);
});

test('validation models trained in worker threads score exactly as one trained in this thread', async () => {
  // A tiny encoded set: four windows of two sparse ids and no dense features.
  const K = HEADS.length;
  const texts = corpus.slice(0, 4);
  const targets = new Float32Array(texts.length * K);
  texts.forEach((t, i) => {
    targets.set(t.targets, i * K);
  });
  const set: EncodedSet = {
    size: texts.length,
    denseSize: 0,
    wordDims: 0,
    ids: Int32Array.from([1, 2, 3, 4, 1, 5, 6, 7]),
    scoreOnly: new Uint8Array(4),
    idStart: Int32Array.from([0, 2, 4, 6, 8]),
    dense: new Float32Array(0),
    targets,
    weights: new Float32Array(texts.length).fill(1),
    textOf: Int32Array.from([0, 1, 2, 3]),
    texts,
  };
  const cfg = { ...DEFAULT_CONFIG, buckets: 16, hidden: 4, epochs: 2 };
  const weights = new Float32Array(cfg.buckets).fill(1);
  const jobs = [0, 1].map((held) => ({
    name: `fold ${held}`,
    cfg: { ...cfg, seed: 7 + held },
    train: Int32Array.from([2, 3, 1 - held]),
    heldOut: Int32Array.of(held),
  }));
  const [first, second] = await runFoldJobs(set, weights, jobs, () => {}, 2);
  for (const [job, found] of [
    [jobs[0]!, first!],
    [jobs[1]!, second!],
  ] as const) {
    const expected = predictTexts(train(set, new Set(job.train), job.cfg, weights), set, new Set(job.heldOut));
    assert.deepEqual([...found.keys()], [...expected.keys()]);
    for (const [i, z] of expected) assert.deepEqual(Array.from(found.get(i)!), Array.from(z));
  }
});
