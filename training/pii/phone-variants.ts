/**
 * Phone numbers as people write them, from libphonenumber's example numbers (train/pii/): the
 * canonical national and international formats, and the same digits regrouped the ways the
 * canonical formats never show — pairs, dots, a bracketed area code, a bracketed trunk prefix
 * after the country code, other groupings, and a label glued after the number.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Random } from '../random.ts';
import type { PhoneRow } from './real-resources.ts';

export interface PhoneVariant {
  text: string;
  variant: string;
}

/** Regroups a digit string by group sizes (the last group takes what is left). */
function regroup(digits: string, sizes: readonly number[], separator: string): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups[groups.length - 1] += digits.slice(at);
  return groups.join(separator);
}

function pairs(digits: string, separator: string): string {
  const odd = digits.length % 2;
  const head = odd ? [digits.slice(0, 3)] : [];
  const rest = digits.slice(odd ? 3 : 0).match(/../g) ?? [];
  return [...head, ...rest].join(separator);
}

const SUFFIXES = ['-Office', '-Fax', '-Mobile', ' (office)', ' (mobile)', ' ext. 214', ' x31'];

/** The written variants of one example number (its international row). */
export function phoneVariants(row: PhoneRow, rng: Random): PhoneVariant[] {
  const parsed = parsePhoneNumberFromString(row.text);
  if (!parsed) return [];
  const national = parsed.formatNational();
  const nationalDigits = national.replace(/\D/g, '');
  const significant = parsed.nationalNumber;
  const code = `+${parsed.countryCallingCode}`;
  const trunk = nationalDigits.endsWith(significant) ? nationalDigits.slice(0, nationalDigits.length - significant.length) : '';
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
  const out: PhoneVariant[] = [
    { text: row.text, variant: 'international' },
    { text: national, variant: 'national' },
    { text: `${code}${significant}`, variant: 'e164' },
    { text: pairs(nationalDigits, pick(['-', '.', ' '])), variant: 'pairs' },
    { text: `${code} ${pairs(significant, pick([' ', '-', '.']))}`, variant: 'international pairs' },
    { text: national.replace(/[\s-]/g, '.'), variant: 'dots' },
    { text: `${code} ${regroup(significant, [3, 2, 3, 4], pick([' ', '-']))}`, variant: '3-2-3-4' },
    { text: `${national}${pick(SUFFIXES)}`, variant: 'suffix' },
  ];
  const area = national.match(/^(\d{2,5})[\s-]/);
  if (area && /^0/.test(area[1]!)) {
    const rest = nationalDigits.slice(area[1]!.length);
    out.push({ text: `(${area[1]}) ${rng.next() < 0.5 ? rest : regroup(rest, [3, 4], pick([' ', '-']))}`, variant: 'bracketed area code' });
  }
  if (trunk === '0') {
    const international = parsed.formatInternational();
    out.push({ text: international.replace(/^(\+\d+) /, '$1 (0)'), variant: 'trunk (0)' });
  }
  return out;
}
