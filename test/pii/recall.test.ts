import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CompiledPii } from '../../src/guardrails/pii/index.ts';
import { compileShippedPii, foundTexts } from '../helpers/pii-scan.ts';

let defaults: CompiledPii;

before(async () => {
  defaults = await compileShippedPii();
});

const found = (text: string, type?: string): string[] => foundTexts(defaults, text, type);

/** [text, names reported at the default settings]: lone family names where the text says they are people. */
const NAMES: [string, string[]][] = [
  // Lists of family names after who founded, leads or runs something, the doubtful ones carried by the list
  ['The bakery was founded by Kovács, Lindahl and Moreira in 1998.', ['Kovács', 'Lindahl', 'Moreira']],
  ['Our lab is run by Petersen, Quintana and Oyelaran.', ['Petersen', 'Quintana', 'Oyelaran']],
  ['The audit was led by Halonen together with Wiśniewska and Brandt.', ['Halonen', 'Wiśniewska', 'Brandt']],
  // Surname and given-name labels of forms in other languages
  ['Příjmení: Nováková', ['Nováková']],
  ['Nazwisko: Zielińska', ['Zielińska']],
  ['Efternavn: Kjærgaard', ['Kjærgaard']],
  ['Sukunimi? Heikkilä', ['Heikkilä']],
  ['Sobrenome: Carvalho', ['Carvalho']],
  ['Achternaam - Verbeek', ['Verbeek']],
  // A known given name, diacritics or not, after a request to contact someone
  ['Did you ask Jiří about the keys?', ['Jiří']],
  ['Please call Zoltán before noon.', ['Zoltán']],
  // Initials: the full stop of an initial does not end a sentence
  ['Approved by: K. L. Brennan', ['K. L. Brennan']],
  ['Thanks,\nRasmus B. Holm', ['Rasmus B. Holm']],
  // Chat speakers
  ['Liisa: Are you bringing the projector?\nMatteo: Yes, and the cables.', ['Liisa', 'Matteo']],
  // Cyrillic and Greek, read in their Latin spelling and reported in the original letters
  ['Меня зовут Анна Смирнова, мой телефон +7 912 345-67-89.', ['Анна Смирнова']],
  ['С уважением,\nДмитрий Волков', ['Дмитрий Волков']],
  ['Фамилия: Кузнецова', ['Кузнецова']],
  ['Επώνυμο: Κωνσταντινίδης', ['Κωνσταντινίδης']],
  ['Με εκτίμηση,\nΕλένη Νικολάου', ['Ελένη Νικολάου']],
];

for (const [text, expected] of NAMES) {
  test(`names: ${text}`, () => assert.deepEqual(found(text, 'PERSON'), expected));
}

/** Near misses: brands, teams, places and everyday capitalised words in the same slots and lists. */
const NOT_NAMES = [
  'The festival is organised by Oxfam, Unicef and Greenpeace.',
  'Please email Zendesk about the outage.',
  'Ask Copilot to rewrite the function.',
  'Did you call Reception about the late checkout?',
  'We flew to Lisbon, Porto and Faro in June.',
  'Bring apples, Pears and Plums to the picnic.',
  'Sales were led by Android and Windows devices.',
  'Surname? Unknown',
  'Погода в Москве сегодня хорошая, вечером дождь.',
  'Σήμερα ο καιρός στην Αθήνα είναι καλός.',
  'The Cyrillic word Привет means hello.',
];

for (const text of NOT_NAMES) {
  test(`no name: ${text}`, () => assert.deepEqual(found(text, 'PERSON'), []));
}

/** [text, the address span]: streets of many countries, with the postal code and town on the same or the next lines. */
const ADDRESSES: [string, string][] = [
  ['Our new office: Hämeenkatu 7 C 21, 33100 Tampere', 'Hämeenkatu 7 C 21, 33100 Tampere'],
  ['Please post it to Andrássy út 66., 1062 Budapest.', 'Andrássy út 66., 1062 Budapest'],
  ['Send the samples to Vesterbrogade 34, 1620 København V', 'Vesterbrogade 34, 1620 København V'],
  ['Address:\nRua Augusta 45\n1100-048 Lisboa\nPortugal', 'Rua Augusta 45\n1100-048 Lisboa\nPortugal'],
  ['My sister lives at Kalevankatu 3 A 12 in Helsinki.', 'Kalevankatu 3 A 12'],
  ['Deliver to:\nMarta Kask\nTartu mnt 18\n10117 Tallinn', 'Tartu mnt 18\n10117 Tallinn'],
  ['Forward my mail to PSC 4021, Box 117, APO AE 09045 until June.', 'PSC 4021, Box 117, APO AE 09045'],
];

for (const [text, address] of ADDRESSES) {
  test(`address: ${text}`, () => assert.deepEqual(found(text, 'STREET_ADDRESS'), [address]));
}

/** [text, the phone number]: national formats after a cue. */
const PHONES: [string, string][] = [
  ['Reach me on 06 12 34 56 78 after six.', '06 12 34 56 78'],
  ['Tel. +36 1 234 5678', '+36 1 234 5678'],
  ['Mobile: 0412 345 678', '0412 345 678'],
  ['Call me on 2345 6789 tonight.', '2345 6789'],
  ['Phone: 555-019-2283 x41', '555-019-2283 x41'],
];

for (const [text, phone] of PHONES) {
  test(`phone: ${text}`, () => assert.deepEqual(found(text, 'PHONE_NUMBER'), [phone]));
}

/** Dates, amounts, versions, order numbers and rooms: none of them is personal data. */
const NUMBERS = [
  'Version 3.14.15 was released in 2023 and order 12345678 shipped on 12.03.2024.',
  'The meeting is on 14.02.2025 at 10:30, room 4.12, budget 12 500 EUR.',
  'Invoice INV-2024-00123 for 1 299,00 € is due in 30 days.',
  'Between 2019 and 2023 revenue grew from 4 500 000 to 7 250 000.',
  'Build 20240517.3 passed 1 204 of 1 210 tests; see ticket 884120.',
];

for (const text of NUMBERS) {
  test(`no PII: ${text}`, () => assert.deepEqual(found(text), []));
}
