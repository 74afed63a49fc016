import { iso7064Mod11_10, isRepeated, mod, weightedSum } from '../checksums.ts';
import { defineRecogniser, digitRuns, NUMBER_END, NUMBER_START, re, wholeDigitRun, WORD_END, WORD_START } from '../recogniser.ts';

const NINO_INVALID_PREFIXES: ReadonlySet<string> = new Set(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ']);

/** UK National Insurance number: no check digit, so the letter rules are all there is to check. */
export const ukNino = defineRecogniser({
  name: 'uk-nino',
  entity: 'UK_NINO',
  numeric: true,
  patterns: [
    {
      name: 'nino',
      regex: re(String.raw`${WORD_START}[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]${WORD_END}`),
      score: 0.6,
    },
  ],
  context: ['national insurance', 'nino', 'ni number', 'ni no', 'nin'],
  validate: (value) => (NINO_INVALID_PREFIXES.has(value.slice(0, 2)) ? false : undefined),
});

export const ukNhs = defineRecogniser({
  name: 'uk-nhs',
  entity: 'UK_NHS',
  numeric: true,
  patterns: [
    // A mod-11 check lets 1 in 11 random numbers through: the score stays low without context.
    { name: 'grouped', regex: re(String.raw`${NUMBER_START}\d{3}([ \-])\d{3}\1\d{4}${NUMBER_END}`), requires: digitRuns(3, 4), score: 0.1, validScore: 0.4 },
    { name: 'digits', find: wholeDigitRun(10), score: 0.05, validScore: 0.3 },
  ],
  context: ['nhs', 'national health', 'health service', 'patient', 'chi number'],
  validate: (value) => {
    if (isRepeated(value)) return false;
    const check = 11 - (weightedSum(value, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return check !== 10 && (check === 11 ? 0 : check) === Number(value[9]);
  },
});

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI/NIF (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter); the letter is a mod-23 check. */
export const esNif = defineRecogniser({
  name: 'es-nif',
  entity: 'ES_NIF',
  numeric: true,
  patterns: [
    {
      name: 'nif',
      regex: re(String.raw`${NUMBER_START}(?:\d{8}|[XYZxyz]-?\d{7})-?[A-Za-z]${WORD_END}`),
      requires: digitRuns([7, 8]),
      score: 0.3,
      validScore: 0.95,
    },
  ],
  context: ['dni', 'nif', 'nie', 'documento nacional', 'identificación fiscal', 'extranjero'],
  normalise: (raw) => raw.replace(/-/g, '').toUpperCase(),
  validate: (value) => {
    const numeric = value.replace(/^[XYZ]/, (ch) => String('XYZ'.indexOf(ch)));
    return !isRepeated(numeric.slice(0, 8)) && NIF_LETTERS[Number(numeric.slice(0, 8)) % 23] === value[8];
  },
});

// Odd-position values of the codice fiscale check character, indexed 0-9 then A-Z.
const CF_ODD: readonly number[] = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

function cfValue(ch: string): number {
  const code = ch.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 55; // 0-9 → 0-9, A-Z → 10-35
}

/** Italian codice fiscale: 16 characters (digits may be replaced by letters, "omocodia") and a check letter. */
export const itFiscalCode = defineRecogniser({
  name: 'it-fiscal-code',
  entity: 'IT_FISCAL_CODE',
  patterns: [
    {
      name: 'codice-fiscale',
      regex: re(
        String.raw`${WORD_START}[A-Za-z]{6}[\dLMNP-Vlmnp-v]{2}[ABCDEHLMPRSTabcdehlmprst][\dLMNP-Vlmnp-v]{2}[A-Za-z][\dLMNP-Vlmnp-v]{3}[A-Za-z]${WORD_END}`,
      ),
      score: 0.4,
      validScore: 1,
      requires: (gate) => gate.alphanumericRun >= 16,
    },
  ],
  context: ['codice fiscale', 'fiscal code', 'cf', 'tessera sanitaria'],
  normalise: (raw) => raw.toUpperCase(),
  validate: (value) => {
    let sum = 0;
    for (let i = 0; i < 15; i++) {
      const v = cfValue(value[i]!);
      sum += i % 2 === 0 ? CF_ODD[v]! : v < 10 ? v : v - 10;
    }
    return String.fromCharCode(65 + (sum % 26)) === value[15];
  },
});

/** French social security number (NIR): 13 digits and a mod-97 key; Corsica writes 2A/2B. */
export const frNir = defineRecogniser({
  name: 'fr-nir',
  entity: 'FR_NIR',
  numeric: true,
  patterns: [
    {
      name: 'nir',
      regex: re(String.raw`${NUMBER_START}[1-478] ?\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\d) ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2}${NUMBER_END}`),
      score: 0.3,
      validScore: 1,
    },
  ],
  context: ['sécurité sociale', 'securite sociale', 'nir', 'insee', 'numéro de sécu', 'carte vitale', 'social security'],
  normalise: (raw) => raw.replace(/\s/g, '').toUpperCase(),
  validate: (value) => {
    const body = value.slice(0, 13).replace('2A', '19').replace('2B', '18');
    return 97 - mod(body, 97) === Number(value.slice(13));
  },
});

/** German tax identification number: 11 digits, ISO 7064 MOD 11,10, and a rule on repeated digits. */
export const deTaxId = defineRecogniser({
  name: 'de-tax-id',
  entity: 'DE_TAX_ID',
  numeric: true,
  patterns: [{ name: 'grouped', regex: re(String.raw`${NUMBER_START}[1-9]\d ?\d{3} ?\d{3} ?\d{3}${NUMBER_END}`), score: 0.1, validScore: 0.55 }],
  context: ['steuer', 'steuerliche identifikationsnummer', 'steuer-id', 'steuerid', 'idnr', 'identifikationsnummer', 'tax id', 'tin'],
  validate: (value) => {
    // Among the first ten digits exactly one digit repeats (two or three times) and at least one is missing.
    const counts = new Map<string, number>();
    for (const ch of value.slice(0, 10)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const repeated = [...counts.values()].filter((n) => n > 1);
    if (repeated.length !== 1 || repeated[0]! > 3) return false;
    return iso7064Mod11_10(value);
  },
});
