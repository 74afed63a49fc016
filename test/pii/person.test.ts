import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { compilePii, piiGuardrail, type CompiledPii } from '../../src/guardrails/pii/index.ts';
import { hasPersonalCue } from '../../src/guardrails/pii/person/evidence.ts';
import { PiiSettings } from '../../src/guardrails/pii/settings.ts';
import { fitPlatt } from '../../training/pii/platt.ts';

let defaults: CompiledPii;
let names: CompiledPii;

before(async () => {
  await piiGuardrail.init?.();
  defaults = compilePii(Value.Default(PiiSettings, {}) as PiiSettings);
  names = compilePii(Value.Default(PiiSettings, { min_score: 0.3 }) as PiiSettings);
});

const persons = (compiled: CompiledPii, text: string): string[] =>
  compiled.engine.scan(text).filter((e) => e.type === 'PERSON').map((e) => text.slice(e.start, e.end));

/** [text, name] — the cue makes the name personal data. Near misses below. */
const CUES: [string, string][] = [
  ['My name is Ana Lima.', 'Ana Lima'],
  ["Hi, I'm Ana.", 'Ana'],
  ['Dear Ana,\nthanks for the call.', 'Ana'],
  ['Best regards,\nAna Lima', 'Ana Lima'],
  ['Please remind Ana to sign the form.', 'Ana'],
  ['My landlord Ana Lima raised the rent.', 'Ana Lima'],
  ['Patient: Ana Lima', 'Ana Lima'],
  ['{"customer": "Ana Lima"}', 'Ana Lima'],
  ['Ana: are you joining?', 'Ana'],
  ['Ana called me this morning.', 'Ana'],
  ['Yesterday Ana Lima and I drove home.', 'Ana Lima'],
  ['Ich heiße Ana Lima.', 'Ana Lima'],
];
const NO_CUES: [string, string][] = [
  ['Who was Albert Einstein?', 'Albert Einstein'],
  ['Summarise the plot of a novel by Jane Austen.', 'Jane Austen'],
  ["What is James Bond's social security number?", 'James Bond'],
  ['Natalia sold clips to 48 of her friends.', 'Natalia'],
  ['Write a letter in the style of Mark Twain.', 'Mark Twain'],
];

for (const [text, name] of CUES) {
  test(`personal cue: ${text}`, () => {
    const start = text.indexOf(name);
    assert.equal(hasPersonalCue(text, start, start + name.length), true);
  });
}
for (const [text, name] of NO_CUES) {
  test(`no personal cue: ${text}`, () => {
    const start = text.indexOf(name);
    assert.equal(hasPersonalCue(text, start, start + name.length), false);
  });
}

test('a name with a personal cue is reported at the default minimum score', () => {
  assert.deepEqual(persons(defaults, 'My name is Maria Gonzalez and I need a refund.'), ['Maria Gonzalez']);
  assert.deepEqual(persons(defaults, 'Dear Mr. Okonkwo,\nyour parcel is delayed.'), ['Okonkwo']);
});

test('other PII in the message is evidence for the names in it', () => {
  assert.deepEqual(persons(defaults, 'Maria Gonzalez, +44 20 7946 0958'), ['Maria Gonzalez']);
});

test('a public figure in a general-knowledge question stays below the default but is found as a name', () => {
  const text = 'Who was Albert Einstein?';
  assert.deepEqual(persons(defaults, text), []);
  assert.deepEqual(persons(names, text), ['Albert Einstein']);
});

test('slang, headings, code and brands are not names, even at a low minimum score', () => {
  for (const text of [
    'Lol that was hilarious, man.',
    'Haha yes! Omg.',
    'Quarterly Revenue Overview And Next Steps',
    'Call getUserName() from the UserService class.',
    'Is IKEA cheaper than Walmart?',
    'See you on Monday in March.',
  ]) {
    assert.deepEqual(persons(names, text), [], text);
  }
});

test('a pattern match owns its characters: no person inside an address or an e-mail', () => {
  const text = 'Ship it to Via Roma 5, or mail maria.gonzalez@example.org';
  const found = defaults.engine.scan(text).map((e) => [e.type, text.slice(e.start, e.end)]);
  assert.deepEqual(found, [
    ['STREET_ADDRESS', 'Via Roma 5'],
    ['EMAIL_ADDRESS', 'maria.gonzalez@example.org'],
  ]);
});

test('Platt scaling recovers the slope and offset of a logistic link', () => {
  let seed = 7;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < 20000; i++) {
    const x = (random() * 2 - 1) * 8;
    xs.push(x);
    ys.push(random() < 1 / (1 + Math.exp(-(0.4 * x - 0.5))) ? 1 : 0);
  }
  const { a, b } = fitPlatt(xs, ys, 0);
  assert.ok(Math.abs(a - 0.4) < 0.05, `a = ${a}`);
  assert.ok(Math.abs(b + 0.5) < 0.1, `b = ${b}`);
});
