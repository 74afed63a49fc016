import { isRepeated, weightedSum } from '../checksums.ts';
import { defineRecogniser, digitRuns, NUMBER_END, NUMBER_START, re, wholeDigitRun } from '../recogniser.ts';

// Numbers the SSA never issues, plus ones printed in advertising and reused as examples.
const SSN_SAMPLES: ReadonlySet<string> = new Set(['123456789', '078051120', '219099999', '457555462']);

export const usSsn = defineRecogniser({
  name: 'us-ssn',
  entity: 'US_SSN',
  numeric: true,
  patterns: [
    { name: 'dashed', regex: re(String.raw`${NUMBER_START}\d{3}-\d{2}-\d{4}${NUMBER_END}`), requires: digitRuns(3, 2, 4), score: 0.5, validScore: 0.6 },
    { name: 'spaced', regex: re(String.raw`${NUMBER_START}\d{3} \d{2} \d{4}${NUMBER_END}`), requires: digitRuns(3, 2, 4), score: 0.3, validScore: 0.4 },
    { name: 'digits', find: wholeDigitRun(9), score: 0.1, validScore: 0.2 },
  ],
  context: ['ssn', 'social security', 'social sec', 'ss#', 'ss #', 'taxpayer', 'tin'],
  negativeContext: ['order', 'invoice', 'ticket', 'tracking', 'routing', 'phone', 'zip'],
  validate: (value) => {
    const area = Number(value.slice(0, 3));
    const group = value.slice(3, 5);
    const serial = value.slice(5);
    if (area === 0 || area === 666 || area >= 900 || group === '00' || serial === '0000') return false;
    return !isRepeated(value) && !SSN_SAMPLES.has(value);
  },
});

function cpfCheckDigit(digits: string, length: number): number {
  const weights = Array.from({ length }, (_, i) => length + 1 - i);
  return ((weightedSum(digits, weights) * 10) % 11) % 10;
}

export const brCpf = defineRecogniser({
  name: 'br-cpf',
  entity: 'BR_CPF',
  numeric: true,
  patterns: [
    { name: 'formatted', regex: re(String.raw`${NUMBER_START}\d{3}\.\d{3}\.\d{3}-\d{2}${NUMBER_END}`), requires: digitRuns(3, 2), score: 0.4, validScore: 1 },
    { name: 'digits', find: wholeDigitRun(11), score: 0.05, validScore: 0.4 },
  ],
  context: ['cpf', 'cadastro de pessoas', 'contribuinte'],
  validate: (value) => !isRepeated(value) && cpfCheckDigit(value, 9) === Number(value[9]) && cpfCheckDigit(value, 10) === Number(value[10]),
});
