import type { CharRange } from '../../../models/windows.ts';
import { isLetterOrDigitCode, isWhiteSpaceCode } from '../../../text/word-scan.ts';
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

/**
 * One pass over the text's code points: words are the runs of letters and digits (`[\p{L}\p{N}]+`),
 * chunks the runs of anything but white space (`\S+`); only a chunk that holds something other than
 * letters and digits has a shape to work out.
 */
export function tokeniseWithOffsets(text: string): TextTokens {
  const words: TextTokens['words'] = { text: [], start: [] };
  const chunks: TextTokens['chunks'] = { shape: [], start: [] };
  let word = -1;
  let chunk = -1;
  let punctuated = false;
  const endWord = (at: number) => {
    if (word < 0) return;
    words.text.push(text.slice(word, at));
    words.start.push(word);
    word = -1;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    const paired = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1));
    if (isWhiteSpaceCode(c)) {
      endWord(i);
      if (chunk >= 0) {
        chunks.shape.push(punctuated ? chunkShape(text.slice(chunk, i)) : undefined);
        chunks.start.push(chunk);
        chunk = -1;
      }
    } else {
      if (chunk < 0) {
        chunk = i;
        punctuated = false;
      }
      if (isLetterOrDigitCode(paired ? text.codePointAt(i)! : c)) {
        if (word < 0) word = i;
      } else {
        endWord(i);
        punctuated = true;
      }
    }
    i += paired ? 2 : 1;
  }
  endWord(text.length);
  if (chunk >= 0) {
    chunks.shape.push(punctuated ? chunkShape(text.slice(chunk)) : undefined);
    chunks.start.push(chunk);
  }
  return { words, chunks };
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether a boundary at `at` falls inside a chunk (between two non-space characters). */
export function cutsChunk(text: string, at: number): boolean {
  return at > 0 && at < text.length && !isWhiteSpaceCode(text.charCodeAt(at - 1)) && !isWhiteSpaceCode(text.charCodeAt(at));
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
