import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { CompiledPii } from '../../src/guardrails/pii/index.ts';
import { compileShippedPii, foundTexts } from '../helpers/pii-scan.ts';

/**
 * Personal data the way ordinary text carries it, with no cue that it is personal data: names in
 * passing, addresses in each country's order, phone numbers grouped as people write them, and the
 * near misses (brands, places, titles, codes, dates, amounts, versions) that must stay unreported.
 * Default settings throughout.
 */
let defaults: CompiledPii;

before(async () => {
  defaults = await compileShippedPii();
});

const found = (text: string, type?: string): string[] => foundTexts(defaults, text, type);

/** [text, the names reported]: names with no personal-data cue around them. */
const NAMES_WITHOUT_CUE: [string, string[]][] = [
  ['Have you ever been to a Rosalind Okafor concert?', ['Rosalind Okafor']],
  ['Maybe the booking is under Henrik Sørensen.', ['Henrik Sørensen']],
  ['The sketch on the left (not by Tamsin Whitlock) sold first.', ['Tamsin Whitlock']],
  ["Gareth Pryce's killers were sentenced on Friday.", ['Gareth Pryce']],
  ['Remember me, Mary?', ['Mary']],
  ['The report was drafted by Olivia J. Brennan last spring.', ['Olivia J. Brennan']],
  // Names of the countries whose names the issue lists
  ['Yesterday Zsófia Kertész and Bence Halász won the relay.', ['Zsófia Kertész', 'Bence Halász']],
  ['Eero Mäkinen moved to Oulu in June.', ['Eero Mäkinen']],
  ['Mette Kjærsgaard will present the results.', ['Mette Kjærsgaard']],
  ['The choir was conducted by Kristjan Tamm.', ['Kristjan Tamm']],
  ['Agnieszka Wróblewska wrote the foreword.', ['Agnieszka Wróblewska']],
  ['Yesterday Sigrún Jónsdóttir and Einar Gunnarsson opened the exhibition.', ['Sigrún Jónsdóttir', 'Einar Gunnarsson']],
  ['The prize went to Tereza Dvořáková this year.', ['Tereza Dvořáková']],
];

for (const [text, expected] of NAMES_WITHOUT_CUE) {
  test(`name without a cue: ${text}`, () => assert.deepEqual(found(text, 'PERSON'), expected));
}

/** [text, the address reported]: street name before the number, foreign types, units, postcode before city, blocks. */
const ADDRESSES: [string, string][] = [
  ['Her studio is at Kasvu 15, 51010 Tartu, near the river.', 'Kasvu 15, 51010 Tartu'],
  ['The parcel goes to 450 Præstevænget 15, 2300 København S.', 'Præstevænget 15, 2300 København S'],
  ['Forward the invoice to Suite 210, 4400 Glenmore Drive, Calgary.', 'Suite 210, 4400 Glenmore Drive, Calgary'],
  ['The flat is Apt. 7, 19 Harbour Road, top floor.', 'Apt. 7, 19 Harbour Road'],
  ['We stayed at Al-Rashid Street 14 for a week.', 'Al-Rashid Street 14'],
  ['The embassy is on Chaussée de Wavre 212, 1050 Ixelles.', 'Chaussée de Wavre 212, 1050 Ixelles'],
  ['They opened a bakery at 88 Avinguda Diagonal last year.', '88 Avinguda Diagonal'],
  ['Mail it to 12 Tsereteli street, Tbilisi.', '12 Tsereteli street, Tbilisi'],
  ['Billing address:\nHarbour Crafts Ltd\nObala 41\n6320 Piran\nSlovenia\n\nThank you!', 'Harbour Crafts Ltd\nObala 41\n6320 Piran\nSlovenia'],
  ['Ship to: улица Садовая, 14', 'улица Садовая, 14'],
];

for (const [text, expected] of ADDRESSES) {
  test(`address: ${JSON.stringify(text)}`, () => assert.deepEqual(found(text, 'STREET_ADDRESS'), [expected]));
}

/** [text, the phone number reported]: digits in pairs, bracketed area codes, 3-2-3-4, trunk "(0)", glued labels. */
const PHONES: [string, string][] = [
  ['Our desk is 60-56-85-91 during opening hours.', '60-56-85-91'],
  ['Her number is 42.18.77.30.95 now.', '42.18.77.30.95'],
  ['The shop answers on (089) 123456.', '(089) 123456'],
  ['Try (0711) 4455667 after lunch.', '(0711) 4455667'],
  ['Reach the warehouse at +49 301 23 456 7890.', '+49 301 23 456 7890'],
  ['The Stockholm office: +46 (0)8 555 123 45.', '+46 (0)8 555 123 45'],
  ['Switchboard +45 3312 4455-Office until five.', '+45 3312 4455'],
  ['+44 20 7946 0958-Fax', '+44 20 7946 0958'],
];

for (const [text, expected] of PHONES) {
  test(`phone: ${text}`, () => assert.deepEqual(found(text, 'PHONE_NUMBER'), [expected]));
}

/** Near misses: brands, places, titles of works, product codes, dates, amounts and versions are no personal data. */
const NEAR_MISSES: string[] = [
  'We flew from Lisbon to Reykjavik and drove on to Akureyri.',
  'Is the Toyota Corolla more reliable than a Volkswagen Golf?',
  'I reread One Hundred Years of Solitude on the train.',
  'Order the part SKU 4412-9983-11 and the HX-2200 adapter.',
  'The contract runs from 2024-05-01 to 31.12.2026.',
  'It costs $1,249.99, or 1 249,99 € in the shop.',
  'Upgrade to Python 3.12.1 and Node 22.11.0 first.',
  'Windows 11 and iOS 17.4 both support it.',
  'Apollo 11 landed in 1969; Route 66 opened in 1926.',
  'The plague of 1629-1631 spread through Lombardy.',
];

for (const text of NEAR_MISSES) {
  test(`no PII: ${text}`, () => assert.deepEqual(found(text), []));
}
