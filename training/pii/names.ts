import * as fakers from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';

/**
 * Name pools for generated PII text: given and family names from every Latin-script faker locale,
 * plus romanised East Asian and Arabic names that faker only has in native scripts. Names are split
 * by a hash into a training part (also the shipped lexicon) and a held-out part that only the
 * evaluation corpus uses, so the reported PERSON score includes names the model has never seen.
 */

const LATIN_LOCALES = [
  'EN', 'EN_US', 'EN_GB', 'EN_AU', 'EN_CA', 'EN_IE', 'EN_IN', 'EN_NG', 'EN_ZA', 'EN_GH', 'DE', 'DE_AT', 'DE_CH', 'FR',
  'FR_CA', 'FR_BE', 'FR_SN', 'ES', 'ES_MX', 'IT', 'PT_BR', 'PT_PT', 'NL', 'PL', 'SV', 'NB_NO', 'DA', 'FI', 'TR', 'VI',
  'ID_ID', 'CS_CZ', 'SK', 'HU', 'RO', 'HR', 'LV', 'AF_ZA', 'ZU_ZA', 'YO_NG', 'SL_SI', 'SR_RS_latin', 'UZ_UZ_latin', 'AZ', 'CY',
] as const;

const ROMANISED_FIRST = [
  'Wei', 'Fang', 'Min', 'Jing', 'Xiaoming', 'Yan', 'Hui', 'Jun', 'Lei', 'Tao', 'Ying', 'Xin', 'Hao', 'Yu', 'Mei', 'Zhiwei',
  'Haruto', 'Yui', 'Sota', 'Aoi', 'Ren', 'Hina', 'Yuki', 'Kenji', 'Akira', 'Yumi', 'Takeshi', 'Sakura', 'Hiroshi', 'Naoko',
  'Min-jun', 'Seo-yeon', 'Ji-hoon', 'Ha-eun', 'Do-yoon', 'Ji-woo', 'Seung-min', 'Eun-ji',
  'Mohammed', 'Ahmed', 'Fatima', 'Omar', 'Aisha', 'Hassan', 'Khalid', 'Layla', 'Youssef', 'Mariam', 'Tariq', 'Noor', 'Karim', 'Salma',
];
const ROMANISED_LAST = [
  'Wang', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Zhou', 'Xu', 'Sun', 'Zhu', 'Guo', 'Lin', 'Gao', 'Luo', 'Zheng',
  'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada',
  'Kim', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han',
  'Al-Sayed', 'Haddad', 'Khalil', 'Nasser', 'Hamdan', 'Mansour', 'Farouk', 'Saleh', 'Aziz', 'Rahman',
];

const LATIN_NAME = /^[\p{Script=Latin}][\p{Script=Latin}\p{M}'’\- ]*$/u;

function values(definition: unknown): string[] {
  if (Array.isArray(definition)) return definition.filter((v): v is string => typeof v === 'string');
  if (definition && typeof definition === 'object') return Object.values(definition).flatMap(values);
  return [];
}

/** Deterministic 32-bit string hash (FNV-1a) used for the train/held-out split. */
function hash(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Names (and hard-negative words) kept for evaluation only: a fifth, chosen by hash. */
export function isHeldOut(name: string): boolean {
  return hash(name.toLowerCase()) % 5 === 0;
}

/** Names kept for calibrating the PERSON score: a tenth, disjoint from the held-out fifth. */
export function isCalibration(name: string): boolean {
  return hash(name.toLowerCase()) % 10 === 1;
}

export interface NamePools {
  first: string[];
  last: string[];
}

function collect(): { first: Set<string>; last: Set<string> } {
  const first = new Set<string>(ROMANISED_FIRST);
  const last = new Set<string>(ROMANISED_LAST);
  const all = fakers as unknown as Record<string, Faker>;
  for (const locale of LATIN_LOCALES) {
    const person = all[`faker${locale}`]?.rawDefinitions.person;
    if (!person) continue;
    for (const name of values(person.first_name)) if (LATIN_NAME.test(name)) first.add(name);
    for (const name of values(person.last_name)) if (LATIN_NAME.test(name) && !name.includes('{')) last.add(name);
  }
  return { first, last };
}

const ALL = collect();

type Part = 'train' | 'calibration' | 'held-out';

function part(name: string): Part {
  return isHeldOut(name) ? 'held-out' : isCalibration(name) ? 'calibration' : 'train';
}

function split(names: Set<string>, wanted: Part): string[] {
  return [...names].filter((n) => part(n) === wanted).sort();
}

export const TRAIN_NAMES: NamePools = { first: split(ALL.first, 'train'), last: split(ALL.last, 'train') };
export const CALIBRATION_NAMES: NamePools = { first: split(ALL.first, 'calibration'), last: split(ALL.last, 'calibration') };
export const HELD_OUT_NAMES: NamePools = { first: split(ALL.first, 'held-out'), last: split(ALL.last, 'held-out') };

/** The lexicon shipped with the model: lower-case training names → LEX_FIRST (1) | LEX_LAST (2). */
export function trainingLexicon(): Map<string, number> {
  const lexicon = new Map<string, number>();
  const add = (name: string, bit: number): void => {
    for (const part of name.toLowerCase().split(/[\s]+/)) lexicon.set(part, (lexicon.get(part) ?? 0) | bit);
  };
  for (const name of TRAIN_NAMES.first) add(name, 1);
  for (const name of TRAIN_NAMES.last) add(name, 2);
  return lexicon;
}
