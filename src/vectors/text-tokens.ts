import type { CharRange } from '../models/windows.ts';
import { chunkShape } from './text-features.ts';

/**
 * A text's word tokens and whitespace-separated chunks (text-features.ts) with where each starts,
 * so the tokens of any range that does not cut a chunk are a run of the text's own.
 */
export interface TextTokens {
  words: { text: string[]; start: number[] };
  /** Every chunk, with its shape when it holds punctuation. */
  chunks: { shape: Array<string | undefined>; start: number[] };
}

/** Tokens `from` (inclusive) to `to` (exclusive) of a `TextTokens` list. */
export interface TokenSpan {
  from: number;
  to: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const CHUNK = /\S+/gu;
const SPACE = /\s/u;

export function tokeniseWithOffsets(text: string): TextTokens {
  const words: TextTokens['words'] = { text: [], start: [] };
  for (const m of text.matchAll(WORD)) {
    words.text.push(m[0]);
    words.start.push(m.index);
  }
  const chunks: TextTokens['chunks'] = { shape: [], start: [] };
  for (const m of text.matchAll(CHUNK)) {
    chunks.shape.push(chunkShape(m[0]));
    chunks.start.push(m.index);
  }
  return { words, chunks };
}

/** Whether a boundary at `at` falls inside a chunk (between two non-space characters). */
export function cutsChunk(text: string, at: number): boolean {
  return at > 0 && at < text.length && !SPACE.test(text[at - 1]!) && !SPACE.test(text[at]!);
}

/** The tokens starting inside `range` (given starts in ascending order), at most `limit` of them. */
export function within(list: { start: readonly number[] }, range: CharRange, limit: number): TokenSpan {
  const from = firstAtOrAfter(list.start, range.start);
  const to = firstAtOrAfter(list.start, range.end);
  return { from, to: Math.min(to, from + limit) };
}

function firstAtOrAfter(sorted: readonly number[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
