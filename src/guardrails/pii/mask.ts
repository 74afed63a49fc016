import { API_KEY_PREFIX } from '../../keys/api-key.ts';
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

/** Prefixes that name a credential's kind without being part of its secret. */
const SECRET_KIND = new RegExp(
  String.raw`^(?:-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|AKIA|ASIA|AGPA|AIDA|AROA|github_pat_|gh[pousr]_|xox[abposre]-|xapp-|[spr]k_(?:live|test)_|whsec_|sk-(?:ant-|proj-|svcacct-|admin-)?|AIza|GOCSPX-|ya29\.|eyJ|https://hooks\.slack\.com/|${API_KEY_PREFIX})`,
);

/** Keeps the prefix that tells what kind of credential it is, nothing of the secret itself (a password shows no character). */
function maskSecret(value: string): string {
  const kind = SECRET_KIND.exec(value)?.[0] ?? '';
  return `${kind}${'*'.repeat(Math.min(12, Math.max(4, value.length - kind.length)))}`;
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
      return maskSecret(value);
    case 'STREET_ADDRESS':
    case 'DATE_OF_BIRTH':
      return maskAllButLast(value, 0);
    default:
      return maskAllButLast(value, 2);
  }
}
