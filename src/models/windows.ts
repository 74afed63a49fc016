/**
 * Long texts are scored window by window (and the detector keeps the highest score), so a 100k-character
 * message costs time proportional to its length and no part of it goes unread.
 */
export const WINDOW_CHARS = 1000;
export const WINDOW_STRIDE = 800;

/** Characters [start, end) of a text. */
export interface CharRange {
  start: number;
  end: number;
}

/** Splits text into overlapping windows, cutting at a space near each boundary when there is one. */
export function splitWindows(text: string, size = WINDOW_CHARS, stride = WINDOW_STRIDE): string[] {
  return windowRanges(text, size, stride).map((r) => text.slice(r.start, r.end));
}

/** Where `splitWindows` cuts. */
export function windowRanges(text: string, size = WINDOW_CHARS, stride = WINDOW_STRIDE): CharRange[] {
  if (text.length <= size) return [{ start: 0, end: text.length }];
  const out: CharRange[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + size / 2) end = space;
    }
    out.push({ start, end });
    if (end >= text.length) break;
    let next = start + stride;
    const space = text.indexOf(' ', next);
    if (space !== -1 && space < next + 50) next = space + 1;
    start = Math.min(next, end);
  }
  return out;
}
