import { splitWindows } from '../models/windows.ts';

/**
 * The vector filter scores a text and, when it is longer than a part, its parts, keeping the best
 * match: an attack that is only a piece of the message — a request followed by an optimised suffix,
 * an instruction inside a document, one sentence of a long role-play — is not averaged away by the
 * rest. Parts are overlapping windows of about fifteen words (half overlapping) and the sentences of
 * the text that fit in a window. Sizes chosen on out-of-source validation (model card).
 */
export const PART_CHARS = 96;
/** At most this many windows, and as many sentences, a text: longer texts get longer windows, so cost stays bounded. */
export const MAX_PARTS = 24;
/** Shorter sentences ("Thanks.", "OK?") say too little to be compared on their own. */
const MIN_SENTENCE_CHARS = 24;
const SENTENCE_END = /(?<=[.!?])\s+/u;

/** The text itself, then its windows and sentences (none when it fits in one part). */
export function messageParts(text: string): string[] {
  if (text.length <= PART_CHARS) return [text];
  const size = Math.max(PART_CHARS, Math.ceil((2 * text.length) / (MAX_PARTS + 1)));
  const sentences = text.split(SENTENCE_END).filter((s) => s.length >= MIN_SENTENCE_CHARS && s.length <= size);
  return [text, ...splitWindows(text, size, Math.floor(size / 2)), ...sentences.slice(0, MAX_PARTS)];
}
