/**
 * A held-out check built from the real resources of the datasets' PII folder: sentences of five
 * template families written for this check alone (no training or calibration text uses them),
 * filled with popular names of 106 countries, OpenCage's real addresses of 244 countries and
 * libphonenumber's example numbers of 246 regions in the written variants of phone-variants.ts.
 * Every name is gold, cue or not. Nothing here tunes anything: thresholds come from the NER folds
 * (train-person.ts) and the recognisers' rules from hand-written cases; this set only reports.
 */
import { Random } from '../random.ts';
import type { LabelledSpan, LabelledText } from './compose.ts';
import { phoneVariants } from './phone-variants.ts';
import { examplePhoneNumbers, openCageRows, popularNames } from './real-resources.ts';

/** Slots: {NAME} given + family name, {GIVEN}, {SURNAME}, {ADDRESS} one line, {BLOCK} multi-line, {STREET} street and number, {PHONE}. */
export const REAL_FILL_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  'passing mention': [
    'Did you catch the {NAME} interview on the radio?',
    'I think the table is booked under {SURNAME}.',
    'That photo (taken by {NAME}) won a prize.',
    'Unlike the {SURNAME} biography, this one is short.',
    "{NAME}'s new bakery opens on Monday.",
    'The award went to {NAME} and {NAME} this year.',
  ],
  dialogue: [
    'Good to see you again, {GIVEN}!',
    '"Are you coming tonight, {GIVEN}?" she asked.',
    '{GIVEN}: running late, start without me.',
    'Thanks {GIVEN}, that fixed it.',
  ],
  logistics: [
    'Please forward the parcel to {ADDRESS}.',
    'The new office is at {STREET}, on the second floor.',
    'Shipping address:\n{BLOCK}',
    'We moved to {ADDRESS} last month.',
    'Returns go to {STREET} until further notice.',
  ],
  directory: [
    '{NAME}, {PHONE}',
    'Front desk: {PHONE}',
    'For bookings ring {PHONE} or write to us.',
    '{NAME} can be reached on {PHONE}.',
    'Our number changed to {PHONE} in May.',
  ],
  record: [
    'Customer {NAME} ({PHONE}) asked for a refund; delivery to {ADDRESS}.',
    'Guest: {NAME}\nPhone: {PHONE}\nAddress: {ADDRESS}',
    'Driver {NAME} picked up the load at {STREET} and called {PHONE}.',
  ],
};

const SLOT = /\{(NAME|GIVEN|SURNAME|ADDRESS|BLOCK|STREET|PHONE)\}/g;

export interface RealFillText extends LabelledText {
  family: string;
  /** Countries or regions of the names, addresses and phones, comma-joined. */
  origin: string;
}

interface Filler {
  value: string;
  type: LabelledSpan['type'];
  origin: string;
}

/** Generates `count` texts, seeded; each family gets an equal share. */
export function generateRealFill(count = 1500, seed = 2031): RealFillText[] {
  const rng = new Random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
  const names = [...popularNames().byCountry].filter(([, n]) => n.given.length > 0 && n.family.length > 0 && n.given.some((g) => /^\p{Script=Latin}/u.test(g)));
  const latin = (list: readonly string[]) => list.filter((n) => /^[\p{Script=Latin}][\p{Script=Latin}\p{M}'’\- ]*$/u.test(n));
  const addresses = openCageRows().filter((r) => r.type === 'STREET_ADDRESS' && r.components?.road && r.components.house_number && r.street_line);
  const phones = examplePhoneNumbers().filter((r) => r.format === 'international');
  const fill = (slot: string): Filler => {
    if (slot === 'NAME' || slot === 'GIVEN' || slot === 'SURNAME') {
      const [country, pools] = pick(names);
      const given = pick(latin(pools.given).length > 0 ? latin(pools.given) : pools.given);
      const family = pick(latin(pools.family).length > 0 ? latin(pools.family) : pools.family);
      return { value: slot === 'GIVEN' ? given : slot === 'SURNAME' ? family : `${given} ${family}`, type: 'PERSON', origin: country };
    }
    if (slot === 'PHONE') {
      const row = pick(phones);
      const variants = phoneVariants(row, rng);
      return { value: pick(variants).text, type: 'PHONE_NUMBER', origin: row.country };
    }
    const row = pick(addresses);
    const value = slot === 'STREET' ? row.street_line! : slot === 'BLOCK' ? (row.multiline ?? row.text) : (row.text_without_venue ?? row.text);
    return { value, type: 'STREET_ADDRESS', origin: row.country };
  };
  const families = Object.keys(REAL_FILL_FAMILIES);
  const out: RealFillText[] = [];
  for (let i = 0; i < count; i++) {
    const family = families[i % families.length]!;
    const template = pick(REAL_FILL_FAMILIES[family]!);
    const spans: LabelledSpan[] = [];
    const origins: string[] = [];
    let text = '';
    let last = 0;
    for (const match of template.matchAll(SLOT)) {
      text += template.slice(last, match.index);
      const filler = fill(match[1]!);
      spans.push({ type: filler.type, start: text.length, end: text.length + filler.value.length });
      origins.push(filler.origin);
      text += filler.value;
      last = match.index + match[0].length;
    }
    text += template.slice(last);
    out.push({ text, spans, family, origin: origins.join(',') });
  }
  return out;
}
