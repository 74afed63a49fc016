import * as fakers from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import { LEX_FIRST, LEX_LAST } from '../../src/guardrails/pii/person/features.ts';
import { romaniseName } from '../../src/guardrails/pii/person/romanise.ts';

/**
 * Name pools for generated PII text: given and family names from every Latin-script faker locale,
 * the Cyrillic and Greek locales transliterated, plus romanised Chinese, Japanese, Korean, Arabic,
 * Persian, South Asian and African names that faker only has in native scripts or not at all.
 * Names are split by a hash into a training part (also the shipped lexicon) and a held-out part
 * that only the evaluation corpus uses, so the reported PERSON score includes names the model has
 * never seen.
 */

/**
 * Latin-script locales the names are drawn from. Croatian, Slovak, Slovenian, Latvian, Azerbaijani,
 * Zulu and Ghanaian English are left out: the independent evaluation (`independent/`) fills its
 * names from them, so its PERSON score measures locales the model never saw.
 */
export const LATIN_LOCALES = [
  'EN', 'EN_US', 'EN_GB', 'EN_AU', 'EN_CA', 'EN_IE', 'EN_IN', 'EN_NG', 'EN_ZA', 'EN_HK', 'DE', 'DE_AT', 'DE_CH', 'FR',
  'FR_CA', 'FR_BE', 'FR_SN', 'FR_LU', 'ES', 'ES_MX', 'IT', 'PT_BR', 'PT_PT', 'NL', 'PL', 'SV', 'NB_NO', 'DA', 'FI', 'TR', 'VI',
  'ID_ID', 'CS_CZ', 'HU', 'RO', 'AF_ZA', 'YO_NG', 'SR_RS_latin', 'UZ_UZ_latin', 'CY',
  'FR_CH', 'NL_BE', 'RO_MD', 'EN_NP', 'KU_kmr_latin',
] as const;
/** Locales in other alphabets whose names are written in Latin letters in English text (Olga, Nikos). */
export const TRANSLITERATED_LOCALES = ['RU', 'UK', 'MK', 'EL'] as const;

const ROMANISED_FIRST = [
  // Chinese (pinyin)
  'Wei', 'Fang', 'Min', 'Jing', 'Xiaoming', 'Yan', 'Hui', 'Jun', 'Lei', 'Tao', 'Ying', 'Xin', 'Hao', 'Yu', 'Mei', 'Zhiwei',
  'Xiaoyu', 'Jiahui', 'Zihan', 'Yuxuan', 'Haoran', 'Yichen', 'Xinyi', 'Ruoxi', 'Zhenyu', 'Qiang', 'Ling', 'Xiu', 'Bo', 'Chao',
  'Dong', 'Guang', 'Jian', 'Kai', 'Peng', 'Qing', 'Rui', 'Shu', 'Ting', 'Xiang', 'Yong', 'Zhen', 'Lihua', 'Shiyu', 'Mingzhe',
  // Japanese
  'Haruto', 'Yui', 'Sota', 'Aoi', 'Ren', 'Hina', 'Yuki', 'Kenji', 'Akira', 'Yumi', 'Takeshi', 'Sakura', 'Hiroshi', 'Naoko',
  'Daiki', 'Haruka', 'Kaito', 'Mio', 'Riku', 'Yuna', 'Shota', 'Ayaka', 'Takumi', 'Misaki', 'Kazuki', 'Emi', 'Ryota', 'Nanami',
  'Satoshi', 'Keiko', 'Makoto', 'Tomoko', 'Kenta', 'Asuka', 'Shinji', 'Yoko', 'Noriko', 'Tatsuya',
  // Korean
  'Min-jun', 'Seo-yeon', 'Ji-hoon', 'Ha-eun', 'Do-yoon', 'Ji-woo', 'Seung-min', 'Eun-ji', 'Seo-jun', 'Ji-ho', 'Su-bin',
  'Ye-jin', 'Hyun-woo', 'Min-seo', 'Jae-won', 'Da-eun', 'Sung-ho', 'Hye-jin', 'Dong-hyun', 'Yoo-jin', 'Jiyeon', 'Minho',
  // Arabic, Persian, Turkish, Urdu
  'Mohammed', 'Ahmed', 'Fatima', 'Omar', 'Aisha', 'Hassan', 'Khalid', 'Layla', 'Youssef', 'Mariam', 'Tariq', 'Noor', 'Karim', 'Salma',
  'Abdullah', 'Abdulrahman', 'Hamza', 'Bilal', 'Zainab', 'Khadija', 'Yasmin', 'Rania', 'Samir', 'Nadia', 'Walid', 'Hana',
  'Mustafa', 'Ibrahim', 'Ismail', 'Amira', 'Faisal', 'Huda', 'Jamal', 'Leila', 'Rashid', 'Dalia', 'Nour', 'Saeed', 'Reza',
  'Dariush', 'Parisa', 'Shirin', 'Farhad', 'Mehdi', 'Navid', 'Roya', 'Arash', 'Nasrin', 'Kourosh', 'Imran', 'Ayesha', 'Usman',
  'Bushra', 'Faraz', 'Sana', 'Zubair', 'Hira',
  // South Asian
  'Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Priya', 'Ananya', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Sanjay', 'Deepika', 'Rahul',
  'Pooja', 'Vikram', 'Lakshmi', 'Suresh', 'Meera', 'Ravi', 'Sunita', 'Arnav', 'Nikhil', 'Shreya', 'Tanvi', 'Karthik', 'Divya',
  'Rajesh', 'Anjali', 'Sourav', 'Tahmina', 'Rafiq', 'Nusrat', 'Tanvir', 'Farzana', 'Chaminda', 'Dilani', 'Nuwan',
  // African
  'Chinedu', 'Ngozi', 'Oluwaseun', 'Adaeze', 'Emeka', 'Funmilayo', 'Kwame', 'Ama', 'Kofi', 'Abena', 'Yaw', 'Akosua', 'Tendai',
  'Nomvula', 'Sipho', 'Thandiwe', 'Kagiso', 'Lerato', 'Wanjiru', 'Kamau', 'Achieng', 'Otieno', 'Amani', 'Baraka', 'Zawadi',
  'Abebe', 'Tigist', 'Dawit', 'Selam', 'Aminata', 'Moussa', 'Fatoumata', 'Ousmane', 'Mariama', 'Ibrahima', 'Halima', 'Musa',
  // Southeast Asian
  'Somchai', 'Siriporn', 'Nattapong', 'Kanya', 'Arief', 'Dewi', 'Budi', 'Siti', 'Rizal', 'Maricel', 'Jericho', 'Rosalie',
];
const ROMANISED_LAST = [
  'Wang', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Zhou', 'Xu', 'Sun', 'Zhu', 'Guo', 'Lin', 'Gao', 'Luo', 'Zheng',
  'Wu', 'Ma', 'Hu', 'He', 'Li', 'Song', 'Tang', 'Feng', 'Deng', 'Cao', 'Peng', 'Zeng', 'Xiao', 'Tian', 'Dong', 'Pan', 'Yuan',
  'Cai', 'Jiang', 'Du', 'Ye', 'Cheng', 'Wei', 'Su', 'Lu', 'Ding', 'Ren', 'Shen', 'Yao', 'Lam', 'Wong', 'Cheung', 'Chan', 'Leung',
  'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada',
  'Sasaki', 'Yamaguchi', 'Matsumoto', 'Inoue', 'Kimura', 'Hayashi', 'Shimizu', 'Yamazaki', 'Mori', 'Abe', 'Ikeda', 'Hashimoto',
  'Ishikawa', 'Ogawa', 'Fujita', 'Okada', 'Goto', 'Hasegawa', 'Murakami', 'Kondo',
  'Kim', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Seo', 'Shin', 'Kwon', 'Hwang', 'Ahn', 'Song',
  'Ryu', 'Hong', 'Jeon', 'Ko', 'Moon', 'Yang', 'Baek',
  'Al-Sayed', 'Haddad', 'Khalil', 'Nasser', 'Hamdan', 'Mansour', 'Farouk', 'Saleh', 'Aziz', 'Rahman', 'Al-Farsi', 'Al-Amin',
  'Hussein', 'Abdullah', 'Ibrahim', 'Mahmoud', 'Mustafa', 'Qureshi', 'Siddiqui', 'Chaudhry', 'Malik', 'Sheikh', 'Butt',
  'Hosseini', 'Karimi', 'Rezaei', 'Mohammadi', 'Ahmadi', 'Jafari', 'Sadeghi', 'Moradi', 'Tehrani', 'Shirazi', 'Yilmaz',
  'Sharma', 'Patel', 'Singh', 'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Nair', 'Menon', 'Rao', 'Verma', 'Mehta', 'Joshi', 'Desai',
  'Chatterjee', 'Banerjee', 'Mukherjee', 'Das', 'Bose', 'Pillai', 'Krishnan', 'Chowdhury', 'Hossain', 'Islam', 'Perera',
  'Fernando', 'Silva', 'Jayasuriya',
  'Okafor', 'Okonkwo', 'Adeyemi', 'Oyelaran', 'Nwosu', 'Eze', 'Balogun', 'Mensah', 'Asante', 'Owusu', 'Boateng', 'Nkosi',
  'Dlamini', 'Ndlovu', 'Mokoena', 'Mwangi', 'Otieno', 'Kariuki', 'Wanjiku', 'Tesfaye', 'Bekele', 'Haile', 'Diallo', 'Traoré',
  'Keita', 'Coulibaly', 'Ndiaye', 'Sow', 'Diop', 'Kone',
  'Nguyen', 'Tran', 'Pham', 'Santoso', 'Wijaya', 'Susanto', 'Reyes', 'Dela Cruz', 'Bautista', 'Villanueva', 'Srisai', 'Chaiyaporn',
];

const LATIN_NAME = /^[\p{Script=Latin}][\p{Script=Latin}\p{M}'’\- ]*$/u;

function values(definition: unknown): string[] {
  if (Array.isArray(definition)) return definition.filter((v): v is string => typeof v === 'string');
  if (definition && typeof definition === 'object') return Object.values(definition).flatMap(values);
  return [];
}

/** Deterministic 32-bit string hash (FNV-1a) used for the train/held-out split. */
export function stableHash(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Names (and hard-negative words) kept for evaluation only: a fifth, chosen by hash. */
export function isHeldOut(name: string): boolean {
  return stableHash(name.toLowerCase()) % 5 === 0;
}

/** Names kept for calibrating the PERSON score: a tenth, disjoint from the held-out fifth. */
export function isCalibration(name: string): boolean {
  return stableHash(name.toLowerCase()) % 10 === 1;
}

export interface NamePools {
  first: string[];
  last: string[];
}

function collect(): { first: Set<string>; last: Set<string> } {
  const first = new Set<string>(ROMANISED_FIRST);
  const last = new Set<string>(ROMANISED_LAST);
  const all = fakers as unknown as Record<string, Faker>;
  const addLocale = (locale: string, spell: (name: string) => string): void => {
    const person = all[`faker${locale}`]?.rawDefinitions.person;
    if (!person) return;
    for (const name of values(person.first_name).map(spell)) if (LATIN_NAME.test(name)) first.add(name);
    for (const name of values(person.last_name).map(spell)) if (LATIN_NAME.test(name) && !name.includes('{')) last.add(name);
  };
  for (const locale of LATIN_LOCALES) addLocale(locale, (name) => name);
  for (const locale of TRANSLITERATED_LOCALES) addLocale(locale, romaniseName);
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

/** The lexicon shipped with the model: lower-case training names → LEX_FIRST | LEX_LAST. */
export function trainingLexicon(): Map<string, number> {
  const lexicon = new Map<string, number>();
  const add = (name: string, bit: number): void => {
    for (const part of name.toLowerCase().split(/[\s]+/)) lexicon.set(part, (lexicon.get(part) ?? 0) | bit);
  };
  for (const name of TRAIN_NAMES.first) add(name, LEX_FIRST);
  for (const name of TRAIN_NAMES.last) add(name, LEX_LAST);
  return lexicon;
}
