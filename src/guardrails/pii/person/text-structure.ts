import type { Entity } from '../entities.ts';

/**
 * Where a lone capitalised word is structure of the text rather than a person: a prompt template's
 * placeholder, a Markdown heading, bold or code label or list label, or the town and country
 * after an address. These apply to a lone word without any cue that it is a person; a full name
 * or a name after "Dear", "my friend" … is reported wherever it stands.
 */

/** Template placeholders: `${Brand Name:Mc Donalds}`, `{{customer_name}}`. */
const PLACEHOLDER = /\$\{[^{}\n]*\}|\{\{[^{}\n]*\}\}/g;

/** Whether [start, end) lies inside a template placeholder. */
export function inPlaceholder(text: string, start: number, end: number): boolean {
  if (!text.includes('${') && !text.includes('{{')) return false;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index <= start && end <= match.index + match[0].length) return true;
    if (match.index > end) break;
  }
  return false;
}

/** A Markdown heading line, or a list item ("- ", "* ", "• ", "3. ") whose label ends in a colon. */
const HEADING = /^\s{0,3}#{1,6}\s/;
const LIST_LABEL = /^\s*(?:[-*•]|\d{1,2}[.)])\s+(?:\*\*)?$/;

/**
 * Whether the word [start, end) is a label of Markdown structure: on a heading line, wrapped in
 * `**…**`, `__…__` or backticks, or a list item's label before a colon ("- Server: …").
 */
export function isMarkupLabel(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (HEADING.test(text.slice(lineStart, start + 1))) return true;
  const before = text.slice(Math.max(lineStart, start - 2), start);
  const after = text.slice(end, end + 2);
  if ((before === '**' && after === '**') || (before === '__' && after === '__') || (before.endsWith('`') && after.startsWith('`'))) return true;
  return LIST_LABEL.test(text.slice(lineStart, start)) && /^(?:\*\*)?:/.test(after);
}

/** What may stand between an address and the town or country after it: a comma, spaces, a line break. */
const PLACE_GAP = /^[ \t]*(?:,[ \t]*|\r?\n[ \t]*)$/;
/** A postal code that opens a line or follows a comma, right before a word ("…, 10115 Berlin"). */
const POSTCODE_BEFORE = /(?:^|[,\n])[ \t]*\d{4,6}[ \t]+$/;

/**
 * Lone words that continue an address: right after a STREET_ADDRESS entity (or a word dropped so)
 * across a comma or a line break, or right after a postal code. `spans` in text order; returns
 * the indices of those to drop.
 */
export function townsAfterAddresses(text: string, spans: readonly { start: number; end: number; lone: boolean }[], others: readonly Entity[]): Set<number> {
  const dropped = new Set<number>();
  const addresses = others.filter((e) => e.type === 'STREET_ADDRESS');
  let previousEnd = -1;
  spans.forEach((span, k) => {
    if (!span.lone) return;
    const afterAddress = addresses.some((a) => a.end <= span.start && PLACE_GAP.test(text.slice(a.end, span.start)));
    const afterDropped = previousEnd >= 0 && PLACE_GAP.test(text.slice(previousEnd, span.start));
    if (afterAddress || afterDropped || POSTCODE_BEFORE.test(text.slice(Math.max(0, span.start - 12), span.start))) {
      dropped.add(k);
      previousEnd = span.end;
    }
  });
  return dropped;
}

const PLACE_BEFORE = /(\p{L}[\p{L}'’-]*),[ \t]*$/u;

/** A place word after another place and a comma: the country or region of "Paris, France", "Galway, Ireland". */
export function continuesPlaceName(text: string, start: number, end: number, places: ReadonlySet<string>): boolean {
  if (!places.has(text.slice(start, end).toLowerCase())) return false;
  const before = PLACE_BEFORE.exec(text.slice(Math.max(0, start - 40), start));
  return before !== null && places.has(before[1]!.toLowerCase());
}
