import type { Faker } from '@faker-js/faker';
import type { EntityType } from '../../../src/guardrails/pii/entities.ts';
import { CALIBRATION_NAMES, TRAIN_NAMES } from '../names.ts';
import { HELD_OUT_LOCALES, heldOutFaker } from './locales.ts';
import { INDEPENDENT_WITH_ENTITIES, INDEPENDENT_WITHOUT_ENTITIES } from './templates.ts';

export interface IndependentSpan {
  type: EntityType;
  start: number;
  end: number;
}
export interface IndependentText {
  text: string;
  spans: IndependentSpan[];
  locale: string;
}

export const INDEPENDENT_SEED = 2028;

/** Names the model or its lexicon may have seen: the independent set keeps only names outside them. */
const SEEN = new Set([...TRAIN_NAMES.first, ...TRAIN_NAMES.last, ...CALIBRATION_NAMES.first, ...CALIBRATION_NAMES.last].map((n) => n.toLowerCase()));

function unseen(names: readonly string[]): string[] {
  return [...new Set(names)].filter((n) => /^\p{Lu}[\p{L}'’-]+$/u.test(n) && !SEEN.has(n.toLowerCase()));
}

interface Pools {
  given: string[];
  family: string[];
}

/** Given and family names of a held-out locale, as its faker writes them, minus every name seen in training. */
function pools(f: Faker): Pools {
  const given: string[] = [];
  const family: string[] = [];
  for (let i = 0; i < 400; i++) {
    given.push(f.person.firstName());
    family.push(f.person.lastName());
  }
  const u = { given: unseen(given), family: unseen(family) };
  // A locale whose names all occur in training still contributes its spellings (as with Zulu or Ghanaian English names).
  return { given: u.given.length >= 5 ? u.given : [...new Set(given)], family: u.family.length >= 5 ? u.family : [...new Set(family)] };
}

const TITLES = ['Dr.', 'Mr.', 'Ms.', 'Mrs.', 'Prof.', 'Dr'];

function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Card numbers: faker's issuers, and Luhn-valid 12-digit Maestro-style and 15-digit 1800/2131 numbers. */
function card(f: Faker): string {
  const kind = f.number.int(9);
  if (kind < 6) return f.finance.creditCardNumber();
  const prefix = kind < 8 ? f.helpers.arrayElement(['50', '56', '58', '63', '67']) : f.helpers.arrayElement(['1800', '2131']);
  const length = kind < 8 ? 12 : 15;
  const body = prefix + f.string.numeric(length - prefix.length - 1);
  const number = body + luhnDigit(body);
  return f.datatype.boolean() ? number : number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function ssn(f: Faker): string {
  return `${f.number.int({ min: 101, max: 665 })}-${f.string.numeric(2).replace('00', '12')}-${f.string.numeric(4).replace('0000', '4321')}`;
}

/** A public IPv4 address (private and documentation ranges are not personal data). */
function ip(f: Faker): string {
  return `${f.number.int({ min: 11, max: 99 })}.${f.number.int({ min: 1, max: 254 })}.${f.number.int({ min: 1, max: 254 })}.${f.number.int({ min: 1, max: 254 })}`;
}

interface Value {
  text: string;
  type?: EntityType;
}

function fillSlot(slot: string, f: Faker, p: Pools): Value {
  const given = () => f.helpers.arrayElement(p.given);
  const family = () => f.helpers.arrayElement(p.family);
  switch (slot) {
    case 'NAME':
      return { text: `${given()} ${family()}`, type: 'PERSON' };
    case 'NAME_MID':
      return { text: `${given()} ${f.string.alpha({ length: 1, casing: 'upper' })}. ${family()}`, type: 'PERSON' };
    case 'GIVEN':
      return { text: given(), type: 'PERSON' };
    case 'SURNAME':
      return { text: family(), type: 'PERSON' };
    case 'TITLED':
      return { text: `${f.helpers.arrayElement(TITLES)} ${family()}`, type: 'PERSON' };
    case 'ADDRESS':
      return { text: f.location.streetAddress(f.datatype.boolean()), type: 'STREET_ADDRESS' };
    case 'ADDRESS_FULL':
      return { text: `${f.location.streetAddress()}, ${f.location.zipCode()} ${f.location.city()}`, type: 'STREET_ADDRESS' };
    case 'ADDRESS_BLOCK':
      return { text: `${f.location.streetAddress(f.datatype.boolean())}\n${f.location.zipCode()} ${f.location.city()}`, type: 'STREET_ADDRESS' };
    case 'PHONE':
      return { text: f.phone.number(), type: 'PHONE_NUMBER' };
    case 'CARD':
      return { text: card(f), type: 'CREDIT_CARD' };
    case 'EMAIL':
      return { text: f.internet.email({ firstName: given(), lastName: family() }), type: 'EMAIL_ADDRESS' };
    case 'IBAN':
      return { text: f.finance.iban({ formatted: f.datatype.boolean() }), type: 'IBAN_CODE' };
    case 'SSN':
      return { text: ssn(f), type: 'US_SSN' };
    case 'IP':
      return { text: ip(f), type: 'IP_ADDRESS' };
    case 'N':
      return { text: String(f.number.int({ min: 2, max: 99999 })) };
    case 'YEAR':
      return { text: String(f.number.int({ min: 1950, max: 2030 })) };
    case 'DATE':
      return {
        text: f.helpers.arrayElement([
          f.date.anytime().toISOString().slice(0, 10),
          `${f.number.int({ min: 1, max: 28 })}.${f.number.int({ min: 1, max: 12 })}.${f.number.int({ min: 2000, max: 2030 })}`,
        ]),
      };
    case 'PRICE':
      return { text: f.helpers.arrayElement([`€${f.commerce.price()}`, `${f.commerce.price()} USD`, `$${f.number.int(99999).toLocaleString('en-US')}.00`]) };
    case 'VERSION':
      return { text: f.system.semver() };
    default:
      throw new Error(`unknown slot {${slot}}`);
  }
}

function render(template: string, f: Faker, p: Pools, locale: string): IndependentText {
  let text = '';
  const spans: IndependentSpan[] = [];
  let at = 0;
  for (const match of template.matchAll(/\{([A-Z_]+)\}/g)) {
    text += template.slice(at, match.index);
    const value = fillSlot(match[1]!, f, p);
    if (value.type) spans.push({ type: value.type, start: text.length, end: text.length + value.text.length });
    text += value.text;
    at = match.index + match[0].length;
  }
  return { text: text + template.slice(at), spans, locale };
}

/**
 * The independent PII evaluation set: each text takes a held-out locale and a template (five in
 * six with entities); every locale's faker is reseeded from one seed, so the set is reproducible.
 */
export function generateIndependentCorpus(count = 1500, seed = INDEPENDENT_SEED): IndependentText[] {
  const locales = HELD_OUT_LOCALES.map((locale, i) => {
    const f = heldOutFaker(locale);
    f.seed(seed + i);
    return { locale, f, pools: pools(f) };
  });
  const rows: IndependentText[] = [];
  for (let i = 0; i < count; i++) {
    const { locale, f, pools: p } = locales[i % locales.length]!;
    const templates = i % 6 === 5 ? INDEPENDENT_WITHOUT_ENTITIES : INDEPENDENT_WITH_ENTITIES;
    rows.push(render(f.helpers.arrayElement(templates), f, p, locale));
  }
  return rows;
}
