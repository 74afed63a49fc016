import { isCalendarDate, isRepeated, verhoeff, weightedSum } from '../checksums.ts';
import { defineRecogniser, digitRuns, NUMBER_END, NUMBER_START, re, wholeDigitRun, WORD_END, WORD_START } from '../recogniser.ts';

export const inAadhaar = defineRecogniser({
  name: 'in-aadhaar',
  entity: 'IN_AADHAAR',
  numeric: true,
  patterns: [
    { name: 'grouped', regex: re(String.raw`${NUMBER_START}[2-9]\d{3}([ \-])\d{4}\1\d{4}${NUMBER_END}`), requires: digitRuns(4), score: 0.2, validScore: 0.6 },
    { name: 'digits', find: wholeDigitRun(12, 12, '23456789'), score: 0.05, validScore: 0.4 },
  ],
  context: ['aadhaar', 'aadhar', 'uidai', 'uid', 'आधार'],
  validate: (value) => !isRepeated(value.slice(1)) && verhoeff(value),
});

/** Indian PAN: five letters (the fourth says what kind of holder), four digits, a letter. No check digit. */
export const inPan = defineRecogniser({
  name: 'in-pan',
  entity: 'IN_PAN',
  numeric: true,
  patterns: [{ name: 'pan', regex: re(String.raw`${WORD_START}[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]${WORD_END}`), requires: digitRuns(4), score: 0.55 }],
  context: ['pan', 'permanent account', 'income tax'],
});

/** Japanese Individual Number: 12 digits, the last one a mod-11 check digit. */
export const jpMyNumber = defineRecogniser({
  name: 'jp-my-number',
  entity: 'JP_MY_NUMBER',
  numeric: true,
  patterns: [
    { name: 'grouped', regex: re(String.raw`${NUMBER_START}\d{4}([ \-])\d{4}\1\d{4}${NUMBER_END}`), requires: digitRuns(4), score: 0.15, validScore: 0.55 },
    { name: 'digits', find: wholeDigitRun(12), score: 0.05, validScore: 0.35 },
  ],
  context: ['my number', 'mynumber', 'individual number', 'マイナンバー', '個人番号'],
  validate: (value) => {
    if (isRepeated(value)) return false;
    let sum = 0;
    for (let n = 1; n <= 11; n++) sum += Number(value[11 - n]) * (n <= 6 ? n + 1 : n - 5);
    const remainder = sum % 11;
    return (remainder <= 1 ? 0 : 11 - remainder) === Number(value[11]);
  },
});

const RRN_CENTURY: Readonly<Record<string, number>> = {
  '9': 1800,
  '0': 1800,
  '1': 1900,
  '2': 1900,
  '5': 1900,
  '6': 1900,
  '3': 2000,
  '4': 2000,
  '7': 2000,
  '8': 2000,
};

/**
 * Korean resident registration number: birth date, a sex/century digit, then six digits. Numbers
 * issued before October 2020 end in a check digit; newer ones do not, so a failed check only
 * withholds the confirmation instead of rejecting.
 */
export const krRrn = defineRecogniser({
  name: 'kr-rrn',
  entity: 'KR_RRN',
  numeric: true,
  patterns: [
    { name: 'dashed', regex: re(String.raw`${NUMBER_START}\d{6}-\d{7}${NUMBER_END}`), requires: digitRuns(6, 7), score: 0.5, validScore: 1 },
    { name: 'digits', find: wholeDigitRun(13), score: 0.1, validScore: 0.5 },
  ],
  context: ['주민등록번호', '주민번호', 'resident registration', 'rrn'],
  validate: (value) => {
    const century = RRN_CENTURY[value[6]!];
    if (century === undefined) return false;
    const year = century + Number(value.slice(0, 2));
    if (!isCalendarDate(year, Number(value.slice(2, 4)), Number(value.slice(4, 6)))) return false;
    const check = (11 - (weightedSum(value, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10;
    return check === Number(value[12]) ? true : undefined;
  },
});

const NRIC_WEIGHTS: readonly number[] = [2, 7, 6, 5, 4, 3, 2];

/** Singapore NRIC/FIN: series letter, seven digits, a check letter from a series-specific table. */
export const sgNricFin = defineRecogniser({
  name: 'sg-nric-fin',
  entity: 'SG_NRIC_FIN',
  numeric: true,
  patterns: [{ name: 'nric', regex: re(String.raw`${WORD_START}[STFGMstfgm]\d{7}[A-Za-z]${WORD_END}`), requires: digitRuns(7), score: 0.4, validScore: 1 }],
  context: ['nric', 'fin', 'identity card', 'ic number', 'ic no'],
  normalise: (raw) => raw.toUpperCase(),
  validate: (value) => {
    const series = value[0]!;
    const sum = weightedSum(value.slice(1), NRIC_WEIGHTS) + (series === 'T' || series === 'G' ? 4 : series === 'M' ? 3 : 0);
    const r = sum % 11;
    const expected = series === 'S' || series === 'T' ? 'JZIHGFEDCBA'[r] : series === 'M' ? 'KLJNPQRTUWX'[10 - r] : 'XWUTRQPNMLK'[r];
    return expected === value[8];
  },
});

/** Australian tax file number: nine digits whose weighted sum is a multiple of 11. */
export const auTfn = defineRecogniser({
  name: 'au-tfn',
  entity: 'AU_TFN',
  numeric: true,
  patterns: [
    { name: 'grouped', regex: re(String.raw`${NUMBER_START}\d{3} \d{3} \d{3}${NUMBER_END}`), requires: digitRuns(3), score: 0.1, validScore: 0.5 },
    { name: 'digits', find: wholeDigitRun(9), score: 0.05, validScore: 0.3 },
  ],
  context: ['tfn', 'tax file'],
  validate: (value) => !isRepeated(value) && weightedSum(value, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0,
});

const CN_WEIGHTS: readonly number[] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** Chinese resident identity number: region, birth date, sequence, ISO 7064 MOD 11-2 check. */
export const cnResidentId = defineRecogniser({
  name: 'cn-resident-id',
  entity: 'CN_RESIDENT_ID',
  numeric: true,
  patterns: [{ name: 'id18', regex: re(String.raw`${NUMBER_START}[1-8]\d{16}[\dXx]${NUMBER_END}`), requires: digitRuns([17, 18]), score: 0.3, validScore: 1 }],
  context: ['身份证', '居民身份', 'resident id', 'identity card', 'id card'],
  normalise: (raw) => raw.toUpperCase(),
  validate: (value) => {
    const year = Number(value.slice(6, 10));
    if (year < 1900 || !isCalendarDate(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)))) return false;
    return '10X98765432'[weightedSum(value, CN_WEIGHTS) % 11] === value[17];
  },
});
