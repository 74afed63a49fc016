import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PiiEngine } from '../../src/guardrails/pii/engine.ts';
import { defineRecogniser, re } from '../../src/guardrails/pii/recogniser.ts';
import { PATTERN_RECOGNISERS } from '../../src/guardrails/pii/recognisers/index.ts';

const engine = new PiiEngine(PATTERN_RECOGNISERS, [], 0.5);

/** [text, expected [type, value] pairs]: values are the exact spans. */
const CASES: [string, [string, string][]][] = [
  ['mail jane.doe@example.com today', [['EMAIL_ADDRESS', 'jane.doe@example.com']]],
  ['write to jane.doe@example.com.', [['EMAIL_ADDRESS', 'jane.doe@example.com']]],
  ['first.last+tag@mail.example.co.uk, thanks', [['EMAIL_ADDRESS', 'first.last+tag@mail.example.co.uk']]],
  ['josé.núñez@correo.es', [['EMAIL_ADDRESS', 'josé.núñez@correo.es']]],
  ['retina asset icon@2x.png', []],
  ['ping me at jane@localhost', []],
  ['jane@example.c0m is a typo', []],
  ['jane..doe@example.com', []],
  ['.jane@example.com', []],
  ['jane.@example.com', []],
  ['@jane_doe on the forum', []],
  ['ssh git@github.com-work:repo', []],
  ['call +44 20 7946 0958 now', [['PHONE_NUMBER', '+44 20 7946 0958']]],
  ['call (415) 555-2671 now', [['PHONE_NUMBER', '(415) 555-2671']]],
  ['Festnetz 030 12345678', [['PHONE_NUMBER', '030 12345678']]],
  ['Reach Refah Ali on (11) 96123-4567', [['PHONE_NUMBER', '(11) 96123-4567']]],
  ['ref (11) 96123-4567', []],
  ['mobile 081234 56789', [['PHONE_NUMBER', '081234 56789']]],
  ['released 2019-2023 and on 12.10.2023', []],
  // National formats after a phone cue, with separators and extensions
  ['Phone: (31) 555-019', [['PHONE_NUMBER', '(31) 555-019']]],
  ['Tel 04.72.18.33.90', [['PHONE_NUMBER', '04.72.18.33.90']]],
  ['Mobile: 22 301 554 7781', [['PHONE_NUMBER', '22 301 554 7781']]],
  ['Desk: 555-201-4433x219, ask for Sam', [['PHONE_NUMBER', '555-201-4433x219']]],
  ['call me on 8123 4567 tonight', [['PHONE_NUMBER', '8123 4567']]],
  ['I will call her on 897 421 later', [['PHONE_NUMBER', '897 421']]],
  ['text them at (371)63806452', [['PHONE_NUMBER', '(371)63806452']]],
  ['ring 4 times, text 2 friends, reach 10 km', []],
  ['text 44556677 to the quiz line', []],
  ['Fax no. 0161 496 0321', [['PHONE_NUMBER', '0161 496 0321']]],
  ['reach her on +447700 900 123', [['PHONE_NUMBER', '+447700 900 123']]],
  ['Puhelin 040 123 4567', [['PHONE_NUMBER', '040 123 4567']]],
  ['office (415) 555-2671 ext. 42', [['PHONE_NUMBER', '(415) 555-2671 ext. 42']]],
  // Phone cues followed by something else than a phone number
  ['call 2024-05-01 the deadline', []],
  ['phone 15.2.1 update notes', []],
  ['call at 10:30 or 11:45', []],
  ['Phone order 88213344 shipped', []],
  ['tel aviv is 3 hours away, costs 1,200,000', []],
  ['call the function 3 times with 1234', []],
  ['order 2126142517 shipped', []],
  ['firmware 10.20.45.2484', []],
  ['trace 550e8400-e29b-41d4-a716-446655440000', []],
  ['card 4111 1111 1111 1111 please', [['CREDIT_CARD', '4111 1111 1111 1111']]],
  ['card 4111 1111 1111 1112 please', []],
  ['epoch 1700000000000 ms', []],
  // Luhn-valid numbers outside the issuer table count next to a card word
  ['card 5018 0000 0009 please', [['CREDIT_CARD', '5018 0000 0009']]],
  ['card 561234567890 please', [['CREDIT_CARD', '561234567890']]],
  ['cc 180000000000002 thanks', [['CREDIT_CARD', '180000000000002']]],
  ['credit card 213100000000001', [['CREDIT_CARD', '213100000000001']]],
  ['JCB 2131 0000 0000 001 on file', [['CREDIT_CARD', '2131 0000 0000 001']]],
  ['card 561234567891 please', []],
  ['shipment 561234567890 arrived', []],
  ['ISBN 978-0-306-40615-7 and ISBN 9780306406157', []],
  ['tracking 1Z999AA10123456784 card enclosed', []],
  ['IBAN GB82 WEST 1234 5698 7654 32 for rent', [['IBAN_CODE', 'GB82 WEST 1234 5698 7654 32']]],
  ['IBAN GB82 WEST 1234 5698 7654 33 for rent', []],
  ['server 81.2.69.160 is down', [['IP_ADDRESS', '81.2.69.160']]],
  ['host 2a02:8071:4b1:9c00::7 logged in', [['IP_ADDRESS', '2a02:8071:4b1:9c00::7']]],
  // Private, loopback, link-local and documentation ranges identify no one.
  ['server 192.168.1.20 is down', []],
  ['configure 10.0.1.40/27 on the router', []],
  ['bind to 127.0.0.1 or ::1 locally', []],
  ['host fe80::1ff:fe23:4567:890a', []],
  ['the docs use 203.0.113.7 and 2001:db8::42', []],
  ['version 1.2.3.4 is out', []],
  ['crashes on Windows 10.0.19.41 again', []],
  ['meeting at 12:30:45 sharp', []],
  ['label: value and note: more', []],
  ['std::vector and add:: are code', []],
  ['my SSN is 536-22-1234', [['US_SSN', '536-22-1234']]],
  ['SSN 666-22-1234', []],
  ['see ticket 536221234 and the SSN form', []],
  ['NI number AB 12 34 56 C', [['UK_NINO', 'AB 12 34 56 C']]],
  ['NI number QQ 12 34 56 C', []],
  ['NINO GB 12 34 56 C', []],
  ['NHS number 943 476 5919', [['UK_NHS', '943 476 5919']]],
  ['NHS number 943 476 5918', []],
  ['Aadhaar 2345 6789 0124', [['IN_AADHAAR', '2345 6789 0124']]],
  ['Aadhaar 2345 6789 0125', []],
  ['PAN ABCPE1234F', [['IN_PAN', 'ABCPE1234F']]],
  ['NRIC S1234567D', [['SG_NRIC_FIN', 'S1234567D']]],
  ['NRIC S1234567A', []],
  ['TFN 123 456 782', [['AU_TFN', '123 456 782']]],
  ['TFN 123 456 789', []],
  ['NIE X1234567L', [['ES_NIF', 'X1234567L']]],
  ['model KJ-76789811-X', []],
  ['codice fiscale RSSMRA85T10A562S', [['IT_FISCAL_CODE', 'RSSMRA85T10A562S']]],
  ['codice fiscale RSSMRA85T10A562T', []],
  ['Il mio codice: RSSMRA85T10A562S.', [['IT_FISCAL_CODE', 'RSSMRA85T10A562S']]],
  ['hash RSSMRA85T10A562SX is longer', []],
  ['NIR 1 84 12 76 451 089 46', [['FR_NIR', '1 84 12 76 451 089 46']]],
  ['NIR 1 84 12 76 451 089 47', []],
  ['Steuer-ID 86095742719', [['DE_TAX_ID', '86095742719']]],
  ['Steuer-ID 86095742718', []],
  ['CPF 123.456.789-09', [['BR_CPF', '123.456.789-09']]],
  ['CPF 111.111.111-11', []],
  ['身份证 11010519491231002X', [['CN_RESIDENT_ID', '11010519491231002X']]],
  ['身份证 11010519491331002X', []],
  ['RRN 900101-1234568', [['KR_RRN', '900101-1234568']]],
  ['RRN 901301-1234568', []],
  ['My Number 1234 5678 9018', [['JP_MY_NUMBER', '1234 5678 9018']]],
  ['I live at 221B Baker Street, Apt 4', [['STREET_ADDRESS', '221B Baker Street, Apt 4']]],
  ['Ich wohne in der Hauptstraße 12.', [['STREET_ADDRESS', 'Hauptstraße 12']]],
  ['vivo en Calle Mayor, 5', [['STREET_ADDRESS', 'Calle Mayor, 5']]],
  ['Lieferadresse: Auf dem Herberg 33a', [['STREET_ADDRESS', 'Auf dem Herberg 33a']]],
  ['Büro: Hohe Str. 4, 2. Stock', [['STREET_ADDRESS', 'Hohe Str. 4']]],
  ['Im Jahr 2020 waren es 12 Tage.', []],
  ['Am Ende 3 Tage Urlaub.', []],
  ['ship to 557 8th Avenue today', [['STREET_ADDRESS', '557 8th Avenue']]],
  ['Dirección: Poblado San Roque, 12', [['STREET_ADDRESS', 'Poblado San Roque, 12']]],
  ['deliver to 18 Harbor Mission', [['STREET_ADDRESS', '18 Harbor Mission']]],
  ['Chapter 3 The End', []],
  ['Kindly update: Incrocio Riggi 5, Piano 7', [['STREET_ADDRESS', 'Incrocio Riggi 5, Piano 7']]],
  ['During 15 minutes of offering 20 gifts', []],
  ['Ottopark 350 ist die neue Adresse', [['STREET_ADDRESS', 'Ottopark 350']]],
  // Address grammars outside the Western layouts, with the postal code and town that follow
  ['Osoite: Mäkelänkatu 12 B 4, 00510 Helsinki.', [['STREET_ADDRESS', 'Mäkelänkatu 12 B 4, 00510 Helsinki']]],
  ['Küldje ide: Váci u. 47., 1056 Budapest', [['STREET_ADDRESS', 'Váci u. 47., 1056 Budapest']]],
  ['bor på Nørregade 8, 1165 København K', [['STREET_ADDRESS', 'Nørregade 8, 1165 København K']]],
  ['Storgatan 12, 111 22 Stockholm', [['STREET_ADDRESS', 'Storgatan 12, 111 22 Stockholm']]],
  ['Karl Johans gate 5, 0154 Oslo', [['STREET_ADDRESS', 'Karl Johans gate 5, 0154 Oslo']]],
  ['adres: ul. Długa 5/7, 00-238 Warszawa', [['STREET_ADDRESS', 'ul. Długa 5/7, 00-238 Warszawa']]],
  ['Pärnu mnt 22, 10141 Tallinn', [['STREET_ADDRESS', 'Pärnu mnt 22, 10141 Tallinn']]],
  ['Národní 25, 110 00 Praha 1', [['STREET_ADDRESS', 'Národní 25, 110 00 Praha 1']]],
  ['Rua das Flores 210, 4050-265 Porto', [['STREET_ADDRESS', 'Rua das Flores 210, 4050-265 Porto']]],
  ['PSC 1234, Box 5678, APO AE 09012', [['STREET_ADDRESS', 'PSC 1234, Box 5678, APO AE 09012']]],
  ['Send it to P.O. Box 4521, Nairobi', [['STREET_ADDRESS', 'P.O. Box 4521, Nairobi']]],
  ['123 Main St, Springfield, IL 62704', [['STREET_ADDRESS', '123 Main St, Springfield, IL 62704']]],
  ['Unit 5, 12 Smith St, Parramatta NSW 2150', [['STREET_ADDRESS', 'Unit 5, 12 Smith St, Parramatta NSW 2150']]],
  ['Flat 4B, 12 MG Road, Bengaluru 560001', [['STREET_ADDRESS', 'Flat 4B, 12 MG Road, Bengaluru 560001']]],
  ['1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001', [['STREET_ADDRESS', '1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001']]],
  ['住所：〒150-0001 東京都渋谷区神宮前1-2-3', [['STREET_ADDRESS', '〒150-0001 東京都渋谷区神宮前1-2-3']]],
  ['주소: 서울특별시 강남구 테헤란로 123', [['STREET_ADDRESS', '서울특별시 강남구 테헤란로 123']]],
  ['Calle 45 # 23-10, Bogotá', [['STREET_ADDRESS', 'Calle 45 # 23-10, Bogotá']]],
  ['Av. Insurgentes Sur 1602, Ciudad de México', [['STREET_ADDRESS', 'Av. Insurgentes Sur 1602, Ciudad de México']]],
  ['Hauptstraße 5\n10115 Berlin', [['STREET_ADDRESS', 'Hauptstraße 5\n10115 Berlin']]],
  ['Adresa: Krekova ulica 3, 2000 Maribor', [['STREET_ADDRESS', 'Krekova ulica 3, 2000 Maribor']]],
  ['Ünvan: Niyazi prospekti, 735 m. 340, AZ2926 Mingəçevir', [['STREET_ADDRESS', 'Niyazi prospekti, 735 m. 340, AZ2926 Mingəçevir']]],
  ['Apriķu bulvāris 216\nLV-1798 Daugavpils', [['STREET_ADDRESS', 'Apriķu bulvāris 216\nLV-1798 Daugavpils']]],
  ['ship to Zochova 7 Apt. 12, please', [['STREET_ADDRESS', 'Zochova 7 Apt. 12']]],
  ['deliver to 873 Ngubane Lights, 2518 Mbombela', [['STREET_ADDRESS', '873 Ngubane Lights, 2518 Mbombela']]],
  ['Ship to Váci u. 47., 1056 Budapest', [['STREET_ADDRESS', 'Váci u. 47., 1056 Budapest']]],
  // Numbers next to capitalised words that are not addresses
  ['Ship to Germany 2 pallets', []],
  ['fashion trends for Spring 2021', []],
  ['Am Ostring 1920, 12345 Berlin', [['STREET_ADDRESS', 'Am Ostring 1920, 12345 Berlin']]],
  ['My address is Python 3 ready', []],
  ['Windows 11, 2023 Update is out', []],
  ['Chapter 5, 12345 words long', []],
  ['Python 3.12 and Node 24, released 2024', []],
  ['Section 4, 110 pages, costs 25 EUR', []],
  ['Table 2 lists 10 items; Figure 3 shows 12', []],
  ['Version 2.4.1 (build 20240501) fixes bug 4412', []],
  ['born on 12/03/1985', [['DATE_OF_BIRTH', '12/03/1985']]],
  ['meeting on 12/03/1985', []],
  ['meeting on 12/03/1985 with everyone', []],
  ['born 31/02/1985', []],
  ['key AKIAQWERTYUI12345678 leaked', [['SECRET', 'AKIAQWERTYUI12345678']]],
  ['Authorization: Bearer 9fQ2xL7pK3mZ8vR1tY6w', [['SECRET', '9fQ2xL7pK3mZ8vR1tY6w']]],
  ['Authorization: Bearer YOUR_TOKEN_HERE_PLEASE', []],
  ['AUTHORIZATION: BEARER 9fQ2xL7pK3mZ8vR1tY6w', [['SECRET', '9fQ2xL7pK3mZ8vR1tY6w']]],
  ['bearer: 9fQ2xL7pK3mZ8vR1tY6w', [['SECRET', '9fQ2xL7pK3mZ8vR1tY6w']]],
  ['my key rmp_Q7wErT1yUi0oPa9sDf2gHj8kLz3xCv7bNm4QwE5rTy6 fails', [['SECRET', 'rmp_Q7wErT1yUi0oPa9sDf2gHj8kLz3xCv7bNm4QwE5rTy6']]],
  ['the rmp_ prefix marks a key', []],
  ['api_key = "sk-xxxxxxxxxxxxxxxxxxxxxxxx"', []],
];

for (const [text, expected] of CASES) {
  test(`recognisers: ${text}`, () => {
    const found = engine.scan(text).map((e) => [e.type, text.slice(e.start, e.end)]);
    assert.deepEqual(found, expected);
  });
}

test('a pattern has either a global regex or a find function', () => {
  const define = (pattern: object) => () => defineRecogniser({ name: 'x', entity: 'SECRET', patterns: [{ name: 'p', score: 1, ...pattern }] });
  assert.throws(define({}), /regex or a find function/);
  assert.throws(define({ regex: re('a'), find: () => [] }), /regex or a find function/);
  assert.throws(define({ regex: /a/ }), /g flag/);
  assert.doesNotThrow(define({ find: () => [] }));
});

test('address patterns run when their street word or ending occurs anywhere in the text, in any case', () => {
  const text = 'Notes: see below.\nOSOITE: MÄKELÄNKATU 12, 00510 HELSINKI\nand Hauptstraße 5';
  assert.deepEqual(
    engine.scan(text).map((e) => text.slice(e.start, e.end)),
    ['MÄKELÄNKATU 12, 00510 HELSINKI', 'Hauptstraße 5'],
  );
  const lower = 'the office is at Storgatan 12, 111 22 Stockholm';
  assert.deepEqual(
    engine.scan(lower).map((e) => lower.slice(e.start, e.end)),
    ['Storgatan 12, 111 22 Stockholm'],
  );
});

test('number patterns see the cue and the code letters around the digits', () => {
  const text = `${'filler words without digits '.repeat(8)}Fax no. 0161 496 0321 and PAN ABCPE1234F`;
  assert.deepEqual(
    engine.scan(text).map((e) => [e.type, text.slice(e.start, e.end)]),
    [
      ['PHONE_NUMBER', '0161 496 0321'],
      ['IN_PAN', 'ABCPE1234F'],
    ],
  );
});
