import { defineRecogniser, re, WORD_END, WORD_START } from '../recogniser.ts';

// Street designators (USPS Publication 28 and their UK/AU equivalents), full and abbreviated.
const STREET_TYPE_WORDS: readonly string[] = [
  'Street', 'St', 'Avenue', 'Ave', 'Av', 'Road', 'Rd', 'Boulevard', 'Blvd', 'Lane', 'Ln', 'Drive', 'Dr', 'Court', 'Ct',
  'Place', 'Pl', 'Terrace', 'Ter', 'Way', 'Parkway', 'Pkwy', 'Circle', 'Cir', 'Highway', 'Hwy', 'Square', 'Sq',
  'Crescent', 'Cres', 'Close', 'Row', 'Trail', 'Trl', 'Alley', 'Aly', 'Plaza', 'Plz', 'Loop', 'Pike', 'Run', 'Path',
  'Walk', 'Grove', 'Gardens', 'Gdns', 'Hill', 'Hills', 'Heights', 'Hts', 'Park', 'Mews', 'Green', 'Rise', 'View',
  'Views', 'Crossing', 'Xing', 'Point', 'Pt', 'Ridge', 'Rdg', 'Junction', 'Jct', 'Expressway', 'Expy', 'Freeway',
  'Fwy', 'Turnpike', 'Tpke', 'Causeway', 'Bypass', 'Center', 'Ctr', 'Creek', 'Crest', 'Cove', 'Estates', 'Falls',
  'Fields', 'Forest', 'Glen', 'Harbor', 'Harbour', 'Haven', 'Island', 'Isle', 'Knoll', 'Lake', 'Landing', 'Manor',
  'Meadow', 'Meadows', 'Mill', 'Mills', 'Mount', 'Orchard', 'Oval', 'Pass', 'Port', 'Ranch', 'Shore', 'Shores',
  'Spring', 'Springs', 'Station', 'Summit', 'Trace', 'Valley', 'Village', 'Ville', 'Vista', 'Wells', 'Wharf',
  'Brook', 'Branch', 'Bridge', 'Burg', 'Camp', 'Canyon', 'Cape', 'Cliff', 'Club', 'Common', 'Corner', 'Corners',
  'Course', 'Dale', 'Dam', 'Divide', 'Extension', 'Ferry', 'Flat', 'Flats', 'Ford', 'Forge', 'Fork', 'Fort',
  'Gateway', 'Inlet', 'Key', 'Lock', 'Lodge', 'Motorway', 'Neck', 'Parade', 'Pine', 'Pines', 'Prairie', 'Ramp',
  'Rapids', 'Rest', 'River', 'Shoal', 'Skyway', 'Spur', 'Stream', 'Tunnel', 'Underpass', 'Viaduct', 'Well',
  'Route', 'Paddock', 'Wynd', 'Gate', 'Croft', 'Fold', 'Garth', 'Hollow', 'Lea', 'Nook', 'Yard', 'Vale', 'Chase',
  'Approach', 'Circus', 'Quay', 'Esplanade', 'Promenade', 'Boardwalk', 'Drove', 'Brae', 'Loan', 'Wharf',
  'Plain', 'Field', 'Union', 'Estate', 'Garden', 'Mall', 'Mountain', 'Overpass', 'Radial', 'Stravenue', 'Throughway', 'Track',
  'Trafficway', 'Curve', 'Crossroad', 'Copse', 'Grange', 'Grn', 'Cswy', 'Byp',
  // The rest of the USPS list (without words as common as Land, Light, Fall or Wall) and the Royal Mail's Mead
  'Anex', 'Arcade', 'Bayou', 'Beach', 'Bend', 'Bluff', 'Bluffs', 'Bottom', 'Brooks', 'Burgs', 'Centers', 'Circles', 'Cliffs',
  'Courts', 'Coves', 'Crossroads', 'Drives', 'Extensions', 'Fords', 'Forges', 'Forks', 'Glens', 'Greens', 'Groves', 'Harbors',
  'Islands', 'Junctions', 'Knolls', 'Lakes', 'Locks', 'Manors', 'Mission', 'Mountains', 'Parks', 'Parkways', 'Passage', 'Plains',
  'Ports', 'Ridges', 'Roads', 'Shoals', 'Squares', 'Streets', 'Spurs', 'Unions', 'Valleys', 'Villages', 'Walks', 'Ways',
  'Mead',
  // USPS abbreviations not listed above, and suffixes of the USPS list faker uses (Loaf, Lk)
  'Loaf', 'Lk', 'Lks', 'Ldg', 'Lndg', 'Mdw', 'Mdws', 'Mnr', 'Mtn', 'Orch', 'Riv', 'Shr', 'Spg', 'Spgs', 'Smt', 'Trce', 'Vly',
  'Vlg', 'Vis', 'Xrd', 'Frst', 'Gdn', 'Gln', 'Grv', 'Hbr', 'Hvn', 'Isl', 'Knl', 'Bch', 'Bnd', 'Blf', 'Brg', 'Brk', 'Cyn',
  'Cpe', 'Crk', 'Cv', 'Ests', 'Fls', 'Fld', 'Flds', 'Frd', 'Fry', 'Gtwy', 'Holw', 'Inlt', 'Msn', 'Mtwy', 'Rnch', 'Rpds',
  'Strm', 'Tunl', 'Vw', 'Vws',
  // Indian street and locality designators
  'Marg', 'Nagar', 'Colony', 'Layout', 'Chowk', 'Enclave',
];
const STREET_TYPES = STREET_TYPE_WORDS.join('|');

const LOWER_CASE_TYPES: readonly string[] = ['street', 'st', 'avenue', 'ave', 'road', 'rd', 'boulevard', 'blvd', 'lane', 'ln', 'drive', 'dr', 'court', 'ct', 'place', 'way', 'terrace'];

/** The words of a regex alternation, for the text gate: "str\\.|(?<=…)ring" → ["str.", "ring"]. */
export function alternatives(alternation: string): string[] {
  return alternation.split('|').map((word) => word.replace(/\(\?<=[^)]*\)/g, '').replace(/\\/g, ''));
}

export const NAME_WORD = String.raw`\p{Lu}[\p{L}'’\-]*`;
/** A capitalised place name of up to four words ("Parramatta", "Ciudad de México", "Praha 1"). */
const CITY = String.raw`\p{Lu}[\p{L}'’\-]+(?: (?:\p{Lu}[\p{L}'’\-]*|de|del|do|da|di|am|an|im|ob|na|pri|pod|nad|sur|sul|upon|\d{1,2})){0,3}`;
/** Postal codes: 5 or 5+4 digits, 3+2, 2+3, 2-3, 4-3, 3-4, 6 or 4 digits, country-prefixed (LV-1050, AZ1000), UK and Canadian codes. */
const POSTAL_CODE = String.raw`(?:\d{5}(?:-\d{4})?|\d{3} \d{2}|\d{2} \d{3}|\d{2}-\d{3}|\d{4}-\d{3}|\d{3}-\d{4}|\d{6}|\d{3} \d{3}|\d{4}|[A-Z]{2}-?\d{4}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d)`;
/**
 * The line that may follow a street: ", 00510 Helsinki", "⏎10115 Berlin", ", Springfield, IL 62704",
 * "⏎London NW1 6XE", ", Parramatta NSW 2150", or a town ending the line (", Nairobi"). Part of the
 * address span when present, so the town is not read as a name.
 */
export const POSTAL_TAIL = String.raw`(?:(?:,? ?\n|, ?)(?:${POSTAL_CODE} ${CITY}|${CITY}(?:,? [A-Z]{2,3})?,? ${POSTAL_CODE}|${CITY}(?=[ \t]*(?:\n|$)|[.;!?](?:\s|$)))${WORD_END})?`;
/** A flat or unit before the house number: "Unit 5, 12 Smith St", "Flat 4B, 12 MG Road", "5/12 Smith Street". */
const UNIT_BEFORE = String.raw`(?:(?:Unit|Flat|Apt\.?|Apartment|Suite|Level|Shop) [A-Za-z0-9]{1,5},? |\d{1,4}[A-Za-z]?\/(?=\d))?`;
/** Numbered streets: "8th Avenue", "W 42nd Street". */
const STREET_WORD = String.raw`(?:${NAME_WORD}|\d{1,3}(?:st|nd|rd|th))`;
const UNIT = String.raw`(?:,? (?:Apt\.?|Apartment|Suite|Ste\.?|Unit|Flat|Floor|Fl\.?|#) ?[A-Za-z0-9\-]{1,6})?`;
/** Flat, floor or room after a continental address: "Zimmer 309", "9 OG", "Piano 7", "4º B". */
const EUROPEAN_UNIT = String.raw`(?:,? (?:(?:Zimmer|Whg\.?|Wohnung|App\.?|Apt\.?|Piano|Int\.?|Scala|Piso|Puerta|Esc\.?) ?\d{1,4}[A-Za-z]?|\d{1,2} ?(?:OG|EG|º ?[A-Z]?|ª)))?`;
// "-ring" only after a consonant and three letters: Kaiserring, Ostring, but not During, Offering, Monitoring, Spring.
const GERMAN_SUFFIX = 'straße|strasse|str\\.|weg|gasse|platz|allee|(?<=\\p{L}{2}[^aeiouäöü\\s])ring|damm|ufer|chaussee|pfad|steig|hof|markt';
const DUTCH_SUFFIX = 'straat|laan|plein|gracht|kade|dijk|singel|steeg|plantsoen|park';
const SEPARATE_GERMAN_TYPES: readonly string[] = ['Str.', 'Straße', 'Strasse', 'Weg', 'Gasse', 'Platz', 'Allee', 'Ring', 'Damm', 'Ufer', 'Chaussee'];
/** German streets named by a preposition and a place: "Am Markt 5", "Auf dem Herberg 33a". */
const GERMAN_PREPOSITION = 'Am|Im|Zum|Zur|Beim|An der|An den|Auf dem|Auf der|Auf den|In der|In den|Unter den|Hinter der|Hinter dem|Vor dem|Vor der|Bei der|Über der|Alte|Alter|Neue|Neuer';
const ROMANCE_TYPES =
  'Calle|C\\/|Avenida|Avda\\.|Plaza|Paseo|Camino|Carrer|Ronda|Senda|Cuesta|Caserío|Caserio|Glorieta|Pasaje|Rambla|Alameda|Travesía|Carretera|Urbanización|' +
  'Callejón|Calleja|Bajada|Subida|Gran Subida|Barrio|Barranco|Polígono|Prolongación|Partida|Paraje|Parcela|Parque|Jardines|Puerta|Puente|' +
  'Muelle|Riera|Rincón|Arroyo|Aldea|Arrabal|Explanada|Huerta|Masía|Monte|Quinta|Ramal|Rampa|Torrente|Sector|Sección|Lugar|Vía|Carrera|' +
  'Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Borgo|Contrada|Strada|Rotonda|Località|Lungomare|Traversa|Salita|Incrocio|' +
  'Rua|Travessa|Praça|Avinguda|Estrada|Ladeira|Largo|' +
  // More Spanish street types of the INE list
  'Bulevar|Chalet|Colegio|Colonia|Costanilla|Diseminado|Edificio|Entrada|Escalinata|Extrarradio|Galería|Grupo|Manzana|Poblado|' +
  'Ribera|Salida|Vereda';
const ROMANCE_LINK = "(?i:de la |del |de los |de las |de |della |delle |dei |di |do |da |dos |das )?";
const FRENCH_TYPES = 'rue|avenue|av\\.|boulevard|bd|chemin|place|allée|allee|impasse|quai|route|cours|square|voie|passage|rond-point|sentier';

/**
 * Street addresses in the common Western layouts: "12 Oak Street, Apt 4", "Hauptstraße 5",
 * "12 rue de la Paix", "Calle Mayor, 5". Without a street designator a number and capitalised
 * words are not an address.
 */
export const streetAddress = defineRecogniser({
  name: 'street-address',
  entity: 'STREET_ADDRESS',
  patterns: [
    {
      name: 'number-first',
      words: STREET_TYPE_WORDS,
      regex: re(String.raw`${WORD_START}${UNIT_BEFORE}\d{1,5}[A-Za-z]?,? (?:(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\.? )?(?:${STREET_WORD} ){0,3}${STREET_WORD} (?:${STREET_TYPES})s?\.?${WORD_END}${UNIT}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      name: 'number-first-lower-case',
      words: LOWER_CASE_TYPES,
      regex: re(String.raw`${WORD_START}\d{1,5}[a-z]? (?:[a-z][a-z'\-]+ ){1,3}(?:${LOWER_CASE_TYPES.join('|')})\.?${WORD_END}`),
      score: 0.2,
    },
    {
      name: 'germanic',
      suffixes: alternatives(`${GERMAN_SUFFIX}|${DUTCH_SUFFIX}`),
      regex: re(String.raw`${WORD_START}(?:\p{Lu}[\p{L}\-]* )?\p{Lu}[\p{L}\-]*(?i:${GERMAN_SUFFIX}|${DUTCH_SUFFIX}) \d{1,4}(?: ?[a-zA-Z])?${WORD_END}${EUROPEAN_UNIT}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      name: 'germanic-separate',
      words: SEPARATE_GERMAN_TYPES,
      regex: re(String.raw`${WORD_START}(?:\p{Lu}[\p{L}\-]* ){1,2}(?:${SEPARATE_GERMAN_TYPES.join('|').replace('.', '\\.')}) \d{1,4}(?: ?[a-zA-Z])?${WORD_END}${EUROPEAN_UNIT}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      // Only up to three digits and nothing but a unit after them: "Im Jahr 2020", "Am Ende 3 Tage" are not addresses.
      name: 'german-preposition',
      words: alternatives(GERMAN_PREPOSITION),
      regex: re(String.raw`${WORD_START}(?:${GERMAN_PREPOSITION}) \p{Lu}[\p{L}\-]+(?: \p{Lu}[\p{L}\-]+)? \d{1,3}(?: ?[a-zA-Z])?${WORD_END}${EUROPEAN_UNIT}(?! ?\p{L})`),
      score: 0.6,
    },
    {
      name: 'french',
      words: alternatives(FRENCH_TYPES),
      regex: re(String.raw`${WORD_START}\d{1,4}(?: ?(?:bis|ter))?,? (?i:${FRENCH_TYPES}) (?i:de la |de l'|du |des |de |d')?${NAME_WORD}(?: ${NAME_WORD}){0,3}${WORD_END}${POSTAL_TAIL}`),
      score: 0.6,
    },
    {
      name: 'romance',
      words: alternatives(ROMANCE_TYPES),
      regex: re(String.raw`${WORD_START}(?:${ROMANCE_TYPES}) ${ROMANCE_LINK}${NAME_WORD}(?: ${NAME_WORD}){0,3},? (?:(?:n[º°o]\.? ?)?\d{1,4}[a-zA-Z]?|s\/n\.?)${WORD_END}${EUROPEAN_UNIT}${POSTAL_TAIL}`),
      score: 0.6,
    },
  ],
  context: ['address', 'live at', 'lives at', 'living at', 'located at', 'ship to', 'deliver to', 'mail to', 'residence', 'reside', 'home', 'adresse', 'anschrift', 'dirección', 'direccion', 'indirizzo', 'endereço', 'wohne', 'habite', 'vivo en'],
  normalise: (raw) => raw,
});
