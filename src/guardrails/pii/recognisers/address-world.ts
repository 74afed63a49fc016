import { defineRecogniser, re, WORD_END, WORD_START } from '../recogniser.ts';
import { alternatives, FRENCH_TYPES, NAME_WORD, POSTAL_TAIL, ROMANCE_LINK, ROMANCE_TYPES } from './address.ts';

/**
 * House number written after the street: "12", "12 B 4", "5/7", "33a", "53 - 131", Hungarian "47."
 * before a comma; then the flat, floor or staircase: "Stan 80", "dz. 626", "m. 574", "5.em 62 ajtó".
 */
const HOUSE_NUMBER =
  String.raw`\d{1,5}(?:[\/\-]\d{1,4})?[a-zA-Z]?(?: ?[A-Z](?: ?\d{1,3})?(?![\p{L}\p{N}]))?(?:\.(?=,))?` +
  String.raw`(?:,? (?:Apt\.?|Suite|Ste\.?|Unit|Stan|Kat|dz\.|m\.|kv\.|byt|lgh\.?|stanovanje(?: št\.)?|nadstropje|\d{1,2}\. ?em\.?|-) ?\d{1,4}[a-zA-Z]?(?: ajtó)?)?`;
/** Street words glued to the name in Nordic, Baltic and Hungarian use: Mäkelänkatu, Nørregade, Storgatan. */
const GLUED_SUFFIX =
  'katu|tie|kuja|polku|väylä|raitti|kaari|rinne|linja|gade|vej|vænget|svinget|stræde|strædet|plads|torv|gatan|vägen|gränd|torget|stigen|backen|gata|veien|vegen|gaten|tänav|iela|gatvė|utca';
/**
 * Street types written as a word after the name, with the abbreviations used on envelopes: "Váci
 * u. 47.", "Pärnu mnt 22", "Krekova ulica 3", "Niyazi prospekti, 735", "Apriķu bulvāris 216".
 */
const SEPARATE_TYPE = [
  'utca',
  'u\\.',
  'út',
  'útja',
  'tér',
  'körút',
  'krt\\.',
  'köz',
  'sor',
  'sétány',
  'határút',
  'mnt\\.?',
  'maantee',
  'tn\\.?',
  'tänav',
  'pst\\.?',
  'puiestee',
  'iela',
  'gatve',
  'bulvāris',
  'gāte',
  'dambis',
  'prospekts',
  'šoseja',
  'laukums',
  'gatvė',
  'g\\.',
  'pr\\.',
  'al\\.',
  'gate',
  'gata',
  'gatan',
  'vej',
  'gade',
  'allé',
  'vei',
  'veien',
  'väg',
  'vägen',
  'tie',
  'katu',
  'ulica',
  'cesta',
  'ulice',
  'trg',
  'put',
  'prilaz',
  'obala',
  'šetalište',
  'námestie',
  'nám\\.',
  'trieda',
  'nábrežie',
  'aleja',
  'prospekti',
  'küçəsi',
  'küç\\.',
  'sh\\.',
  'sahəsi',
  'döngəsi',
  'dalan',
  'caddesi',
  'cad\\.',
  'sokak',
  'sokağı',
  'sk\\.',
  'bulvarı',
  'ulitsa',
  'naberezhnaya',
  'shosse',
].join('|');
/** Street types written before the name in Central and Eastern Europe, Greece, Romania, Indonesia and Malaysia. */
const PREFIX_TYPE =
  'ul\\.|ulica|ulice|al\\.|aleja|aleje|pl\\.|plac|os\\.|osiedle|nám\\.|náměstí|nábř\\.|třída|tř\\.|ulitsa|prospekt|prosp\\.|pereulok|per\\.|' +
  'bulevar|bul\\.|bulevardul|bd\\.|calea|strada|aleea|șoseaua|odos|odós|leoforos|leof\\.|jalan|jl\\.|jln\\.|cesta|trg|put|obala|sv\\.';
/** Latin American street types the Spanish list lacks: "Av. Paulista, 1578", "Jr. Junín 320". */
const LATAM_TYPE = 'Av\\.|Av|Jr\\.|Jirón|Calzada|Calz\\.|Rodovia|Alameda|Al\\.|R\\.|Carrera|Cra\\.|Transversal|Diagonal';
/** English street types that also follow the name before the number ("Al-Nuzha Street 12", "Cotton Row 7"). */
const ENGLISH_TYPE_BEFORE_NUMBER: readonly string[] = [
  'Street',
  'St.',
  'Road',
  'Rd.',
  'Avenue',
  'Ave.',
  'Lane',
  'Drive',
  'Boulevard',
  'Row',
  'Way',
  'Place',
  'Square',
  'Close',
  'Crescent',
  'Terrace',
  'Court',
  'Parade',
  'Quay',
];
/** French and Belgian types before a name, with the number after: "Avenue du Commerce 17", "Chaussée de Liège 187". */
// Not "Place", "Square", "Route" or "Passage", English words too ("Place Subject 1 left").
const FRENCH_TYPE_FIRST = 'Avenue|Rue|Boulevard|Chaussée|Allée|Impasse|Quai|Chemin|Drève|Rond-point|Sentier';
/** Full English types written in lower case after a capitalised name: "8 Abovyan street". */
const LOWER_TYPE_AFTER_NAME: readonly string[] = ['street', 'road', 'avenue', 'lane', 'drive', 'boulevard', 'square', 'highway'];
/**
 * Labels that introduce an address: "Billing address:", "Shipping address:", "Adresse :".
 * Not "IP address", "e-mail address", "MAC address" or a memory address.
 */
const ADDRESS_LABEL = String.raw`(?<![\p{L}])(?<!(?:ip|mac|e-?mail|memory|web|url|wallet|server|return|bitcoin|ethereum|contract|ipv[46]|host|pointer|base)[ \-])(?i:(?:(?:billing|shipping|delivery|postal|mailing|home|street|office|business|invoice|correspondence|permanent|current|registered|residential|full|my|our|new|old) )?address|adresse|anschrift|dirección|direccion|indirizzo|endereço|osoite|lakcím|cím|adres|adresa|adress|postadress|adresse postale) ?:`;
/** One line of an address block: a few words and numbers, no sentence. */
const BLOCK_LINE = String.raw`[^\n:]{1,59}[^\n:.,;!?\s]`;

const CYRILLIC_TYPES =
  'улица|ул\\.|проспект|просп\\.|пр\\.|переулок|пер\\.|бульвар|б-р|шоссе|ш\\.|набережная|наб\\.|площадь|пл\\.|проезд|вулиця|вул\\.|провулок|бульвар|булевар|улица|ул\\.';
const LATAM_GRID = 'Calle|Carrera|Cra\\.?|Cl\\.?|Kr\\.?|Diagonal|Dg\\.?|Transversal|Tv\\.?|Avenida|Av\\.?';

/**
 * Street addresses outside the Western layouts of `address.ts`: Nordic, Baltic, Hungarian and
 * Slavic streets, Latin American avenues and grid addresses, postal boxes and US military mail,
 * Japanese, Korean and Chinese addresses, Indian house numbers, and streets without a type right
 * after an address cue.
 */
export const worldStreetAddress = defineRecogniser({
  name: 'street-address-world',
  entity: 'STREET_ADDRESS',
  patterns: [
    {
      name: 'glued-suffix',
      suffixes: alternatives(GLUED_SUFFIX),
      numberAfter: true,
      regex: re(String.raw`${WORD_START}(?:\p{Lu}[\p{L}\-]* ){0,2}\p{Lu}[\p{L}\-]*(?:${GLUED_SUFFIX}) ${HOUSE_NUMBER}${WORD_END}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      name: 'separate-type',
      words: alternatives(SEPARATE_TYPE),
      numberAfter: true,
      regex: re(
        String.raw`${WORD_START}\p{Lu}[\p{L}\-]*(?: (?:\p{Lu}[\p{L}\-]*|${SEPARATE_TYPE})){0,3} (?:${SEPARATE_TYPE})(?!\p{L}),? ?${HOUSE_NUMBER}${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      name: 'prefix-type',
      words: alternatives(PREFIX_TYPE),
      regex: re(
        String.raw`${WORD_START}(?i:${PREFIX_TYPE})(?!\p{L}) ?(?:\p{Ll}{1,2} )?${NAME_WORD}(?: ${NAME_WORD}){0,2},? (?:d\. ?)?${HOUSE_NUMBER}${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      name: 'latin-american',
      words: alternatives(LATAM_TYPE),
      regex: re(
        String.raw`${WORD_START}(?:${LATAM_TYPE}) (?:de |del |da |do |das |dos )?${NAME_WORD}(?: (?:de |del |da |do )?${NAME_WORD}){0,3},? (?:n[º°o]\.? ?)?\d{1,5}${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      name: 'latin-american-grid',
      words: alternatives(LATAM_GRID),
      numberAfter: true,
      regex: re(String.raw`${WORD_START}(?:${LATAM_GRID}) \d{1,3}[A-Z]?(?: Bis)? ?(?:#|No\.?|N[º°]) ?\d{1,3}[A-Z]?-\d{1,3}${WORD_END}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      name: 'english-type-before-number',
      words: [...ENGLISH_TYPE_BEFORE_NUMBER, ...LOWER_TYPE_AFTER_NAME],
      numberAfter: true,
      regex: re(
        String.raw`${WORD_START}(?:${NAME_WORD} ){1,3}(?:${ENGLISH_TYPE_BEFORE_NUMBER.join('|').replaceAll('.', '\\.')}|${LOWER_TYPE_AFTER_NAME.join('|')}),? \d{1,5}[A-Za-z]?(?![\p{L}\p{N}.,\-\/]\p{N}|%)${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      name: 'french-type-first',
      words: alternatives(FRENCH_TYPE_FIRST),
      regex: re(
        String.raw`${WORD_START}(?:${FRENCH_TYPE_FIRST}) (?:du |de la |de l'|des |de |d'|van |de )?${NAME_WORD}(?: ${NAME_WORD}){0,3},? \d{1,4}[a-zA-Z]?(?:\/\d{1,3})?${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      // A house number before a Catalan, Spanish, Italian, Portuguese or French type: "88 Avinguda Meritxell", "12345 Av Demars".
      name: 'number-then-romance-type',
      words: [...alternatives(ROMANCE_TYPES), ...alternatives(FRENCH_TYPES), 'Av'],
      regex: re(
        String.raw`${WORD_START}\d{1,5}[A-Za-z]?,? (?:${ROMANCE_TYPES}|Av\.?|(?i:${FRENCH_TYPES})) ${ROMANCE_LINK}${NAME_WORD}(?: ${NAME_WORD}){0,3}${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      name: 'number-first-lower-case-type',
      words: LOWER_TYPE_AFTER_NAME,
      regex: re(String.raw`${WORD_START}\d{1,5}[A-Za-z]?,? (?:${NAME_WORD} ){1,3}(?:${LOWER_TYPE_AFTER_NAME.join('|')})${WORD_END}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      // The lines under an address label, up to a blank line: "Billing address:⏎Obala 33⏎6320 Piran⏎Slovenia".
      name: 'address-block',
      words: [
        'address',
        'adresse',
        'anschrift',
        'dirección',
        'direccion',
        'indirizzo',
        'endereço',
        'osoite',
        'cím',
        'lakcím',
        'adres',
        'adresa',
        'adress',
        'postadress',
      ],
      regex: re(
        String.raw`${ADDRESS_LABEL}[ \t]*\n?[ \t]*(?<value>(?=(?:[^\n]*\n){0,2}[^\n]*\p{N})(?=[^\n]*\p{L}{2})${BLOCK_LINE}(?:\n[ \t]*(?=[\p{Lu}\p{N}])${BLOCK_LINE}){0,4})`,
        'd',
      ),
      score: 0.6,
    },
    {
      // "улица Ленина, 20", "Гороховая улица, 23", "пр. Мира 5".
      name: 'cyrillic',
      regex: re(
        String.raw`(?<![\p{L}])(?:(?:${CYRILLIC_TYPES}) (?:\p{Lu}[\p{L}\-]*\.? ){0,2}\p{Lu}[\p{L}\-]*|(?:\p{Lu}[\p{L}\-]* ){1,2}(?:${CYRILLIC_TYPES})),? (?:д\. ?)?\d{1,4}[а-яa-z]?(?:\/\d{1,3})?${WORD_END}`,
      ),
      score: 0.6,
      requires: /[а-яё]/,
    },
    {
      name: 'military-mail',
      regex: re(
        String.raw`${WORD_START}(?:(?:PSC|CMR|Unit) \d{1,5},? Box \d{1,5}|(?:USNS|USS) \p{Lu}[\p{L} ]{1,30}?),?\s(?:APO|FPO|DPO) (?:AE|AP|AA) \d{5}${WORD_END}`,
      ),
      score: 0.85,
      requires: /[AFD]PO /,
    },
    {
      name: 'postal-box',
      words: ['Box', 'Postfach', 'Apartado', 'Casilla', 'Caixa', 'Boîte'],
      regex: re(
        String.raw`${WORD_START}(?:P\. ?O\. ?Box|PO Box|Post Office Box|Postfach|Apartado(?: postal| de correos)?|Casilla(?: de correo)?|Caixa Postal|Boîte postale) \d{1,6}${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      // 〒150-0001 東京都渋谷区神宮前1-2-3: prefecture, city or ward, district, block numbers.
      name: 'japanese',
      regex: re(
        String.raw`(?:〒\d{3}-\d{4}\s?)?(?:\p{sc=Han}{1,3}[都道府県])?\p{sc=Han}{1,6}[市区町村郡][\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]{0,10}[0-9０-９]{1,4}(?:(?:丁目|番地|番|号|[-−－の])[0-9０-９]{1,4}){1,3}号?`,
      ),
      score: 0.7,
      requires: /[市区町村郡]/,
    },
    {
      // "1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001"
      name: 'japanese-romanised',
      words: ['ku', 'shi', 'cho', 'machi', 'gun'],
      regex: re(String.raw`${WORD_START}\d{1,2}-\d{1,2}(?:-\d{1,3})?,? \p{Lu}[a-z]+(?:-\d)?,? \p{Lu}[a-z]+-(?:ku|shi|cho|machi|gun)${WORD_END}${POSTAL_TAIL}`),
      score: 0.7,
    },
    {
      // 서울특별시 강남구 테헤란로 123
      name: 'korean',
      regex: re(
        String.raw`(?:[가-힣]{2,}(?:특별시|광역시|특별자치시|도|시) )?(?:[가-힣]+(?:시|군|구) ){1,2}[가-힣0-9]+(?:로|길|동)(?: ?\d{1,3}번?길)? \d{1,4}(?:-\d{1,4})?`,
      ),
      score: 0.7,
      requires: /[가-힣]/,
    },
    {
      // "123 Teheran-ro, Gangnam-gu" and "Teheran-ro 123"
      name: 'korean-romanised',
      words: ['ro', 'gil', 'daero'],
      regex: re(
        String.raw`${WORD_START}(?:\d{1,4}(?:-\d{1,4})?,? \p{Lu}[a-z]+(?:-[a-z]+)?-(?:ro|gil|daero)|\p{Lu}[a-z]+(?:-[a-z]+)?-(?:ro|gil|daero) \d{1,4}(?:-\d{1,4})?)${WORD_END}(?:, \p{Lu}[a-z]+-(?:gu|si|gun|dong))?${POSTAL_TAIL}`,
      ),
      score: 0.7,
    },
    {
      // 北京市朝阳区建国路88号
      name: 'chinese',
      regex: re(String.raw`(?:\p{sc=Han}{2,4}[省市])?(?:\p{sc=Han}{2,4}[市区县])?\p{sc=Han}{1,8}(?:路|街|大道|巷|弄)\d{1,5}号`),
      score: 0.7,
      requires: /\d号/,
    },
    {
      // "House No. 12, Sector 15, Gurgaon 122001"
      name: 'indian-house',
      words: ['House', 'Flat', 'Plot', 'Door', 'HouseNo', 'FlatNo', 'PlotNo', 'DoorNo'],
      regex: re(
        String.raw`${WORD_START}(?:House|Flat|Plot|Door) ?No\.? ?[\dA-Z][\dA-Z\-\/]{0,6}(?:, ?(?:${NAME_WORD}|\d{1,3}(?:st|nd|rd|th)?)(?: (?:${NAME_WORD}|\d{1,3}))*){1,2}${WORD_END}${POSTAL_TAIL}`,
      ),
      score: 0.6,
    },
    {
      // No street type, but an address cue right before and the clause ending after it: "ship to Zochova 7.",
      // "moving in at Podravska 23, Stan 4" (not "ship to Germany 2 pallets").
      name: 'after-address-cue',
      words: [
        'address',
        'ship',
        'send',
        'deliver',
        'delivered',
        'shipped',
        'sent',
        'mail',
        'moving',
        'moved',
        'live',
        'lives',
        'living',
        'reside',
        'resides',
        'located',
        'stayed',
        'staying',
        'is',
        'based',
        'registered',
        'visit',
        'find',
      ],
      regex: re(
        String.raw`(?<![\p{L}])(?i:address(?: is)?|ship to|send to|deliver to|delivered to|shipped to|sent to|mail to|moving in at|moved to|live at|lives at|living at|reside at|resides at|located at|stayed at|staying at|(?:flat|house|home|office|apartment|shop|store|studio) is at|based at|registered at|visit us at|find us at)[:\s]+(?<value>(?:\p{Lu}[\p{L}\-]+(?: \p{Lu}[\p{L}\-]+){0,2}\.? ${HOUSE_NUMBER}|\d{1,5}[a-zA-Z]? \p{Lu}[\p{L}\-]+(?: \p{Lu}[\p{L}\-]+){1,2})${WORD_END}${POSTAL_TAIL})(?=[ \t]*(?:[,.;!?\n)]|$)| (?:for|near|in|on|and|but|with|since|until|last|next|yesterday|today|tomorrow|from|by)(?!\p{L}))`,
        'd',
      ),
      score: 0.6,
    },
  ],
  context: [
    'address',
    'live at',
    'lives at',
    'ship to',
    'deliver to',
    'adresse',
    'dirección',
    'endereço',
    'osoite',
    'cím',
    'adres',
    'adresa',
    'adress',
    '住所',
    '주소',
    '地址',
  ],
  normalise: (raw) => raw,
});

/** The town after a postal code: "Praha 1", "København S", "Ixelles". */
const TOWN = String.raw`\p{Lu}[\p{L}\-]+(?: \p{Lu}[\p{L}\-]*| \d{1,2})?`;

/** A street without a type, known by the postal code and town after it: "Národní 25, 110 00 Praha 1". */
export const streetBeforePostalCode = defineRecogniser({
  name: 'street-before-postal-code',
  entity: 'STREET_ADDRESS',
  nearDigits: true,
  patterns: [
    {
      name: 'street-then-postal-code',
      regex: re(
        String.raw`${WORD_START}\p{Lu}[\p{L}\-]+(?: \p{Lu}[\p{L}\-]+){0,2} \d{1,4}[a-zA-Z]?(?:\/\d{1,4})?(?:, |\n)(?:(?:\d{3} \d{2}|\d{2} \d{3}|\d{2}-\d{3}|\d{4}-\d{3}|\d{5}|[A-Z]{2}-?\d{4}|[A-Z]\d{4}[A-Z]{3}) ${TOWN}|\d{3,4} ${TOWN}(?=[ \t]*(?:[,.;!?\n)]|$)))${WORD_END}`,
      ),
      score: 0.55,
    },
  ],
  normalise: (raw) => raw,
});
