import type { EntityType } from './entities.ts';

const ALNUM = /[\p{L}\p{N}]/u;

/** Replaces every letter and digit except the last `keep` ones with `*`, leaving separators in place. */
export function maskAllButLast(value: string, keep: number): string {
  let remaining = 0;
  for (const ch of value) if (ALNUM.test(ch)) remaining++;
  let out = '';
  for (const ch of value) {
    if (ALNUM.test(ch)) {
      out += remaining > keep ? '*' : ch;
      remaining--;
    } else out += ch;
  }
  return out;
}

/** Keeps the first letter of each word: "Jane Doe" → "J*** D**". */
function maskWords(value: string): string {
  return value.replace(/[\p{L}\p{N}]+/gu, (word) => word[0] + '*'.repeat(word.length - 1));
}

function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  return `${value[0]}***${value.slice(at)}`;
}

function maskIp(value: string): string {
  if (value.includes(':')) return `${value.slice(0, value.indexOf(':'))}:****`;
  return `${value.slice(0, value.indexOf('.'))}.*.*.*`;
}

/**
 * A rendering of a detected value that lets an operator recognise what was found without storing
 * it: enough to tell two cards or two addresses apart, never enough to use them.
 */
export function maskValue(type: EntityType, value: string): string {
  switch (type) {
    case 'EMAIL_ADDRESS':
      return maskEmail(value);
    case 'IP_ADDRESS':
      return maskIp(value);
    case 'PERSON':
      return maskWords(value);
    case 'CREDIT_CARD':
    case 'IBAN_CODE':
      return maskAllButLast(value, 4);
    case 'SECRET':
      return `${value.slice(0, 4)}${'*'.repeat(Math.min(12, Math.max(4, value.length - 4)))}`;
    case 'STREET_ADDRESS':
    case 'DATE_OF_BIRTH':
      return maskAllButLast(value, 0);
    default:
      return maskAllButLast(value, 2);
  }
}
