import { MAX_SPARSE_FEATURES, sparseFeatures, TokenView, windowRows, WINDOW_SIZE, type PersonVocabulary } from '../../src/guardrails/pii/person/features.ts';
import { TokenBuffer, tokenise } from '../../src/guardrails/pii/person/tokenise.ts';
import type { LabelledText } from './compose.ts';
import type { Random } from '../random.ts';

/** Featurised candidate tokens: hashed sparse ids (-1 padded), embedding rows and labels. */
export interface Examples {
  count: number;
  features: Int32Array;
  featureCounts: Uint8Array;
  rows: Int32Array;
  labels: Uint8Array;
}

/** Growable typed array, so a few hundred thousand examples do not become boxed JS arrays. */
class IntBuffer {
  data = new Int32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Every candidate token of the corpus becomes one example, labelled by whether it lies inside a
 * PERSON span. Each token's lexicon entry is hidden with probability `lexiconDropout`, so that the
 * model also learns to find names the shipped lexicon does not know.
 */
export function buildExamples(corpus: readonly LabelledText[], vocabulary: PersonVocabulary, mask: number, lexiconDropout: number, rng: Random): Examples {
  const features = new IntBuffer();
  const counts = new IntBuffer();
  const rows = new IntBuffer();
  const labels = new IntBuffer();
  const buffer = new Int32Array(MAX_SPARSE_FEATURES);
  const window = new Int32Array(WINDOW_SIZE);
  const tokenBuffer = new TokenBuffer();
  for (const { text, spans } of corpus) {
    const tokens = tokenise(text, tokenBuffer);
    const view = new TokenView(text, tokens, vocabulary);
    const hidden = new Uint8Array(tokens.count);
    for (let i = 0; i < tokens.count; i++) hidden[i] = rng.next() < lexiconDropout ? 1 : 0;
    view.hiddenLexicon = hidden;
    for (let i = 0; i < tokens.count; i++) {
      if (!view.isCandidate(i)) continue;
      const s = tokens.start[i]!;
      const inName = spans.some((span) => span.type === 'PERSON' && s >= span.start && s < span.end);
      const n = sparseFeatures(view, i, mask, buffer);
      for (let k = 0; k < MAX_SPARSE_FEATURES; k++) features.push(k < n ? buffer[k]! : -1);
      counts.push(n);
      windowRows(view, i, window);
      for (const row of window) rows.push(row);
      labels.push(inName ? 1 : 0);
    }
  }
  return {
    count: labels.length,
    features: features.toArray(),
    featureCounts: Uint8Array.from(counts.toArray()),
    rows: rows.toArray(),
    labels: Uint8Array.from(labels.toArray()),
  };
}
