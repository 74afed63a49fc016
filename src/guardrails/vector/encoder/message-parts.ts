import { windowRanges, type CharRange } from '../../../models/windows.ts';

/**
 * The vector filter scores a text and, when it is longer than a part, its parts, keeping the best
 * match: an attack that is only a piece of the message — a request followed by an optimised suffix,
 * an instruction inside a document, one sentence of a long role-play — is not averaged away by the
 * rest. Parts are overlapping windows of about fifteen words (half overlapping) and the sentences of
 * the text that fit in a window. Sizes chosen on out-of-source validation (model card).
 */
export const PART_CHARS = 96;
/**
 * At most this many windows a text (longer texts get longer windows), and its first this many
 * sentences; the scorer adds as many of a long text's later sentences, picked by a coarse search
 * (scorer.ts), so cost stays bounded and the end of a long text is read too.
 */
export const MAX_PARTS = 24;
/** Shorter sentences ("Thanks.", "OK?") say too little to be compared on their own. */
const MIN_SENTENCE_CHARS = 24;
const SENTENCE_END = /(?<=[.!?])\s+/gu;

/** The text itself, then its windows and its first `MAX_PARTS` sentences (none when it fits in one part). */
export function messageParts(text: string): string[] {
  const { windows, sentences } = messagePartRanges(text);
  return [...windows, ...sentences.slice(0, MAX_PARTS)].map((r) => text.slice(r.start, r.end));
}

export interface PartRanges {
  /** The whole text, then its windows. */
  windows: CharRange[];
  /** Every sentence that fits in a window, in order (a long text may have more than `MAX_PARTS`). */
  sentences: CharRange[];
}

/** Where a text's parts lie: at most `MAX_PARTS` windows, and all its sentences to choose from. */
export function messagePartRanges(text: string): PartRanges {
  const whole = { start: 0, end: text.length };
  if (text.length <= PART_CHARS) return { windows: [whole], sentences: [] };
  const size = Math.max(PART_CHARS, Math.ceil((2 * text.length) / (MAX_PARTS + 1)));
  const sentences = sentenceRanges(text).filter((r) => r.end - r.start >= MIN_SENTENCE_CHARS && r.end - r.start <= size);
  return { windows: [whole, ...windowRanges(text, size, Math.floor(size / 2))], sentences };
}

/** The text between sentence ends (a full stop, question or exclamation mark followed by white space). */
function sentenceRanges(text: string): CharRange[] {
  const out: CharRange[] = [];
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    out.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ start, end: text.length });
  return out;
}
