import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CompiledPii } from '../../src/guardrails/pii/index.ts';
import { compileShippedPii, foundTexts } from '../helpers/pii-scan.ts';

/**
 * Ordinary prompts that are not about anyone: with every type blocking by default, a word taken
 * for a name blocks the prompt. Each class of word that is no person's name, and the names that
 * must stay found around them. Default settings throughout.
 */
let defaults: CompiledPii;

before(async () => {
  defaults = await compileShippedPii();
});

const persons = (text: string): string[] => foundTexts(defaults, text, 'PERSON');

/** [class, texts in which no PERSON may be reported]. */
const NOT_NAMES: [string, string[]][] = [
  [
    'acronyms and words in capitals',
    ['Please update the README before the release.', 'How did COVID change remote work?', 'We took photos of the EIFFEL TOWER at dusk.'],
  ],
  [
    'template placeholders',
    // "\u0024{" is "${": a prompt template's placeholder, not a JavaScript template.
    ['Write a jingle for \u0024{Brand Name:Mc Donalds} in a cheerful tone.', 'Draft a reply to {{Customer Name}} about the delayed parcel.'],
  ],
  [
    'Markdown headings, bold labels and list labels',
    [
      '## Palette\nUse warm colours for the landing page.',
      '- **Tone**: friendly and short\n- **Pace**: one idea per slide',
      '- Schema: one table per entity\n- Column: snake_case names',
      'Wrap every value in `Styles` before rendering.',
    ],
  ],
  ['places after a comma', ['The workshop takes place in Paris, France next spring.', 'Our supplier ships from Galway, Ireland every Monday.']],
  [
    'lower-case words in a text that uses capitals',
    ['Fetch the resource from the uri: https://example.org/feed and parse it.', 'Add a little pun to the Caption below the photo.'],
  ],
  ['lower-case text in another language', ['não sei se vou conseguir fazer isso hoje, estou muito cansada']],
  [
    'the town and country after an address',
    ['Deliver the crate to 221 Harbour Road, Dunmore, Ireland by Friday.', 'Ship it to Lindenweg 12, 04109 Leipzig please.'],
  ],
];

for (const [kind, texts] of NOT_NAMES) {
  test(`no person is reported in ordinary text: ${kind}`, () => {
    for (const text of texts) assert.deepEqual(persons(text), [], text);
  });
}

/** [text, the names that must stay found]: famous people, characters, authors and surnames, with and without cues. */
const NAMES: [string, string[]][] = [
  ['Summarise the themes of the novels Ernest Hemingway wrote in Paris.', ['Ernest Hemingway']],
  ['What did John F. Kennedy say about the moon landing?', ['John F. Kennedy']],
  ['In the story, Kate hides the letter from her brother.', ['Kate']],
  ['Our appointment with Dr. Foster moved to Tuesday.', ['Foster']],
  ['The minutes were taken by Miller, as always.', ['Miller']],
  ['## Notes from Ingrid Solberg\nThe budget is final.', ['Ingrid Solberg']],
  ['Please send the invoice to Tomasz Wiśniewski and Aino Virtanen.', ['Tomasz Wiśniewski', 'Aino Virtanen']],
  ['Ich habe mit Frau Keller über den Vertrag gesprochen.', ['Keller']],
  ['Мы встретились с Анной Петровой вчера.', ['Анной Петровой']],
];

test('names stay found next to the words that are not names', () => {
  for (const [text, names] of NAMES) assert.deepEqual(persons(text), names, text);
});
