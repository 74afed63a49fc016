import { HEADS } from '../src/detector/heads.ts';
import type { FeatureExtractor } from '../src/detector/features.ts';
import { splitWindows } from '../src/models/windows.ts';
import { AnalysedText } from '../src/text/analysed-text.ts';
import type { Glossary } from '../src/detector/glossary.ts';
import type { LabelledText } from './labels.ts';

/** Training texts turned into feature windows once, stored in flat typed arrays. */
export interface EncodedSet {
  size: number;
  denseSize: number;
  wordDims: number;
  ids: Int32Array;
  /** ids of window i are ids[idStart[i] .. idStart[i + 1]) */
  idStart: Int32Array;
  dense: Float32Array;
  targets: Float32Array;
  weights: Float32Array;
  /** Index of the text each window came from. */
  textOf: Int32Array;
  /** 1 for a window of a message's English gloss (see Glossary): scored with its message, not trained on. */
  scoreOnly: Uint8Array;
  texts: readonly LabelledText[];
}

/** At most this many windows per text: the first two and the last (long persona prompts run to 144k chars). */
const MAX_WINDOWS = 3;

function pickWindows(windows: string[]): string[] {
  if (windows.length <= MAX_WINDOWS) return windows;
  return [windows[0]!, windows[1]!, windows[windows.length - 1]!];
}

export function encode(texts: readonly LabelledText[], extractor: FeatureExtractor, denseSize: number, glossary?: Glossary): EncodedSet {
  const K = HEADS.length;
  const idChunks: Int32Array[] = [];
  const dense: Float32Array[] = [];
  const textOf: number[] = [];
  const scoreOnly: number[] = [];
  const add = (view: string, i: number, onlyScored: boolean) => {
    for (const w of pickWindows(splitWindows(view))) {
      const f = extractor.extract(w);
      idChunks.push(f.sparse.slice());
      dense.push(f.dense.slice());
      textOf.push(i);
      scoreOnly.push(onlyScored ? 1 : 0);
    }
  };
  texts.forEach((t, i) => {
    // The message view the checks score first (encoded runs read as their decoded text).
    const view = new AnalysedText(t.text).detectionViews[0]!;
    add(view, i, false);
    const gloss = glossary?.gloss(view);
    // Scored as the checks score it, never trained on: trained on, glosses lowered English recall on
    // the source and technique folds (model card notes).
    if (gloss !== undefined) add(gloss, i, true);
  });
  const n = textOf.length;
  const idStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) idStart[i + 1] = idStart[i]! + idChunks[i]!.length;
  const ids = new Int32Array(idStart[n]!);
  idChunks.forEach((c, i) => {
    ids.set(c, idStart[i]!);
  });
  const denseAll = new Float32Array(n * denseSize);
  dense.forEach((d, i) => {
    denseAll.set(d, i * denseSize);
  });
  const targets = new Float32Array(n * K);
  const weights = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = texts[textOf[i]!]!;
    targets.set(t.targets, i * K);
    weights[i] = t.weight;
  }
  return {
    size: n,
    denseSize,
    wordDims: extractor.shape.wordDims,
    ids,
    idStart,
    dense: denseAll,
    targets,
    weights,
    textOf: Int32Array.from(textOf),
    scoreOnly: Uint8Array.from(scoreOnly),
    texts,
  };
}
