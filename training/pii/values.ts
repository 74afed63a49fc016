import type { Faker } from '@faker-js/faker';
import examples from 'libphonenumber-js/examples.mobile';
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { verhoeff, weightedSum, iso7064Mod11_10, mod } from '../../src/guardrails/pii/checksums.ts';

/**
 * Generators of realistic, valid PII values (check digits computed, not copied) for the generated
 * corpora. Every function takes the seeded faker instance so corpora are reproducible.
 */

function digits(f: Faker, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(f.number.int(9));
  return out;
}

function group(value: string, sizes: readonly number[], sep: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(value.slice(at, at + size));
    at += size;
  }
  return parts.join(sep);
}

function luhnComplete(prefix: string, length: number, f: Faker): string {
  const body = prefix + digits(f, length - prefix.length - 1);
  for (let d = 0; d <= 9; d++) {
    const candidate = body + d;
    let sum = 0;
    let dbl = false;
    for (let i = candidate.length - 1; i >= 0; i--) {
      let x = Number(candidate[i]);
      if (dbl) {
        x *= 2;
        if (x > 9) x -= 9;
      }
      sum += x;
      dbl = !dbl;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

export function creditCard(f: Faker): string {
  const kind = f.helpers.arrayElement(['visa', 'mc', 'amex', 'discover', 'jcb'] as const);
  const sep = f.helpers.arrayElement([' ', '-', ' ', '']);
  if (kind === 'amex') return group(luhnComplete(f.helpers.arrayElement(['34', '37']), 15, f), [4, 6, 5], sep);
  const prefix = { visa: '4', mc: f.helpers.arrayElement(['51', '53', '55', '2221', '2720']), discover: '6011', jcb: '3530' }[kind];
  return group(luhnComplete(prefix, 16, f), [4, 4, 4, 4], sep);
}

export function iban(f: Faker): string {
  const raw = f.finance.iban({ countryCode: f.helpers.arrayElement(['DE', 'GB', 'FR', 'ES', 'IT', 'NL', 'BE', 'CH', 'AT', 'PL']) });
  return f.datatype.boolean() ? raw.replace(/(.{4})/g, '$1 ').trim() : raw;
}

const PHONE_REGIONS: readonly CountryCode[] = [
  'US',
  'GB',
  'DE',
  'FR',
  'IN',
  'ES',
  'IT',
  'NL',
  'BR',
  'AU',
  'JP',
  'MX',
  'CA',
  'SG',
  'ZA',
  'SE',
  'PL',
  'IE',
  'NG',
  'KR',
];

export function phone(f: Faker): string {
  for (;;) {
    const region = f.helpers.arrayElement(PHONE_REGIONS);
    const example = getExampleNumber(region, examples as never);
    if (!example) continue;
    const national = String(example.nationalNumber);
    const mutated = national.slice(0, Math.max(2, national.length - 5)) + digits(f, Math.min(5, national.length - 2));
    const parsed = parsePhoneNumberFromString(`+${example.countryCallingCode}${mutated}`);
    if (!parsed?.isValid()) continue;
    const style = f.number.int(4);
    if (style <= 1) return parsed.formatInternational();
    if (style === 2) return parsed.formatInternational().replace(/ /g, '-');
    if (region === 'US' || region === 'CA')
      return f.helpers.arrayElement([
        parsed.formatNational(),
        parsed.formatNational().replace(/[()]/g, '').replace(' ', '-'),
        String(parsed.nationalNumber).replace(/(\d{3})(\d{3})(\d{4})/, '$1.$2.$3'),
      ]);
    // National formats only where our default regions can read them.
    if (['GB', 'DE', 'FR', 'IN', 'ES', 'IT', 'NL', 'BR', 'AU', 'JP', 'MX'].includes(region)) return parsed.formatNational();
    return parsed.formatInternational();
  }
}

/** First octets and IPv6 prefixes of private, loopback, link-local, documentation and multicast space: not personal data. */
const NOT_PUBLIC_V4 = new Set([0, 10, 100, 127, 169, 172, 192, 198, 203]);

/** A public IP address (the recogniser does not report private or documentation ranges). */
export function ipAddress(f: Faker): string {
  for (;;) {
    if (f.number.int(3) === 0) {
      const v6 = f.internet.ipv6();
      if (!/^(?:f[c-f]|2001:0?db8)/i.test(v6)) return v6;
    } else {
      const v4 = f.internet.ipv4();
      const first = Number(v4.slice(0, v4.indexOf('.')));
      if (first < 224 && !NOT_PUBLIC_V4.has(first)) return v4;
    }
  }
}

export function usSsn(f: Faker): string {
  const area = String(f.number.int({ min: 1, max: 899 })).padStart(3, '0');
  const a = area === '666' ? '667' : area;
  return `${a}-${String(f.number.int({ min: 1, max: 99 })).padStart(2, '0')}-${String(f.number.int({ min: 1, max: 9999 })).padStart(4, '0')}`;
}

export function ukNino(f: Faker): string {
  const first = f.helpers.arrayElement([...'ABCEHJKLMNOPRSTWXYZ']);
  const second = f.helpers.arrayElement([...'ABCEHJKLMNPRSTWXYZ']);
  const prefix = ['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ'].includes(first + second) ? 'AB' : first + second;
  const body = digits(f, 6);
  const suffix = f.helpers.arrayElement([...'ABCD']);
  return f.datatype.boolean() ? `${prefix}${body}${suffix}` : `${prefix} ${group(body, [2, 2, 2], ' ')} ${suffix}`;
}

export function ukNhs(f: Faker): string {
  for (;;) {
    const body = String(f.number.int({ min: 4, max: 9 })) + digits(f, 8);
    const check = 11 - (weightedSum(body, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    if (check === 10) continue;
    return group(body + (check === 11 ? 0 : check), [3, 3, 4], f.helpers.arrayElement([' ', '-', ' ']));
  }
}

export function inAadhaar(f: Faker): string {
  const body = String(f.number.int({ min: 2, max: 9 })) + digits(f, 10);
  for (let d = 0; d <= 9; d++) if (verhoeff(body + d)) return group(body + d, [4, 4, 4], ' ');
  throw new Error('unreachable');
}

export function inPan(f: Faker): string {
  const letters = (n: number): string => Array.from({ length: n }, () => f.string.alpha({ casing: 'upper' })).join('');
  return `${letters(3)}${f.helpers.arrayElement([...'PCHFATBLJG'])}${letters(1)}${digits(f, 4)}${letters(1)}`;
}

export function jpMyNumber(f: Faker): string {
  const body = digits(f, 11);
  let sum = 0;
  for (let n = 1; n <= 11; n++) sum += Number(body[11 - n]) * (n <= 6 ? n + 1 : n - 5);
  const r = sum % 11;
  return group(body + (r <= 1 ? 0 : 11 - r), [4, 4, 4], f.helpers.arrayElement([' ', '-', '']));
}

export function krRrn(f: Faker): string {
  const date = f.date.birthdate({ min: 1950, max: 2005, mode: 'year' });
  const yy = String(date.getUTCFullYear() % 100).padStart(2, '0');
  const body =
    yy +
    String(date.getUTCMonth() + 1).padStart(2, '0') +
    String(date.getUTCDate()).padStart(2, '0') +
    (date.getUTCFullYear() >= 2000 ? f.helpers.arrayElement(['3', '4']) : f.helpers.arrayElement(['1', '2'])) +
    digits(f, 5);
  const check = (11 - (weightedSum(body, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10;
  return `${body.slice(0, 6)}-${body.slice(6)}${check}`;
}

export function sgNricFin(f: Faker): string {
  const series = f.helpers.arrayElement(['S', 'T', 'F', 'G']);
  const body = digits(f, 7);
  const r = (weightedSum(body, [2, 7, 6, 5, 4, 3, 2]) + (series === 'T' || series === 'G' ? 4 : 0)) % 11;
  return series + body + (series === 'S' || series === 'T' ? 'JZIHGFEDCBA' : 'XWUTRQPNMLK')[r];
}

export function auTfn(f: Faker): string {
  for (;;) {
    const value = digits(f, 9);
    if (weightedSum(value, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0) return group(value, [3, 3, 3], ' ');
  }
}

export function esNif(f: Faker): string {
  if (f.datatype.boolean()) {
    const n = digits(f, 8);
    return n + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n) % 23];
  }
  const prefix = f.helpers.arrayElement(['X', 'Y', 'Z']);
  const n = digits(f, 7);
  return prefix + n + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(String('XYZ'.indexOf(prefix)) + n) % 23];
}

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

export function itFiscalCode(f: Faker): string {
  const letters = (n: number): string => Array.from({ length: n }, () => f.string.alpha({ casing: 'upper' })).join('');
  const body =
    letters(6) +
    digits(f, 2) +
    f.helpers.arrayElement([...'ABCDEHLMPRST']) +
    String(f.number.int({ min: 1, max: 71 })).padStart(2, '0') +
    letters(1) +
    digits(f, 3);
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = body[i]!;
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? CF_ODD[v]! : v;
  }
  return body + String.fromCharCode(65 + (sum % 26));
}

export function frNir(f: Faker): string {
  const body =
    f.helpers.arrayElement(['1', '2']) +
    digits(f, 2) +
    String(f.number.int({ min: 1, max: 12 })).padStart(2, '0') +
    String(f.number.int({ min: 1, max: 95 }))
      .padStart(2, '0')
      .replace('20', '21') +
    digits(f, 6);
  const key = String(97 - mod(body, 97)).padStart(2, '0');
  const full = body + key;
  return f.datatype.boolean() ? group(full, [1, 2, 2, 2, 3, 3, 2], ' ') : full;
}

export function deTaxId(f: Faker): string {
  for (;;) {
    const pool = f.helpers.shuffle([...'0123456789']);
    const repeated = pool[0]!;
    const body = f.helpers.shuffle([...pool.slice(1, 9), repeated, repeated]).join('');
    if (body[0] === '0') continue;
    for (let d = 0; d <= 9; d++) {
      if (iso7064Mod11_10(body + d)) return f.datatype.boolean() ? body + d : group(body + d, [2, 3, 3, 3], ' ');
    }
  }
}

export function brCpf(f: Faker): string {
  const body = digits(f, 9);
  const d1 = ((weightedSum(body, [10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11) % 10;
  const d2 = ((weightedSum(body + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11) % 10;
  return `${body.slice(0, 3)}.${body.slice(3, 6)}.${body.slice(6)}-${d1}${d2}`;
}

export function cnResidentId(f: Faker): string {
  const date = f.date.birthdate({ min: 1950, max: 2005, mode: 'year' });
  const body =
    String(f.number.int({ min: 11, max: 65 })) +
    digits(f, 4) +
    String(date.getUTCFullYear()) +
    String(date.getUTCMonth() + 1).padStart(2, '0') +
    String(date.getUTCDate()).padStart(2, '0') +
    digits(f, 3);
  return body + '10X98765432'[weightedSum(body, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) % 11];
}

export function dateOfBirth(f: Faker): string {
  const d = f.date.birthdate({ min: 18, max: 90, mode: 'age' });
  const day = d.getUTCDate();
  const month = d.getUTCMonth() + 1;
  const year = d.getUTCFullYear();
  const pad = (n: number): string => String(n).padStart(2, '0');
  const monthName = d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return f.helpers.arrayElement([
    `${pad(day)}/${pad(month)}/${year}`,
    `${pad(month)}/${pad(day)}/${year}`,
    `${year}-${pad(month)}-${pad(day)}`,
    `${pad(day)}.${pad(month)}.${year}`,
    `${day} ${monthName} ${year}`,
    `${monthName} ${day}, ${year}`,
  ]);
}

export function secret(f: Faker): string {
  const alnum = (n: number): string => f.string.alphanumeric({ length: n, casing: 'mixed' });
  return f.helpers.arrayElement([
    () => `AKIA${f.string.alphanumeric({ length: 16, casing: 'upper' })}`,
    () => `ghp_${alnum(36)}`,
    () => `sk-proj-${alnum(40)}`,
    () => `sk_live_${alnum(24)}`,
    () => `xoxb-${f.string.numeric(12)}-${f.string.numeric(12)}-${alnum(24)}`,
    () => `AIza${alnum(35)}`,
    () => `eyJ${alnum(20)}.eyJ${alnum(40)}.${alnum(43)}`,
  ])();
}

export function streetAddress(f: Faker, locale: Faker): string {
  return locale.location.streetAddress(f.number.int(3) === 0);
}
