import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CorpusText } from '../../training/vector/corpus.ts';
import { nearestK } from '../../training/vector/nearest.ts';
import { keepLeaders } from '../../training/vector/prune.ts';
import { benignRates, thresholdFor } from '../../training/vector/thresholds.ts';

const D = 8;

/** A unit vector along axis `axis`, turned towards axis `towards` so that its similarity to the plain axis is `cos`. */
function unit(axis: number, towards = (axis + 1) % D, cos = 1): Float32Array {
  const v = new Float32Array(D);
  v[axis] = cos;
  v[towards] = Math.sqrt(1 - cos * cos);
  return v;
}

const entry = (id: string, family: string, vector: Float32Array) => ({ id, family, vector });

describe('threat seed pruning', () => {
  it('keeps the first of a group of near-copies of one family', () => {
    const kept = keepLeaders(
      [entry('a', 'jailbreak/persona', unit(0)), entry('b', 'jailbreak/persona', unit(0, 1, 0.995)), entry('c', 'jailbreak/persona', unit(0, 2, 0.99))],
      0.98,
    );
    assert.deepEqual(
      kept.map((e) => e.id),
      ['a'],
    );
  });

  it('keeps entries less similar than the level, and near-copies of another family', () => {
    const kept = keepLeaders(
      [
        entry('a', 'jailbreak/persona', unit(0)),
        entry('b', 'jailbreak/persona', unit(0, 1, 0.9)),
        entry('c', 'injection/override', unit(0, 2, 0.999)),
        entry('d', 'injection/override', unit(3)),
      ],
      0.98,
    );
    assert.deepEqual(
      kept.map((e) => e.id),
      ['a', 'b', 'c', 'd'],
    );
  });

  it('does not drop an entry whose only near-copy was itself dropped', () => {
    // b copies a (dropped); c copies b but not a: c is kept, as b, its only near-copy, left the store.
    const a = unit(0);
    const b = unit(0, 1, 0.985);
    const c = new Float32Array(D);
    const angle = 2 * Math.acos(0.985);
    c[0] = Math.cos(angle);
    c[1] = Math.sin(angle);
    const kept = keepLeaders([entry('a', 'f', a), entry('b', 'f', b), entry('c', 'f', c)], 0.98);
    assert.deepEqual(
      kept.map((e) => e.id),
      ['a', 'c'],
    );
  });
});

describe('vector filter thresholds', () => {
  const text = (source: string, hard: boolean): CorpusText => ({ text: '', attack: false, hard, family: '', cluster: '', category: '', source, fold: 0 });

  it('hold hard-benign rows to the target on their own, not averaged into the benign sources', () => {
    // Two plain benign sources scored low; one source whose hard-benign rows sit close to attacks.
    const corpus = [
      ...Array.from({ length: 100 }, () => text('plain-a', false)),
      ...Array.from({ length: 100 }, () => text('plain-b', false)),
      ...Array.from({ length: 100 }, () => text('mixed', true)),
    ];
    const scores = Float32Array.from(corpus.map((c, i) => (c.hard ? 0.8 + (i % 100) / 1000 : 0.5)));
    const t = thresholdFor(corpus, scores, 0.05);
    const rates = benignRates(corpus, scores, t);
    assert.ok(rates.hard <= 0.05, `hard-benign rate ${rates.hard} at ${t}`);
    assert.ok(rates.benign <= 0.05);
    // The macro over all three groups alone would have allowed a threshold that flags most hard rows.
    assert.ok(t > 0.89, `threshold ${t}`);
    assert.ok(benignRates(corpus, scores, 0.81).hard > 0.5);
  });
});

describe('nearest-neighbour search of the training scripts', () => {
  it('answers every query of a call, past the first native batch too', () => {
    const stored = Array.from({ length: 40 }, (_, i) => unit(i % D, (i + 3) % D, 0.5 + (i / 40) * 0.5));
    const store = new Float32Array(stored.length * D);
    stored.forEach((v, i) => {
      store.set(v, i * D);
    });
    // 5,000 queries, each a copy of a stored row: its own row must come back, in every batch.
    const queries = new Float32Array(5000 * D);
    for (let q = 0; q < 5000; q++) queries.set(stored[q % stored.length]!, q * D);
    const { row } = nearestK(store, queries, D, 1);
    const wrong = [...row].filter((r, q) => r !== q % stored.length).length;
    assert.equal(wrong, 0);
  });
});
