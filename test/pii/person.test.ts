import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CompiledPii } from '../../src/guardrails/pii/index.ts';
import { CUE_NONE, CUE_STRONG, CUE_WEAK, personalCue } from '../../src/guardrails/pii/person/evidence.ts';
import { readPersonModel } from '../../src/guardrails/pii/person/model-files.ts';
import { TokenBuffer, tokenise } from '../../src/guardrails/pii/person/tokenise.ts';
import { WordTable } from '../../src/guardrails/pii/person/word-table.ts';
import { compileShippedPii, foundTexts } from '../helpers/pii-scan.ts';

let defaults: CompiledPii;
let names: CompiledPii;

before(async () => {
  defaults = await compileShippedPii();
  names = await compileShippedPii({ min_score: 0.3 });
});

const persons = (compiled: CompiledPii, text: string): string[] => foundTexts(compiled, text, 'PERSON');

/** [text, name, expected cue]: strong cues make a name personal data; weak ones need a confident name. */
const CUES: [string, string, number][] = [
  ['My name is Ana Lima.', 'Ana Lima', CUE_STRONG],
  ['Dear Ana,\nthanks for the call.', 'Ana', CUE_STRONG],
  ['Best regards,\nAna Lima', 'Ana Lima', CUE_STRONG],
  ['— Ana Lima, Sales Director', 'Ana Lima', CUE_STRONG],
  ['Please remind Ana to sign the form.', 'Ana', CUE_STRONG],
  ['My landlord Ana Lima raised the rent.', 'Ana Lima', CUE_STRONG],
  ['Patient: Ana Lima', 'Ana Lima', CUE_STRONG],
  ['{"customer": "Ana Lima"}', 'Ana Lima', CUE_STRONG],
  ['<author>Ana Lima</author>', 'Ana Lima', CUE_STRONG],
  ['Ana: are you joining?', 'Ana', CUE_STRONG],
  ['Yesterday Ana Lima and I drove home.', 'Ana Lima', CUE_WEAK],
  ['Ich heiße Ana Lima.', 'Ana Lima', CUE_STRONG],
  ['lol hiii Ana how was the trip', 'Ana', CUE_STRONG],
  ['I bought a little gift for Ana.', 'Ana', CUE_STRONG],
  ['Can you polish Ana’s CV?', 'Ana', CUE_STRONG],
  ['| Ana Lima | Finance | 42 |', 'Ana Lima', CUE_STRONG],
  ['Name\tDept\nAna Lima\tFinance', 'Ana Lima', CUE_STRONG],
  ['user ana logged in from Porto', 'ana', CUE_STRONG],
  ['Give the spare keys to Ana.', 'Ana', CUE_STRONG],
  ['Lunch with Ana on Friday?', 'Ana', CUE_STRONG],
  ["I'm Ana.", 'Ana', CUE_WEAK],
  ['It’s Ana again.', 'Ana', CUE_WEAK],
  ['Ana called me this morning.', 'Ana', CUE_WEAK],
  ['Who was Albert Einstein?', 'Albert Einstein', CUE_NONE],
  ['Summarise the plot of a novel by Jane Austen.', 'Jane Austen', CUE_NONE],
  ["What is James Bond's social security number?", 'James Bond', CUE_NONE],
  ['Natalia sold clips to 48 of her friends.', 'Natalia', CUE_NONE],
  ['Write a letter in the style of Mark Twain.', 'Mark Twain', CUE_NONE],
  ['Surname? Lindqvist', 'Lindqvist', CUE_STRONG],
  ['Thanks again — Dumisani', 'Dumisani', CUE_STRONG],
  ['Forwarding to Damjan since the rest are away.', 'Damjan', CUE_STRONG],
  ['Your colleague Edita Chudík called.', 'Edita Chudík', CUE_STRONG],
  // Near misses: the cue words without the cue.
  ['His wife Ana Lima won the election.', 'Ana Lima', CUE_NONE],
  ['Thanks to Ana the plan worked.', 'Ana', CUE_NONE],
  ['The gift shop of Ana Lima is closed.', 'Ana Lima', CUE_NONE],
  ["Ana's birthday party was fun.", 'Ana', CUE_NONE],
  ['Ana of my dreams is a song.', 'Ana', CUE_NONE],
  ['Ana Lima, Porto and Lisbon are on the list.', 'Ana Lima', CUE_NONE],
];

for (const [text, name, expected] of CUES) {
  test(`personal cue (${['none', 'weak', 'strong'][expected]}): ${text}`, () => {
    const start = text.indexOf(name);
    assert.equal(personalCue(text, start, start + name.length), expected);
  });
}

/** [text, names reported at the default settings]: every name of a person, with a cue or without. */
const DEFAULTS: [string, string[]][] = [
  ['My name is Maria Gonzalez and I need a refund.', ['Maria Gonzalez']],
  ['Dear Mr. Okonkwo,\nyour parcel is delayed.', ['Okonkwo']],
  ['Maria Gonzalez, +44 20 7946 0958', ['Maria Gonzalez']],
  ["I'm Maria Gonzalez, nice to meet you.", ['Maria Gonzalez']],
  ['Who was Albert Einstein?', ['Albert Einstein']],
  ['Summarise the plot of a novel by Jane Austen.', ['Jane Austen']],
  // A title before a capitalised name; names in alphabets with IPA letters (Azerbaijani ə)
  ['Please ask Dr. Kovács to sign the form.', ['Kovács']],
  ['Could Mr. Nəzərov please review the contract?', ['Nəzərov']],
  // Lists of things are not lists of people
  ['Compare Python, Rust and Go for a CLI tool.', []],
];

for (const [text, expected] of DEFAULTS) {
  test(`default settings: ${text}`, () => assert.deepEqual(persons(defaults, text), expected));
}

/** A lone family name where a form or a sentence asks for one; an everyday word in that slot is no name. */
const NAME_SLOTS: [string, string[]][] = [
  ['Surname? Lindqvist', ['Lindqvist']],
  ['First name: Aino\nSurname? Harjunpää', ['Aino', 'Harjunpää']],
  ['For the booking, my surname is Vaskelainen.', ['Vaskelainen']],
  ['Surname? Unknown', []],
  ['What should I put after Name? Please suggest a format.', []],
];

for (const [text, expected] of NAME_SLOTS) {
  test(`name slot: ${text}`, () => assert.deepEqual(persons(defaults, text), expected));
}

const personScore = (text: string): number => defaults.engine.scan(text).find((e) => e.type === 'PERSON')?.score ?? 0;

test('a name is reported without a cue, and a personal-data cue raises its score', () => {
  const bare = personScore('Who was Albert Einstein?');
  assert.ok(bare >= 0.5, `bare name scored ${bare}`);
  assert.ok(personScore('My name is Albert Einstein.') > bare);
});

test('other PII nearby raises the score of a name, PII paragraphs away does not', () => {
  const filler = ' The quarterly numbers look fine and the team meets on Thursday as usual.'.repeat(4);
  const near = personScore('Maria Gonzalez, maria@example.org');
  const far = personScore(`Maria Gonzalez wrote the report.${filler} Contact: support@example.org`);
  assert.ok(far >= 0.5, `name far from other PII scored ${far}`);
  assert.ok(near > far);
});

/** [text, the span found as a name at min_score 0.3]: multi-part, hyphenated, non-Anglo, any case. */
const SHAPES: [string, string][] = [
  ['Dear María de la Cruz,\nthank you.', 'María de la Cruz'],
  ['cc: Jan van der Berg', 'Jan van der Berg'],
  ["Please call Seán O'Brien tomorrow.", "Seán O'Brien"],
  ['Patient: Anna-Lena Schmidt-Weber', 'Anna-Lena Schmidt-Weber'],
  ['My name is Oluwaseun Adeyemi.', 'Oluwaseun Adeyemi'],
  ['Dear Zoë Kovačević,\nsee you soon.', 'Zoë Kovačević'],
  ['PATIENT: JOHN MCALLISTER', 'JOHN MCALLISTER'],
  ['my name is maria gonzalez and i need help', 'maria gonzalez'],
];

for (const [text, name] of SHAPES) {
  test(`name shape: ${text}`, () => assert.deepEqual(persons(names, text), [name]));
}

/** Words that look like names to a careless reader; none is reported even at a low minimum score. */
const NOT_NAMES = [
  'Lol that was hilarious, man.',
  'Haha yes! Omg.',
  'Quarterly Revenue Overview And Next Steps',
  'Call getUserName() from the UserService class.',
  'Is IKEA cheaper than Walmart?',
  'See you on Monday in March.',
  "I'm tired and it's Friday.",
  'Hi team, the review is on Tuesday.',
  'Mein Name ist unwichtig.',
];

for (const text of NOT_NAMES) {
  test(`not a name: ${text}`, () => assert.deepEqual(persons(names, text), []));
}

test('a pattern match owns its characters: no person inside an address or an e-mail', () => {
  const text = 'Ship it to Via Roma 5, or mail maria.gonzalez@example.org';
  const found = defaults.engine.scan(text).map((e) => [e.type, text.slice(e.start, e.end)]);
  assert.deepEqual(found, [
    ['STREET_ADDRESS', 'Via Roma 5'],
    ['EMAIL_ADDRESS', 'maria.gonzalez@example.org'],
  ]);
});

test('the spelling model puts names above everyday words', async () => {
  const { vocabulary } = await readPersonModel();
  for (const [name, word] of [
    ['kowalczyk', 'refund'],
    ['oluwaseun', 'password'],
    ['novakova', 'kitchen'],
    ['fioravanti', 'spreadsheet'],
  ]) {
    assert.ok(vocabulary.nameness(name!) > vocabulary.nameness(word!), `${name} vs ${word}`);
  }
});

test('the word table looks words up by a range of the text, lower-cased as toLowerCase does', () => {
  const table = new WordTable(
    new Map([
      ['ana', 1],
      ['çelik', 2],
      ['i̇stanbul', 3],
      ['οδος', 4],
      ['ana-lima', 5],
    ]),
  );
  const at = (text: string, word: string) => table.lookUp(text, text.indexOf(word), text.indexOf(word) + word.length);
  assert.equal(at('Dear ANA,', 'ANA'), 1);
  assert.equal(at('Çelik here', 'Çelik'), 2);
  assert.equal(at('İSTANBUL', 'İSTANBUL'), 3);
  assert.equal(at('ΟΔΟΣ', 'ΟΔΟΣ'), 4, 'a final Σ lower-cases to ς, as toLowerCase has it');
  assert.equal(at('Ana-Lima', 'Ana-Lima'), 5);
  assert.equal(at('Anabel', 'Anabel'), undefined);
  assert.equal(at('Anabel', 'Ana'), 1);
});

test('the tokeniser reuses its arrays without mixing texts', () => {
  const buffer = new TokenBuffer();
  const long = tokenise('Ana Lima, 42 Oak Street.', buffer);
  assert.equal(long.count, 7);
  const short = tokenise('Hi Bo', buffer);
  assert.equal(short.start, long.start, 'the same arrays');
  assert.equal(short.count, 2);
  assert.deepEqual([short.start[1], short.end[1]], [3, 5]);
});
