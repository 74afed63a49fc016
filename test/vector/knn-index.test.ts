import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadThreatIndex, saveThreatIndex } from '../../src/guardrails/vector/search/index-file.ts';
import { KnnIndex } from '../../src/guardrails/vector/search/knn-index.ts';
import { ThreatIndex } from '../../src/guardrails/vector/search/threat-index.ts';
import { Random } from '../../training/random.ts';

const D = 16;

function randomUnitVectors(count: number, seed: number): Float32Array[] {
  const rng = new Random(seed);
  return Array.from({ length: count }, () => {
    const v = Float32Array.from({ length: D }, () => rng.next() - 0.5);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** The most similar of `vectors` to `q`, by brute force. */
function bruteForce(vectors: readonly Float32Array[], q: Float32Array): { index: number; similarity: number } {
  let best = { index: -1, similarity: -Infinity };
  vectors.forEach((v, index) => {
    const similarity = dot(v, q);
    if (similarity > best.similarity) best = { index, similarity };
  });
  return best;
}

describe('k-nearest-neighbour index', () => {
  it('finds the exact nearest vector below the limit and stays exact', async () => {
    const index = new KnnIndex(D, 1000);
    const vectors = randomUnitVectors(200, 1);
    for (const v of vectors) index.add(v);
    assert.equal(index.approximate, false);
    for (const q of randomUnitVectors(30, 2)) {
      const [top] = await index.search(q, 3);
      const expected = bruteForce(vectors, q);
      assert.equal(top!.row, expected.index);
      assert.ok(Math.abs(top!.similarity - expected.similarity) < 1e-5);
    }
  });

  it('switches to an HNSW graph at the limit and keeps it consistent through removals', async () => {
    const index = new KnnIndex(D, 100);
    const vectors = randomUnitVectors(300, 3);
    for (const v of vectors) index.add(v);
    assert.equal(index.approximate, true);
    // Removing moves the last row into the hole; mirror that on the reference list.
    for (let i = 0; i < 120; i++) {
      const moved = index.remove(7);
      if (moved !== undefined) vectors[7] = vectors[moved]!;
      vectors.pop();
    }
    assert.equal(index.size, 180);
    let agree = 0;
    for (const q of randomUnitVectors(50, 4)) if ((await index.search(q, 1))[0]!.row === bruteForce(vectors, q).index) agree++;
    assert.ok(agree >= 48, `top-1 agreed with brute force on ${agree}/50 queries`);
    while (index.size > 40) index.remove(0);
    assert.equal(index.approximate, false, 'well below the limit, search is exact again');
  });

  it('searches with a query that is a view into a larger array, exact and approximate', async () => {
    for (const limit of [1000, 100]) {
      const index = new KnnIndex(D, limit);
      for (const v of randomUnitVectors(300, 7)) index.add(v);
      // Rows of the index's own matrix: views that do not start at the beginning of their buffer.
      assert.equal((await index.search(index.vector(17), 1))[0]!.row, 17, `limit ${limit}`);
      const rows = index.matrix.subarray(40 * D, 43 * D);
      assert.deepEqual(
        (await index.closest(rows, 3)).map((n) => n.row).sort((a, b) => a - b),
        [40, 41, 42],
        `limit ${limit}`,
      );
    }
  });

  it('finds the rows closest to any of several queries, with their best similarity, as brute force does', async () => {
    const vectors = randomUnitVectors(600, 5);
    const queries = randomUnitVectors(20, 6);
    const batch = new Float32Array(queries.length * D);
    queries.forEach((q, i) => {
      batch.set(q, i * D);
    });
    const best = vectors.map((v, row) => ({ row, similarity: Math.max(...queries.map((q) => dot(v, q))) })).sort((a, b) => b.similarity - a.similarity);
    for (const limit of [1000, 100]) {
      const index = new KnnIndex(D, limit);
      for (const v of vectors) index.add(v);
      // Several rounds with pauses: before and after the int8 copy of the rows is made in the background.
      for (let round = 0; round < 3; round++) {
        const found = await index.closest(batch, 5);
        if (limit === 1000)
          assert.deepEqual(
            found.map((n) => n.row),
            best.slice(0, 5).map((b) => b.row),
            `round ${round}`,
          );
        else assert.ok(found.filter((n) => best.slice(0, 5).some((b) => b.row === n.row)).length >= 4, `HNSW, round ${round}`);
        for (const n of found) assert.ok(Math.abs(n.similarity - best.find((b) => b.row === n.row)!.similarity) < 1e-6, `limit ${limit}, round ${round}`);
        // Each query alone, merged by best similarity, gives the same rows and the same similarities.
        const alone = (await Promise.all(queries.map((q) => index.search(q, 5)))).flat();
        const merged = [...new Map(alone.sort((a, b) => a.similarity - b.similarity).map((n) => [n.row, n])).values()]
          .sort((a, b) => b.similarity - a.similarity)
          .slice(0, 5);
        assert.deepEqual(found, merged, `limit ${limit}, round ${round}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    assert.deepEqual(await new KnnIndex(D).closest(batch, 3), [], 'an empty index finds nothing');
    const index = new KnnIndex(D);
    for (const v of vectors.slice(0, 2)) index.add(v);
    assert.equal((await index.closest(batch, 3)).length, 2, 'no more rows than stored');
  });

  it('answers batches from the rows as they are now, after rows are added and removed between searches', async () => {
    const index = new KnnIndex(D, 1000);
    const vectors = randomUnitVectors(150, 8);
    for (const v of vectors) index.add(v);
    const queries = randomUnitVectors(5, 9);
    const batch = new Float32Array(queries.length * D);
    queries.forEach((q, i) => {
      batch.set(q, i * D);
    });
    const expectTop = async (when: string) => {
      // Several rounds, with pauses, so searches made before and after any background work are compared.
      for (let round = 0; round < 3; round++) {
        const found = await Promise.all(queries.map((q) => index.search(q, 1)));
        assert.deepEqual(
          found.map((f) => f[0]!.row),
          queries.map((q) => bruteForce(vectors, q).index),
          `${when}, round ${round}`,
        );
        const closest = bruteForce(
          vectors,
          queries.reduce((a, q) => (bruteForce(vectors, q).similarity > bruteForce(vectors, a).similarity ? q : a)),
        );
        assert.equal((await index.closest(batch, 1))[0]!.row, closest.index, `${when}, round ${round}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await expectTop('as built');
    // Each query's own vector, added: it becomes its nearest row.
    for (const q of queries) {
      index.add(q);
      vectors.push(q);
    }
    await expectTop('after adding');
    for (let i = 0; i < queries.length; i++) {
      const moved = index.remove(vectors.length - 1 - i);
      assert.equal(moved, undefined);
    }
    vectors.length -= queries.length;
    await expectTop('after removing');
  });

  it('ranks first the queries closest to its stored vectors, and follows changes of the rows', async () => {
    const index = new KnnIndex(D, 1000);
    const vectors = randomUnitVectors(200, 10);
    for (const v of vectors) index.add(v);
    const others = randomUnitVectors(30, 11);
    /** 30 unrelated queries with a copy of `stored` at position 17. */
    const withCopyOf = (stored: Float32Array) => {
      const batch = new Float32Array(31 * D);
      others.forEach((q, i) => {
        batch.set(q, (i < 17 ? i : i + 1) * D);
      });
      batch.set(stored, 17 * D);
      return batch;
    };
    const expectFirst = async (batch: Float32Array, when: string) => {
      // Several rounds, with pauses, so rankings made before and after any background work are compared.
      for (let round = 0; round < 3; round++) {
        const ranked = await index.coarseRank(batch, 5);
        assert.equal(ranked.length, 5);
        assert.equal(ranked[0], 17, `${when}, round ${round}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Row 0 is compared with whatever the sample's stride.
    await expectFirst(withCopyOf(vectors[0]!), 'as built');
    // Removing row 0 moves the last row into its place.
    index.remove(0);
    await expectFirst(withCopyOf(vectors[199]!), 'after a removal');
    assert.deepEqual(await index.coarseRank(withCopyOf(vectors[1]!).subarray(0, 3 * D), 5), [0, 1, 2]);
  });

  it('rejects vectors of the wrong dimension', () => {
    assert.throws(() => new KnnIndex(D).add(new Float32Array(D + 1)), /dimensions/);
  });
});

describe('threat index persistence', () => {
  for (const [mode, limit] of [
    ['exact', 1000],
    ['HNSW', 50],
  ] as const) {
    it(`saves and reloads ids, families and vectors (${mode})`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rampart-index-'));
      try {
        const index = new ThreatIndex('enc-1', D, limit);
        const vectors = randomUnitVectors(120, 5);
        vectors.forEach((v, i) => {
          index.add(`id-${i}`, i % 2 ? 'jailbreak/template' : 'injection/other', v);
        });
        index.remove('id-3');
        saveThreatIndex(index, dir);
        const loaded = loadThreatIndex(dir, 'enc-1', D, limit);
        assert.ok(loaded);
        assert.equal(loaded.size, 119);
        assert.equal(loaded.knn.approximate, mode === 'HNSW');
        assert.equal(loaded.has('id-3'), false);
        const [top] = await loaded.search(vectors[10]!, 1);
        assert.deepEqual({ id: top!.id, family: top!.family }, { id: 'id-10', family: 'injection/other' });
        assert.ok(top!.similarity > 0.9999);
        assert.equal(loadThreatIndex(dir, 'enc-2', D, limit), undefined, 'another encoder version is not loaded');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('ignores a torn file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-index-'));
    try {
      const index = new ThreatIndex('enc-1', D);
      index.add('a', 'f', randomUnitVectors(1, 6)[0]!);
      saveThreatIndex(index, dir);
      writeFileSync(join(dir, 'threat-index.bin'), Buffer.from([1, 2, 3]));
      assert.equal(loadThreatIndex(dir, 'enc-1', D), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
