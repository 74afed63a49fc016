import * as fakers from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import type { EntityType } from '../../src/guardrails/pii/entities.ts';
import { isHeldOut, type NamePools } from './names.ts';
import * as values from './values.ts';

/**
 * A labelled span. PERSON spans also say whether the name is personal data by the corpus' rule:
 * the template gives it an explicit cue (the writer introduces or signs as them, addresses them,
 * states a relation, records them in a form, header or table, asks to contact or act on them,
 * reports dealing with them, or puts their contact data or identifiers next to them). A name
 * without such a cue (a headline, an author, a bio, a third person talked about) is a mention.
 */
export interface LabelledSpan {
  type: EntityType;
  start: number;
  end: number;
  personal?: boolean;
}

/** One span-labelled text: the JSONL format of the PII evaluation. */
export interface LabelledText {
  text: string;
  spans: LabelledSpan[];
}

const all = fakers as unknown as Record<string, Faker>;
const FILLER_LOCALES = ['fakerEN', 'fakerDE', 'fakerFR', 'fakerES', 'fakerIT', 'fakerPT_BR', 'fakerNL', 'fakerPL', 'fakerSV', 'fakerTR'];
const WORD_LOCALES = [
  'fakerDE',
  'fakerFR',
  'fakerES',
  'fakerIT',
  'fakerPT_BR',
  'fakerNL',
  'fakerPL',
  'fakerSV',
  'fakerTR',
  'fakerID_ID',
  'fakerVI',
  'fakerCS_CZ',
  'fakerHU',
  'fakerRO',
  'fakerFI',
  'fakerRU',
  'fakerEL',
  'fakerZH_CN',
  'fakerJA',
  'fakerKO',
  'fakerAR',
  'fakerHE',
  'fakerUK',
  'fakerTH',
];
const TECH = [
  'Python',
  'JavaScript',
  'TypeScript',
  'React',
  'Docker',
  'Kubernetes',
  'Linux',
  'Windows',
  'GitHub',
  'PostgreSQL',
  'Node',
  'Rust',
  'Excel',
  'Slack',
  'Jira',
  'Terraform',
  'Redis',
  'Django',
  'Flask',
  'Pandas',
  'NumPy',
  'Java',
  'Swift',
  'Kotlin',
  'Android',
  'iPhone',
  'ChatGPT',
  'Azure',
  'Oracle',
  'Salesforce',
];
const SLANG = [
  'Lol',
  'Haha',
  'Hahaha',
  'Omg',
  'Lmao',
  'Bro',
  'Dude',
  'Man',
  'Yo',
  'Ugh',
  'Wow',
  'Yay',
  'Nah',
  'Yeah',
  'Yep',
  'Nope',
  'Btw',
  'Imo',
  'Tbh',
  'Idk',
  'Smh',
  'Pls',
  'Plz',
  'Thx',
  'Np',
  'Gg',
  'Welp',
  'Oof',
  'Bruh',
  'Sis',
  'Fam',
  'Mate',
  'Dang',
  'Damn',
  'Geez',
  'Jeez',
  'Gosh',
  'Meh',
  'Hmm',
  'Ok',
  'Okay',
  'Aight',
  'Ikr',
  'Fyi',
  'Asap',
  'Rofl',
  'Wtf',
  'Hehe',
  'Xd',
  'Ew',
  'Yikes',
  'Whoa',
  'Oops',
  'Dope',
  'Lit',
  'Legit',
  'Sus',
  'Bestie',
  'Ngl',
  'Fr',
  'Ikr',
  'Kinda',
  'Gonna',
  'Wanna',
  'Lemme',
  'Yall',
  'Y’all',
  'Cuz',
  'Cos',
  'Ya',
  'Yup',
  'Woah',
  'Huh',
  'Aww',
  'Awesome',
  'Cool',
  'Sweet',
  'Nice',
  'Dayum',
];
const ASSISTANTS = [
  'ChatGPT',
  'Claude',
  'Gemini',
  'Copilot',
  'Alexa',
  'Siri',
  'Cortana',
  'Bard',
  'Llama',
  'Mistral',
  'Grok',
  'Jarvis',
  'Bixby',
  'Perplexity',
  'DeepSeek',
  'Qwen',
];
const HOLIDAYS = [
  'Christmas',
  'Easter',
  'Thanksgiving',
  'Halloween',
  'Ramadan',
  'Eid',
  'Diwali',
  'Hanukkah',
  'Passover',
  'Carnival',
  'Oktoberfest',
  'Valentine’s Day',
  'New Year',
  'Lunar New Year',
  'Pentecost',
  'Advent',
  'Lent',
];
const BRANDS = [
  'Starbucks',
  'IKEA',
  'Walmart',
  'Target',
  'Amazon',
  'Tesco',
  'Lidl',
  'Aldi',
  'Zara',
  'Nike',
  'Adidas',
  'Apple',
  'Samsung',
  'Sony',
  'Nintendo',
  'Toyota',
  'Honda',
  'Ford',
  'Tesla',
  'Costco',
  'Uber',
  'Airbnb',
  'Netflix',
  'Spotify',
  'Carrefour',
  'Decathlon',
  'Primark',
  'Boots',
  'Walgreens',
  'Subway',
  'Heineken',
  'Nestlé',
  'Lego',
  'Philips',
  'Bosch',
  'Siemens',
  'Peugeot',
  'Renault',
  'Ferrari',
  'Gucci',
  'Prada',
  'Chanel',
  'Dior',
  'Hermès',
  'Rolex',
  'Porsche',
  'Dell',
  'Lenovo',
  'Canon',
  'Nikon',
  'Kellogg’s',
  'Heinz',
  'Colgate',
  'Gillette',
  'Disney',
  'Marriott',
  'Hilton',
  'Wendy’s',
  'Dunkin',
  'Chipotle',
];
const TITLES = [
  'Mr.',
  'Mrs.',
  'Ms.',
  'Dr.',
  'Prof.',
  'Mr',
  'Mrs',
  'Ms',
  'Dr',
  'Herr',
  'Frau',
  'Monsieur',
  'Madame',
  'Señor',
  'Señora',
  'Sir',
  'Dame',
  'Capt.',
  'Rev.',
];

/**
 * Hard-negative word lists are split like the names: the evaluation corpus draws only from the
 * held-out fifth, so its slang, brands and assistants are words the model never saw as negatives.
 */
export type Split = 'train' | 'eval';
const splitCache = new Map<readonly string[], Record<Split, string[]>>();
function pick(f: Faker, list: readonly string[], split: Split): string {
  let parts = splitCache.get(list);
  if (!parts) {
    parts = { train: list.filter((w) => !isHeldOut(w)), eval: list.filter((w) => isHeldOut(w)) };
    splitCache.set(list, parts);
  }
  return f.helpers.arrayElement(parts[split]);
}

interface Filled {
  text: string;
  type?: EntityType;
  /** Names that are always mentions whatever the template says (famous authors). */
  mention?: boolean;
}

type Slot = (f: Faker, names: NamePools, split: Split) => Filled;

/** A faker of another locale, reseeded from the corpus faker so that corpora are reproducible. */
function localeFaker(f: Faker, locales: readonly string[]): Faker {
  const loc = all[f.helpers.arrayElement(locales)]!;
  loc.seed(f.number.int(2 ** 31));
  return loc;
}

function foreignWords(f: Faker): string {
  const loc = localeFaker(f, WORD_LOCALES);
  const count = f.number.int({ min: 4, max: 12 });
  const words = Array.from({ length: count }, () =>
    loc.helpers.arrayElement([() => loc.word.noun(), () => loc.word.verb(), () => loc.word.adjective(), () => loc.word.adverb()])(),
  );
  return words.join(' ');
}

/** Particles of multi-part family names: "van der Berg", "de la Cruz", "bin Salman", "Di Stefano". */
const PARTICLES = [
  'van',
  'van der',
  'van den',
  'van de',
  'de',
  'de la',
  'del',
  'de los',
  'della',
  'di',
  'da',
  'dos',
  'das',
  'von',
  'von der',
  'zu',
  'ter',
  'ten',
  'le',
  'du',
  'bin',
  'ibn',
  'bint',
  'al',
  'el',
  'abu',
  'De',
  'Di',
  'Da',
  'Van',
  'Von',
  'Le',
  'La',
  'Al',
  'El',
  'Abu',
  'Ben',
  'y',
];
/** Glued prefixes of family names: "O'Brien", "McKenna", "al-Rashid". */
const PREFIXES = ["O'", 'O’', 'Mc', 'Mac', 'Fitz', 'al-', 'Al-', 'el-', 'El-', 'Abd al-', 'D’', "D'"];

function fullName(f: Faker, names: NamePools): string {
  const first = f.helpers.arrayElement(names.first);
  const last = f.helpers.arrayElement(names.last);
  const r = f.number.float();
  if (r < 0.1) return `${first} ${f.helpers.arrayElement(names.first)} ${last}`;
  if (r < 0.2) return `${first} ${f.string.alpha({ casing: 'upper' })}. ${last}`;
  if (r < 0.25) return `${first} ${last}-${f.helpers.arrayElement(names.last)}`;
  if (r < 0.28) return `${f.string.alpha({ casing: 'upper' })}. ${last}`;
  if (r < 0.34) return `${first} ${f.helpers.arrayElement(PARTICLES)} ${last}`;
  if (r < 0.37) return `${first} ${f.helpers.arrayElement(PREFIXES)}${last}`;
  if (r < 0.4) return `${first}-${f.helpers.arrayElement(names.first)} ${last}`;
  return `${first} ${last}`;
}

/** Names as people type them: sometimes without accents, lower-cased or in capitals. */
function personVariant(f: Faker, name: string): string {
  const r = f.number.float();
  if (r < 0.08) return name.normalize('NFD').replace(/\p{M}/gu, '');
  if (r < 0.13) return name.toLowerCase();
  if (r < 0.16) return name.toUpperCase();
  return name;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function englishWord(f: Faker): string {
  return f.helpers.arrayElement([() => f.word.noun(), () => f.word.verb(), () => f.word.adjective(), () => f.word.adverb()])();
}

function identifier(f: Faker, style: 'snake' | 'camel' | 'pascal'): string {
  const words = Array.from(
    { length: f.number.int({ min: 1, max: 3 }) },
    () =>
      f.word
        .noun()
        .replace(/[^a-z]/gi, '')
        .toLowerCase() || 'item',
  );
  if (style === 'snake') return words.join('_');
  const pascal = words.map(capitalise).join('');
  return style === 'pascal' ? pascal : pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/**
 * A company name that is not a list of family names: faker builds some from surnames ("Keller,
 * Ortega and Szabó"), which would teach the model that people listed together are a firm.
 */
function companyName(f: Faker): string {
  for (;;) {
    const name = localeFaker(f, FILLER_LOCALES).company.name();
    if (!/,| and | & | - | und | et | y | e | en | i /.test(name)) return name;
  }
}

/** Every slot a template may use. Slots with a type produce a labelled span. */
export const SLOTS: Record<string, Slot> = {
  FULL: (f, n) => ({ text: personVariant(f, fullName(f, n)), type: 'PERSON' }),
  FIRST: (f, n) => ({ text: personVariant(f, f.helpers.arrayElement(n.first)), type: 'PERSON' }),
  LAST: (f, n) => ({ text: personVariant(f, f.helpers.arrayElement(n.last)), type: 'PERSON' }),
  AUTHOR: (f) => ({ text: f.book.author(), type: 'PERSON', mention: true }),
  SLANG: (f, _n, split) => ({ text: pick(f, SLANG, split) }),
  ASSISTANT: (f, _n, split) => ({ text: pick(f, ASSISTANTS, split) }),
  HOLIDAY: (f, _n, split) => ({ text: pick(f, HOLIDAYS, split) }),
  BRAND: (f, _n, split) => ({ text: pick(f, BRANDS, split) }),
  CAPWORD: (f) => ({ text: capitalise(englishWord(f)) }),
  VERB: (f) => ({ text: f.word.verb() }),
  HEADING: (f) => ({ text: Array.from({ length: f.number.int({ min: 2, max: 5 }) }, () => capitalise(englishWord(f))).join(' ') }),
  SNAKE: (f) => ({ text: identifier(f, 'snake') }),
  CAMEL: (f) => ({ text: identifier(f, 'camel') }),
  PASCAL: (f) => ({ text: identifier(f, 'pascal') }),
  FOREIGNCAP: (f) => ({ text: capitalise(foreignWords(f)) }),
  TITLE: (f) => ({ text: f.helpers.arrayElement(TITLES) }),
  CITY: (f) => ({ text: localeFaker(f, FILLER_LOCALES).location.city() }),
  COUNTRY: (f) => ({ text: f.location.country() }),
  STATE: (f) => ({ text: f.location.state() }),
  COMPANY: (f) => ({ text: companyName(f) }),
  PRODUCT: (f) => ({ text: f.commerce.productName() }),
  DEPARTMENT: (f) => ({ text: f.commerce.department() }),
  JOB: (f) => ({ text: f.person.jobTitle() }),
  MONTH: (f) => ({ text: f.date.month() }),
  WEEKDAY: (f) => ({ text: f.date.weekday() }),
  STREETNAME: (f) => ({ text: localeFaker(f, FILLER_LOCALES).location.street() }),
  TECH: (f) => ({ text: f.helpers.arrayElement(TECH) }),
  NOUN: (f) => ({ text: f.word.noun() }),
  ADJ: (f) => ({ text: f.word.adjective() }),
  CATCH: (f) => ({ text: f.company.catchPhrase() }),
  BUZZ: (f) => ({ text: f.company.buzzPhrase() }),
  FOREIGN: (f) => ({ text: foreignWords(f) }),
  NUM: (f) => ({ text: String(f.number.int({ min: 2, max: 500 })) }),
  AMOUNT: (f) => ({ text: f.finance.amount({ min: 5, max: 5000, dec: 2, symbol: f.helpers.arrayElement(['$', '€', '£', '']) }) }),
  ORDER: (f) => ({
    text: f.helpers.arrayElement([
      f.string.numeric(9),
      f.string.numeric(12),
      `${f.string.alpha({ length: 2, casing: 'upper' })}-${f.string.numeric(8)}`,
      f.string.numeric({ length: 10 }),
    ]),
  }),
  VERSION: (f) => ({ text: f.helpers.arrayElement([f.system.semver(), `${f.number.int(20)}.${f.number.int(20)}.${f.number.int(99)}.${f.number.int(9999)}`]) }),
  GUID: (f) => ({ text: f.string.uuid() }),
  DATE: (f) => ({
    text: f.helpers.arrayElement([
      f.date.recent().toISOString().slice(0, 10),
      f.date.past().toLocaleDateString('en-US'),
      f.date.future().toLocaleDateString('de-DE'),
    ]),
  }),
  TIME: (f) => ({ text: `${f.number.int({ min: 1, max: 12 })}:${String(f.number.int(59)).padStart(2, '0')}` }),
  YEARS: (f) => ({ text: `${f.number.int({ min: 1990, max: 2015 })}-${f.number.int({ min: 2016, max: 2025 })}` }),
  HASH: (f) => ({ text: f.git.commitSha() }),
  URL: (f) => ({ text: f.internet.url() }),
  EMAIL: (f) => ({ text: f.internet.email(), type: 'EMAIL_ADDRESS' }),
  PHONE: (f) => ({ text: values.phone(f), type: 'PHONE_NUMBER' }),
  CARD: (f) => ({ text: values.creditCard(f), type: 'CREDIT_CARD' }),
  IBAN: (f) => ({ text: values.iban(f), type: 'IBAN_CODE' }),
  IP: (f) => ({ text: values.ipAddress(f), type: 'IP_ADDRESS' }),
  SSN: (f) => ({ text: values.usSsn(f), type: 'US_SSN' }),
  NINO: (f) => ({ text: values.ukNino(f), type: 'UK_NINO' }),
  NHS: (f) => ({ text: values.ukNhs(f), type: 'UK_NHS' }),
  AADHAAR: (f) => ({ text: values.inAadhaar(f), type: 'IN_AADHAAR' }),
  PAN: (f) => ({ text: values.inPan(f), type: 'IN_PAN' }),
  MYNUMBER: (f) => ({ text: values.jpMyNumber(f), type: 'JP_MY_NUMBER' }),
  RRN: (f) => ({ text: values.krRrn(f), type: 'KR_RRN' }),
  NRIC: (f) => ({ text: values.sgNricFin(f), type: 'SG_NRIC_FIN' }),
  TFN: (f) => ({ text: values.auTfn(f), type: 'AU_TFN' }),
  NIF: (f) => ({ text: values.esNif(f), type: 'ES_NIF' }),
  CF: (f) => ({ text: values.itFiscalCode(f), type: 'IT_FISCAL_CODE' }),
  NIR: (f) => ({ text: values.frNir(f), type: 'FR_NIR' }),
  TAXID: (f) => ({ text: values.deTaxId(f), type: 'DE_TAX_ID' }),
  CPF: (f) => ({ text: values.brCpf(f), type: 'BR_CPF' }),
  CNID: (f) => ({ text: values.cnResidentId(f), type: 'CN_RESIDENT_ID' }),
  ADDRESS: (f) => ({
    text: values.streetAddress(f, localeFaker(f, ['fakerEN_US', 'fakerEN_US', 'fakerEN_GB', 'fakerDE', 'fakerFR', 'fakerES', 'fakerIT', 'fakerNL'])),
    type: 'STREET_ADDRESS',
  }),
  DOB: (f) => ({ text: values.dateOfBirth(f), type: 'DATE_OF_BIRTH' }),
  SECRET: (f) => ({ text: values.secret(f), type: 'SECRET' }),
};

/** `{FULL}`: a slot; `{FULL:mention}`: a name slot the template gives no personal-data cue. */
const SLOT = /\{([A-Z]+)(:mention)?\}/g;

export interface ComposeOptions {
  /** Share of texts turned to lower case (names then have no capital letter to lean on). */
  lowerCase: number;
  upperCase: number;
  split: Split;
}

/**
 * Fills a template: each {SLOT} gets a fresh value; typed slots become labelled spans. Name slots
 * separated by a single space ("{FIRST} {LAST}") make one name, hence one span.
 */
export function compose(template: string, f: Faker, names: NamePools, options: ComposeOptions): LabelledText {
  let text = '';
  const spans: LabelledSpan[] = [];
  let last = 0;
  for (const match of template.matchAll(SLOT)) {
    text += template.slice(last, match.index);
    const slot = SLOTS[match[1]!];
    if (!slot) throw new Error(`unknown slot ${match[1]} in "${template}"`);
    const filled = slot(f, names, options.split);
    if (match[2] && filled.type !== 'PERSON') throw new Error(`only name slots can be mentions: "${template}"`);
    const start = text.length;
    text += filled.text;
    last = match.index + match[0].length;
    if (!filled.type) continue;
    const previous = spans.at(-1);
    if (filled.type === 'PERSON' && previous?.type === 'PERSON' && previous.end + 1 === start && text[previous.end] === ' ') {
      previous.end = text.length;
    } else if (filled.type === 'PERSON') {
      spans.push({ type: 'PERSON', start, end: text.length, personal: !match[2] && !filled.mention });
    } else spans.push({ type: filled.type, start, end: text.length });
  }
  text += template.slice(last);
  // Only texts whose entities are all names change case: IDs and keys have a case of their own.
  const r = spans.every((s) => s.type === 'PERSON') ? f.number.float() : 1;
  const recased = r < options.lowerCase ? text.toLowerCase() : r < options.lowerCase + options.upperCase ? text.toUpperCase() : text;
  // Case mapping may change lengths in a few scripts; keep the original then so spans stay exact.
  return { text: recased.length === text.length ? recased : text, spans };
}
