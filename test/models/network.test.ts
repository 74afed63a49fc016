import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DetectorNetwork } from '../../src/detector/network.ts';

test('logits: pooled embedding rows, a ReLU hidden layer over them and the dense features, then the heads', () => {
  // Six hidden units (a group of four and two more), five buckets, three dense features, two heads.
  const H = 6,
    D = 3,
    K = 2,
    B = 5;
  const seq = (n: number, f: (i: number) => number) => Float32Array.from({ length: n }, (_, i) => f(i));
  const params = {
    embedding: seq(B * H, (i) => Math.sin(i + 1)),
    embeddingScale: seq(B, () => 1),
    bucketWeights: seq(B, (i) => 0.5 + i / 4),
    denseWeights: seq(H * D, (i) => Math.cos(i * 1.7)),
    hiddenBias: seq(H, (i) => (i % 2 ? -0.4 : 0.3)),
    headWeights: seq(K * H, (i) => Math.sin(i * 0.9)),
    headBias: seq(K, (i) => i - 0.5),
  };
  const network = new DetectorNetwork({ hidden: H, dense: D, heads: K, poolPrior: 2 }, params);
  const sparse = Int32Array.of(0, 3, 3, 1, 4, 2, 0);
  const dense = Float32Array.of(0.2, -1, 0.7);
  const out = new Float32Array(K);
  network.logits({ sparse, dense }, out);

  let total = 0;
  const pooled = new Array<number>(H).fill(0);
  for (const id of sparse) {
    total += params.bucketWeights[id]!;
    for (let j = 0; j < H; j++) pooled[j]! += params.bucketWeights[id]! * params.embedding[id * H + j]!;
  }
  const hidden = pooled.map((p, j) => {
    let s = params.hiddenBias[j]! + p / (total + 2);
    for (let d = 0; d < D; d++) s += params.denseWeights[j * D + d]! * dense[d]!;
    return Math.max(0, s);
  });
  const expected = [0, 1].map((k) => hidden.reduce((s, h, j) => s + params.headWeights[k * H + j]! * h, params.headBias[k]!));
  for (let k = 0; k < K; k++) assert.ok(Math.abs(out[k]! - expected[k]!) < 1e-5, `head ${k}: ${out[k]} against ${expected[k]}`);
  assert.ok(hidden.some((h) => h === 0) && hidden.some((h) => h > 0), 'the ReLU both cuts and passes');
});
