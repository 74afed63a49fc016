import { romaniseName } from './romanise.ts';

/**
 * Evidence that a detected name is someone's personal data rather than a mere mention of a person
 * (a writer in a literature question, a character in a story, a public figure in the news).
 *
 * The PERSON model answers "is this a name?"; this module answers "does the text treat it as a
 * particular person the writer deals with?". Cues are the ways personal data shows up in prompts
 * and answers: self-introductions, salutations and sign-offs, relations to the writer ("my
 * landlord"), form fields ("Patient:"), requests to contact someone ("remind Ana to…"), the person
 * acting on the writer ("Ana called me"), and other PII in the same message.
 */

/** No cue: a bare name. */
export const EVIDENCE_NONE = 0;
/** Name structure only: given + family name, or a title before the name. */
export const EVIDENCE_STRUCTURE = 1;
/** A weak personal cue: "I'm …", "it's …", "… gave me", "… and I" (also said of adjectives and things). */
export const EVIDENCE_WEAK = 2;
/** A personal-data cue around the name, or other PII in the same message. */
export const EVIDENCE_PERSONAL = 3;

/** What `personalCue` finds around a name. */
export const CUE_NONE = 0;
export const CUE_WEAK = 1;
export const CUE_STRONG = 2;

const alt = (words: readonly string[]): string => words.map((w) => w.replace(/[.]/g, '\\.').replace(/ /g, '\\s+')).join('|');

const TITLES = alt([
  'mr',
  'mr.',
  'mrs',
  'mrs.',
  'ms',
  'ms.',
  'miss',
  'mx',
  'mx.',
  'dr',
  'dr.',
  'prof',
  'prof.',
  'sir',
  'madam',
  'herr',
  'frau',
  'monsieur',
  'madame',
  'mme',
  'mme.',
  'mlle',
  'señor',
  'señora',
  'sr.',
  'sra.',
  'srta.',
  'signor',
  'signora',
  'sig.',
  'sig.ra',
  'dott.',
  'dra.',
  'senhor',
  'senhora',
  'pan',
  'pani',
  'capt.',
  'rev.',
  'fr.',
  'hr.',
  'fru',
]);

/** Introductions that name the writer. */
const SELF = alt([
  'my name is',
  "my name's",
  'name is',
  'call me',
  'me llamo',
  'mi nombre es',
  "je m'appelle",
  'je m’appelle',
  'ich heiße',
  'ich heisse',
  'mein name ist',
  'mi chiamo',
  'meu nome é',
  'me chamo',
  'mijn naam is',
  'nazywam się',
  'jmenuji se',
  'jag heter',
  'mitt namn är',
  'adım',
  'benim adım',
  'surname is',
  'family name is',
]);
/** "I'm …" and the like also introduce states and things ("I'm tired", "it's Friday"): weak evidence. */
const WEAK_SELF = alt([
  'i am',
  "i'm",
  'i’m',
  'im',
  'this is',
  "it's",
  'it’s',
  'it is',
  'here is',
  'soy',
  'je suis',
  "c'est",
  'ich bin',
  'sono',
  'eu sou',
  'ik ben',
  'jestem',
]);

const SALUTATIONS = alt([
  'dear',
  'hi',
  'hello',
  'hey',
  'hiya',
  'heya',
  'howdy',
  'greetings',
  'good morning',
  'good afternoon',
  'good evening',
  'morning',
  'thanks',
  'thank you',
  'thx',
  'ty',
  'cheers',
  'congrats',
  'congratulations',
  'happy birthday',
  'welcome',
  'sorry',
  'bye',
  'bonjour',
  'salut',
  'cher',
  'chère',
  'hola',
  'querido',
  'querida',
  'estimado',
  'estimada',
  'hallo',
  'liebe',
  'lieber',
  'servus',
  'moin',
  'sehr geehrte',
  'sehr geehrter',
  'ciao',
  'caro',
  'cara',
  'gentile',
  'olá',
  'oi',
  'prezado',
  'prezada',
  'hej',
  'hoi',
  'beste',
  'merci',
  'gracias',
  'danke',
  'grazie',
  'obrigado',
  'obrigada',
  'happy anniversary',
  'happy holidays',
  'welcome back',
  'good night',
  'good luck',
  'take care',
  'miss you',
  'love you',
  'see you',
  'yo',
]);

const VALEDICTIONS = alt([
  'regards',
  'best regards',
  'kind regards',
  'warm regards',
  'sincerely',
  'yours sincerely',
  'yours truly',
  'yours',
  'best',
  'all the best',
  'best wishes',
  'cheers',
  'thanks',
  'many thanks',
  'thank you',
  'love',
  'warmly',
  'respectfully',
  'cordially',
  'talk soon',
  'thanks again',
  'thank you again',
  'cheers again',
  'cordialement',
  'bien à vous',
  'amitiés',
  'mit freundlichen grüßen',
  'viele grüße',
  'beste grüße',
  'liebe grüße',
  'grüße',
  'gruß',
  'lg',
  'vg',
  'mfg',
  'saludos',
  'un saludo',
  'atentamente',
  'un abrazo',
  'cordiali saluti',
  'distinti saluti',
  'un saluto',
  'saluti',
  'atenciosamente',
  'abraços',
  'met vriendelijke groet',
  'groeten',
  'pozdrawiam',
  'hälsningar',
  'mvh',
]);

const RELATIONS = alt([
  'friend',
  'best friend',
  'buddy',
  'pal',
  'colleague',
  'coworker',
  'co-worker',
  'boss',
  'manager',
  'supervisor',
  'team lead',
  'wife',
  'husband',
  'partner',
  'spouse',
  'son',
  'daughter',
  'kid',
  'child',
  'baby',
  'mom',
  'mum',
  'mother',
  'dad',
  'father',
  'brother',
  'sister',
  'sibling',
  'cousin',
  'uncle',
  'aunt',
  'niece',
  'nephew',
  'grandma',
  'grandmother',
  'grandpa',
  'grandfather',
  'grandson',
  'granddaughter',
  'stepson',
  'stepdaughter',
  'girlfriend',
  'boyfriend',
  'fiancé',
  'fiancée',
  'fiance',
  'fiancee',
  'ex',
  'ex-wife',
  'ex-husband',
  'roommate',
  'flatmate',
  'housemate',
  'neighbour',
  'neighbor',
  'landlord',
  'landlady',
  'tenant',
  'client',
  'customer',
  'patient',
  'employee',
  'employer',
  'student',
  'pupil',
  'teacher',
  'tutor',
  'coach',
  'doctor',
  'dentist',
  'therapist',
  'nurse',
  'lawyer',
  'attorney',
  'accountant',
  'assistant',
  'secretary',
  'intern',
  'teammate',
  'classmate',
  'nanny',
  'babysitter',
  'caregiver',
  'mentor',
  'mentee',
  'direct report',
  'recruiter',
  'candidate',
  'contact',
  'agent',
  'advisor',
  'adviser',
  'broker',
  'plumber',
  'mechanic',
  'driver',
  'date',
  'crush',
  'in-law',
  'mother-in-law',
  'father-in-law',
  'sister-in-law',
  'brother-in-law',
  'godfather',
  'godmother',
  'stepmother',
  'stepfather',
  'twin',
]);
const FOREIGN_RELATIONS = alt([
  'mi amigo',
  'mi amiga',
  'mi hermano',
  'mi hermana',
  'mi esposa',
  'mi esposo',
  'mi marido',
  'mi mujer',
  'mi jefe',
  'mi jefa',
  'mi hijo',
  'mi hija',
  'mi madre',
  'mi padre',
  'mi novio',
  'mi novia',
  'mi compañero',
  'mi compañera',
  'mi vecino',
  'mi vecina',
  'mon ami',
  'mon amie',
  'mon frère',
  'ma sœur',
  'ma soeur',
  'mon fils',
  'ma fille',
  'mon collègue',
  'ma collègue',
  'mon mari',
  'ma femme',
  'mon patron',
  'ma mère',
  'mon père',
  'mein freund',
  'meine freundin',
  'mein kollege',
  'meine kollegin',
  'mein sohn',
  'meine tochter',
  'mein bruder',
  'meine schwester',
  'mein mann',
  'meine frau',
  'mein chef',
  'meine chefin',
  'mein nachbar',
  'meine nachbarin',
  'il mio amico',
  'la mia amica',
  'mio fratello',
  'mia sorella',
  'mio figlio',
  'mia figlia',
  'mio marito',
  'mia moglie',
  'il mio capo',
  'o meu amigo',
  'a minha amiga',
  'meu irmão',
  'minha irmã',
  'meu filho',
  'minha filha',
]);

// Form and header labels: at the start of a line or a field ("Name:", "| To:", "{\"customer\": ").
const LABELS = alt([
  'author',
  'reviewer',
  'approver',
  'legal name',
  'maintainer',
  'organizer',
  'organiser',
  'host',
  'coordinator',
  'manager',
  'supervisor',
  'name',
  'full name',
  'first name',
  'given name',
  'last name',
  'surname',
  'family name',
  'patient',
  'patient name',
  'customer',
  'customer name',
  'client',
  'client name',
  'employee',
  'employee name',
  'applicant',
  'candidate',
  'tenant',
  'guest',
  'passenger',
  'member',
  'student',
  'user',
  'contact',
  'contact person',
  'contact name',
  'emergency contact',
  'next of kin',
  'attn',
  'attn.',
  'attention',
  'to',
  'from',
  'cc',
  'bcc',
  'sender',
  'recipient',
  'addressee',
  'owner',
  'assignee',
  'assigned to',
  'reporter',
  'reported by',
  'requester',
  'requested by',
  'approved by',
  'reviewed by',
  'prepared by',
  'submitted by',
  'created by',
  'signed by',
  'signed',
  'signature',
  'account holder',
  'account name',
  'cardholder',
  'card holder',
  'name on card',
  'holder',
  'beneficiary',
  'payee',
  'payer',
  'insured',
  'policyholder',
  'policy holder',
  'driver',
  'witness',
  'claimant',
  'defendant',
  'plaintiff',
  'resident',
  'occupant',
  'buyer',
  'seller',
  'landlord',
  'lessee',
  'lessor',
  'emp',
  'spouse',
  'parent',
  'guardian',
  'child',
  'father',
  'mother',
  'doctor',
  'physician',
  'gp',
  'nurse',
  'caller',
  'agent',
  'rep',
  'host',
  'attendee',
  'attendees',
  'participants',
  'present',
  'speaker',
  'interviewer',
  'interviewee',
  'nombre',
  'apellido',
  'apellidos',
  'nom',
  'prénom',
  'nome',
  'cognome',
  'vorname',
  'nachname',
  'titular',
  'destinatario',
  'remitente',
  'de',
  'para',
  'à',
  'an',
  'von',
  'paciente',
  'patient·e',
]);

const CONTACT_VERBS = alt([
  'tell',
  'ask',
  'remind',
  'email',
  'e-mail',
  'mail',
  'call',
  'phone',
  'ring',
  'text',
  'message',
  'dm',
  'ping',
  'invite',
  'contact',
  'notify',
  'thank',
  'congratulate',
  'greet',
  'pay',
  'hire',
  'fire',
  'meet',
  'visit',
  'cc',
  'bcc',
  'loop in',
  'introduce',
  'forward it to',
  'forward this to',
  'forward to',
  'send it to',
  'send this to',
  'reply to',
  'write to',
  'talk to',
  'speak to',
  'note to',
  'letter to',
  'message to',
  'card to',
  'invitation to',
  'message from',
  'email from',
  'e-mail from',
  'call from',
  'text from',
  'note from',
  'letter from',
  'escalated by',
  'reported by',
  'assigned by',
  'approved by',
  'signed by',
  'submitted by',
  'requested by',
  'sent by',
  'forwarded by',
  'raised by',
  'opened by',
  'reviewed by',
  'referred by',
  'spoke to',
  'spoke with',
  'talked to',
  'talked with',
  'speak with',
  'talk with',
  'meeting with',
  'met with',
  'met',
  'call with',
  'lunch with',
  'dinner with',
  'chat with',
  'on behalf of',
  'sent to',
  'addressed to',
  'delivered to',
  'assign it to',
  'escalate to',
  'escalated to',
  'handed over to',
  'refer to',
  'refund',
  'schedule',
  'book',
  'wish',
  'surprise',
  'break up with',
  'apologise to',
  'apologize to',
  'say hi to',
  'say hello to',
  'congratulations to',
  'shout out to',
  'sorry to',
  'brief',
  'mentor',
  'coach',
  'onboard',
  'interview',
  'hug',
  'kiss',
  'marry',
  'divorce',
  'warn',
  'inform',
  'reimburse',
  'reach out to',
  'respond to',
  'pick up',
  'drop off',
  'cover for',
  'wait for',
  'look after',
  'take care of',
  'babysit',
  'check on',
  'check in with',
  'catch up with',
  'follow up with',
  'sync with',
  'touch base with',
  'hang out with',
  'go out with',
  'coffee with',
  'team up with',
  'share it with',
  'share this with',
  'give it to',
  'hand it to',
  'borrow from',
  'forgive',
  'one-to-one with',
  '1:1 with',
  'sit next to',
  'hear from',
  'heard from',
  'text back',
  'assigned to',
  'reassign to',
  'hand over to',
  'forwarding to',
  'forwarded to',
  'writing to',
  'talking to',
  'speaking with',
  'speaking to',
  'meeting',
  'calling',
  'emailing',
  'asking',
  'reminding',
  'inviting',
  'introducing',
  'copying',
  'cc-ing',
  'replying to',
  'ask for',
  'asked for',
  'asking for',
  'referred to',
  'signed off by',
  'interviewed by',
]);
/** People named by their role right before the name: "user ana", "customer Ana Lima", "reporter Bo". */
const ROLES = alt([
  'user',
  'customer',
  'client',
  'patient',
  'employee',
  'driver',
  'tenant',
  'guest',
  'passenger',
  'member',
  'student',
  'applicant',
  'candidate',
  'reporter',
  'assignee',
  'caller',
  'recipient',
  'sender',
  'account holder',
  'cardholder',
  'resident',
  'buyer',
  'seller',
  'contractor',
  'intern',
  'volunteer',
  'subscriber',
  'policyholder',
  'claimant',
  'witness',
  'suspect',
  'victim',
]);
/** Meetings with someone: "call with Ana", "interview notes with Ana". */
const MEETINGS = alt([
  'meeting',
  'call',
  'chat',
  'interview',
  'session',
  'appointment',
  'lunch',
  'dinner',
  'coffee',
  'date',
  'notes',
  'conversation',
  'talk',
  '1:1',
  'one-to-one',
  'sync',
  'catch-up',
  'video call',
  'phone call',
  'zoom',
]);
/** Handing things over: "give the keys to Ana", "send the signed form back to Ana". */
const HANDING = alt(['give', 'send', 'hand', 'pass', 'return', 'lend', 'show', 'bring', 'mail', 'post', 'deliver', 'forward', 'sell', 'offer', 'pay']);
/** Greetings that address someone wherever they stand in a line ("lol hiii Ana"), stretched spellings included. */
const GREETINGS = alt([
  'dear',
  'hi+',
  'hey+',
  'hel+o+',
  'hiya',
  'heya',
  'howdy',
  'yo+',
  'hola',
  'ciao',
  'olá',
  'bonjour',
  'hallo',
  'salut',
  'hej',
  'happy birthday',
  'happy anniversary',
  'congrats',
  'congratulations',
  'good morning',
  'good afternoon',
  'good evening',
  'good night',
]);
/** Things made for someone: "a gift for Ana", "a reference letter for Ana". */
const FOR_SOMEONE = alt([
  'gift',
  'present',
  'party',
  'card',
  'cake',
  'surprise',
  'letter',
  'reference',
  'recommendation',
  'note',
  'message',
  'poem',
  'toast',
  'speech',
  'invitation',
  'playlist',
  'reminder',
  'bouquet',
  'flowers',
  'invoice',
  'receipt',
  'quote',
  'booking',
  'reservation',
  'prescription',
  'appointment',
]);
/** A person's documents and records: "Ana's CV", "Ana’s phone number" (not "Ana's birthday": stories have those). */
const RECORDS = alt([
  'cv',
  'résumé',
  'resume',
  'cover letter',
  'passport',
  'home address',
  'address',
  'phone number',
  'email address',
  'e-mail address',
  'password',
  'payslip',
  'salary',
  'medical records',
  'medical history',
  'diagnosis',
  'prescription',
  'test results',
  'bank details',
  'account number',
  'date of birth',
  'performance review',
  'visa application',
  'lease',
]);

/**
 * Form labels that ask for a family or given name, in the Latin-script languages of the address
 * grammars: "Přijmení:", "Sukunimi:", "Efternavn:", "Vezetéknév:". Not cue words of the token model
 * (it never saw them in training): they make the name after them personal data (NAME_LABELS) and
 * open a name slot (SLOT_LABELS).
 */
const FAMILY_OR_GIVEN_NAME_LABELS: readonly string[] = [
  'příjmení',
  'křestní jméno',
  'priezvisko',
  'nazwisko',
  'imię',
  'vezetéknév',
  'családnév',
  'keresztnév',
  'utónév',
  'sukunimi',
  'etunimi',
  'perekonnanimi',
  'eesnimi',
  'efternavn',
  'etternavn',
  'fornavn',
  'efternamn',
  'förnamn',
  'sobrenome',
  'apelido',
  'nom de famille',
  'familienname',
  'achternaam',
  'voornaam',
  'prezime',
  'uzvārds',
  'pavardė',
  'soyadı',
  'soyad',
];
/**
 * Every form label whose answer is a person's name: those above, a bare "name" ("Jméno:", "Vārds:"),
 * Portuguese and Spanish ones, and labels in Cyrillic and Greek, down to the client, the patient, the
 * sender and the addressee ("Клиент:", "Από:").
 */
const NAME_LABELS = alt([
  ...FAMILY_OR_GIVEN_NAME_LABELS,
  'jméno',
  'meno',
  'nome próprio',
  'vārds',
  'vardas',
  'primeiro nome',
  'último nome',
  'nombre de pila',
  'фамилия',
  'имя',
  'отчество',
  'прізвище',
  "ім'я",
  'ім’я',
  'επώνυμο',
  'όνομα',
  'επίθετο',
  'ονοματεπώνυμο',
  'ф.и.о.',
  'фио',
  'клиент',
  'пациент',
  'πελάτης',
  'ασθενής',
  'от',
  'кому',
  'από',
  'προς',
]);
/** Labels of a name slot: those that ask for a family or given name, not a bare "name" ("jméno", "meno"). */
const SLOT_LABELS = alt([
  'first name',
  'given name',
  'last name',
  'family name',
  'maiden name',
  'surname',
  'apellido',
  'apellidos',
  'prénom',
  'cognome',
  'vorname',
  'nachname',
  ...FAMILY_OR_GIVEN_NAME_LABELS,
  // Russian, Ukrainian and Greek in the Latin spelling the token model reads them in (see romanise.ts)
  'familiya',
  'otchestvo',
  'prizvishche',
  'eponymo',
  'epitheto',
]);
/**
 * Who founded, leads or runs something: "founded by Szabó, Keller and Ortega", "led by Virtanen".
 * Not cue words of the token model either.
 */
const AGENTS = alt([
  'founded by',
  'co-founded by',
  'cofounded by',
  'established by',
  'set up by',
  'started by',
  'led by',
  'run by',
  'owned by',
  'managed by',
  'headed by',
  'chaired by',
  'coordinated by',
  'supervised by',
  'organised by',
  'organized by',
  'hosted by',
  'signed off by',
]);

/** Self-introductions in Cyrillic and Greek ("Меня зовут", "Με λένε"). Not cue words of the token model. */
const NATIVE_SELF = alt([
  'меня зовут',
  'моё имя',
  'мое имя',
  'мене звати',
  'με λένε',
  'ονομάζομαι',
  'το όνομά μου είναι',
  'с уважением',
  'з повагою',
  'με εκτίμηση',
]);

const SEP = String.raw`[\s,:;\-–—]*`;
/**
 * A cue may stand one capitalised word before the detected part of a name ("Dear Ana [Lima]");
 * case-sensitive inside the case-insensitive cues, or any word would do ("thanks to [Ana]").
 */
const SKIP = String.raw`(?:(?-i:\p{Lu})[\p{L}'’.\-]*\s+)?`;
/** Strong cues that end right before the name (the text up to the name, within its line). */
const BEFORE = new RegExp(
  '(?:' +
    String.raw`(?<![\p{L}])(?:${SELF}|${NATIVE_SELF})${SEP}` +
    String.raw`|(?:^|[\n.!?…]\s*|\(\s*)(?:${SALUTATIONS})(?:\s+(?:${TITLES}))?${SEP}` +
    String.raw`|(?<![\p{L}])(?:${GREETINGS})(?:\s+(?:${TITLES}))?[\s,]+` +
    String.raw`|(?<![\p{L}])(?:my|our|mine|me and my|me and our|your)\s+(?:(?:new|old|little|big|best|younger|older|dear|former|late|step|future|great)\s+)?(?:${RELATIONS})s?${SEP}` +
    String.raw`|(?<![\p{L}])(?:${FOREIGN_RELATIONS})${SEP}` +
    String.raw`|(?:^|[\n|;•\t(\[{]|,\s|\s)\s*["']?(?:${LABELS}|${NAME_LABELS})["']?\s*(?:[:=#?]|\s[-–—])\s*["']?(?:(?:${TITLES})\s+)?` +
    String.raw`|(?<![\p{L}])(?:${AGENTS})\s+(?:(?:${TITLES})\s+)?` +
    String.raw`|(?<![\p{L}])(?:${CONTACT_VERBS})\s+(?:(?:${TITLES})\s+)?` +
    String.raw`|(?<![\p{L}])(?:${ROLES})\s+` +
    String.raw`|(?<![\p{L}])(?:${MEETINGS})s?\s+(?:\p{L}+\s+)?with\s+(?:(?:${TITLES})\s+)?` +
    String.raw`|(?<![\p{L}])(?:${HANDING})\s+(?:[\p{L}'’\-]+\s+){0,3}(?:back\s+)?to\s+(?:(?:${TITLES})\s+)?` +
    String.raw`|<(?:${LABELS})>\s*` +
    String.raw`|(?<![\p{L}])(?:${FOR_SOMEONE})s?\s+(?:\p{L}+\s+)?for\s+(?:(?:${TITLES})\s+)?` +
    String.raw`|(?<![\p{L}])(?:${VALEDICTIONS})\s*[,!.]?\s*\n\s*(?:(?:-{1,2}|—|–)\s*)?` +
    String.raw`|(?:^|[\n.!?]\s*)(?:${VALEDICTIONS})\s*(?:,|-{1,2}|—|–)\s*` +
    String.raw`|(?:^|\n)\s*(?:-{1,2}|—|–)\s*` +
    `)${SKIP}$`,
  'iu',
);
/** The last run of letters of a phrase of a cue list, as regex source: "my\s+name\s+is" → "is", "mr\." → "mr", "e-mail" → "mail", "hel+o+" stays. */
function lastRun(phrase: string): string {
  const word = phrase.split('\\s+').at(-1)!.replace(/\\\.$/, '');
  return /[\p{L}+]+$/u.exec(word)?.[0] ?? '';
}

/**
 * Every word that can end a strong cue before a name: the last word of each phrase of BEFORE, of
 * the titles that may follow one, and "with", "to", "for". BEFORE is an unanchored search through
 * many alternatives; the text before most names ends in no such word, and then it need not run.
 */
const CUE_ENDING = new RegExp(
  `^(?:${[
    SELF,
    NATIVE_SELF,
    SALUTATIONS,
    GREETINGS,
    TITLES,
    FOREIGN_RELATIONS,
    LABELS,
    NAME_LABELS,
    AGENTS,
    CONTACT_VERBS,
    ROLES,
    VALEDICTIONS,
    alt(['with', 'to', 'for']),
  ]
    .flatMap((list) => list.split('|').map(lastRun))
    .filter((run) => run.length > 0)
    .join('|')}|(?:${RELATIONS.split('|').map(lastRun).join('|')})s?)$`,
  'iu',
);
const LETTER = /\p{L}/u;
const DASH = /[-–—]/;
/** A capital that may open the one word a cue may stand before (SKIP); halves of surrogate pairs may be one. */
const SKIP_START = /[\p{Lu}\ud800-\udfff]/u;
const SKIP_CHAR = /[\p{L}'’.\-\ud800-\udfff]/u;

/** Whether a strong cue could end at `end` of `before`: a dash, or letters ending a cue phrase, before the separators there. */
function cueCanEndAt(before: string, end: number): boolean {
  let i = end;
  for (; i > 0 && !LETTER.test(before[i - 1]!); i--) if (DASH.test(before[i - 1]!)) return true;
  let from = i;
  while (from > 0 && LETTER.test(before[from - 1]!)) from--;
  return from < i && CUE_ENDING.test(before.slice(from, i));
}

/**
 * A cheap necessary condition of BEFORE matching `before`: a cue can end at its end, or right
 * before the one capitalised word that may stand between cue and name ("Dear Ana [Lima]").
 */
function mayHaveCueBefore(before: string): boolean {
  if (cueCanEndAt(before, before.length)) return true;
  let end = before.length;
  while (end > 0 && /\s/u.test(before[end - 1]!)) end--;
  if (end === before.length) return false;
  for (let i = end - 1; i >= 0 && SKIP_CHAR.test(before[i]!); i--) {
    if (SKIP_START.test(before[i]!) && cueCanEndAt(before, i)) return true;
  }
  return false;
}

const WEAK_BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${WEAK_SELF})${SEP}${SKIP}$`, 'iu');

/** Strong cues right after the name: "Ana here", "Ana, my colleague", "Ana, can you…", "Ana's CV". */
const AFTER = new RegExp(
  '^(?:' +
    String.raw`\s+(?:here|speaking|hier|aquí|ici)(?![\p{L}])` +
    String.raw`|\s*[,(]\s*(?:my|our)\s+(?:\p{L}+\s+)?(?:${RELATIONS})(?![\p{L}])` +
    String.raw`|\s*[,:]\s*(?:can|could|would|will|did|do|are|have|please|pls|plz|thanks|thank you)\s+(?:you|u)(?![\p{L}])` +
    String.raw`|['’]s?\s+(?:new\s+|old\s+|latest\s+|current\s+)?(?:${RECORDS})(?![\p{L}])` +
    ')',
  'iu',
);
/** Weak cues after the name: "Ana gave me", "Ana and I" (also "the weather gave me…", "my cat and I"). */
const WEAK_AFTER = new RegExp(
  '^(?:' +
    String.raw`\s+(?!(?:of|in|on|at|for|with|from|to|by|about|like|than|as|into|over)\s)(?:\p{L}+\s+){0,3}(?:me|us|my|our)(?![\p{L}])` +
    String.raw`|\s+(?:and|&)\s+(?:i|me)(?![\p{L}])` +
    ')',
  'iu',
);

const TITLE_BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${TITLES})\s*$`, 'iu');

/** How far before and after a name cues are looked for (within the same line). */
const LOOK_BEHIND = 60;
const LOOK_AHEAD = 40;

/** A chat line's speaker: "Ana: are you joining?" or "<ana> yep" at the start of a line. */
const SPEAKER_BEFORE = /(?:^|\n)\s*(?:\[[^\]\n]{1,20}\]\s*)?<?$/;
const SPEAKER_AFTER = /^(?::|>)\s+\S/;
/** A cell of a table: a name opening a row or a cell, followed by a delimiter. */
const CELL_BEFORE = /(?:^|\n)\s*(?:\|\s*)?$|\|\s*$/;
const CELL_AFTER = /^\s*[|\t;]/;
/** A field of a comma-separated record: "Ana,Lima,ana@example.org". */
const FIELD_BEFORE = /(?:^|\n|,)$/;
const FIELD_AFTER = /^,\S/;

/** Salutations that are also given names stay possible name words. */
const ALSO_NAMES: ReadonlySet<string> = new Set(['cara', 'caro', 'pan']);

/** Single words that open a cue and so are never part of a name ("Dear", "Olá", "Mrs"). */
export const CUE_WORDS: ReadonlySet<string> = new Set(
  [TITLES, SALUTATIONS, VALEDICTIONS, LABELS, NAME_LABELS]
    .flatMap((list) => list.split('|'))
    .filter((w) => !w.includes('\\s') && (w.length > 3 || !LABELS.split('|').includes(w)))
    .map((w) => w.replace(/\\/g, '').replace(/\.$/, ''))
    .filter((w) => !ALSO_NAMES.has(w))
    // Cyrillic and Greek labels also in the Latin spelling the token model reads them in.
    .flatMap((w) => [w, romaniseName(w).toLowerCase()].filter((form) => form.length > 0)),
);

/** Words that end some cues but precede anything at all ("talk to", "name is", "pick up", "take care"). */
const TOO_COMMON: ReadonlySet<string> = new Set([
  'to',
  'with',
  'from',
  'by',
  'for',
  'is',
  'me',
  'of',
  'in',
  'on',
  'at',
  'and',
  'it',
  'this',
  'am',
  'here',
  'you',
  'de',
  'an',
  'von',
  'para',
  'à',
  'up',
  'off',
  'after',
  'back',
  'soon',
  'care',
  'night',
  'luck',
  'present',
  'card',
  'report',
  'date',
  'lead',
]);

/**
 * The last word of every cue phrase ("heiße" of "ich heiße", "remind", "dear", "reporter"): the
 * token model takes such a word right before a token as a hint, which carries the cue lists over
 * to phrasings its training text never had.
 */
export const CUE_CONTEXT_WORDS: ReadonlySet<string> = new Set(
  [SELF, WEAK_SELF, SALUTATIONS, VALEDICTIONS, RELATIONS, FOREIGN_RELATIONS, LABELS, CONTACT_VERBS, ROLES, TITLES]
    .flatMap((list) => list.split('|'))
    .map((phrase) => phrase.split('\\s+').at(-1)!.replace(/\\/g, '').replace(/\.$/, ''))
    .filter((word) => /^\p{L}/u.test(word) && !TOO_COMMON.has(word)),
);

/** Commas on the line of a name (a record has at least two). */
function commas(text: string, start: number, rest: string): number {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let count = 0;
  for (const line of [text.slice(lineStart, start), rest]) for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) === 44) count++;
  return count;
}

/** Personal-data cue around text[start, end): CUE_STRONG, CUE_WEAK or CUE_NONE. */
export function personalCue(text: string, start: number, end: number): number {
  const head = text.slice(Math.max(0, start - 24), start);
  const tail = text.slice(end, end + 3);
  if (SPEAKER_AFTER.test(tail) && SPEAKER_BEFORE.test(head)) return CUE_STRONG;
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  if (CELL_AFTER.test(rest) && CELL_BEFORE.test(head)) return CUE_STRONG;
  if (FIELD_AFTER.test(rest) && FIELD_BEFORE.test(head) && commas(text, start, rest) >= 2) return CUE_STRONG;
  let from = Math.max(0, start - LOOK_BEHIND);
  // Salutations and sign-offs may sit on the line above; everything else on the same line.
  const lineBreak = text.lastIndexOf('\n', start - 1);
  if (lineBreak >= from) {
    const previous = text.lastIndexOf('\n', lineBreak - 1);
    from = Math.max(from, previous + 1);
  }
  const before = text.slice(from, start);
  let to = Math.min(text.length, end + LOOK_AHEAD);
  const nextBreak = text.indexOf('\n', end);
  if (nextBreak >= 0 && nextBreak < to) to = nextBreak;
  const after = text.slice(end, to);
  if ((mayHaveCueBefore(before) && BEFORE.test(before)) || AFTER.test(after)) return CUE_STRONG;
  return WEAK_BEFORE.test(before) || WEAK_AFTER.test(after) ? CUE_WEAK : CUE_NONE;
}

/**
 * Where a form or a sentence asks for a name and the next word answers it: "Surname? Lindqvist",
 * "Last name - Tamm", "Nachname: Brunnhuber", "her surname is Kovač". A lone family name the model
 * doubts (it has no first name to lean on) is read as a name in this slot. A bare "Name:" is no such
 * slot: it labels products, prompts and configuration keys as often as people.
 */
const NAME_SLOT_BEFORE = new RegExp(
  String.raw`(?:(?<![\p{L}])(?:${SLOT_LABELS})\s*(?:[:=#?]|\s[-–—])` +
    String.raw`|(?<![\p{L}])(?:my|his|her|their|your)\s+(?:(?:last|family|maiden)\s+name|surname|name)\s+is` +
    // A booking kept under a name: "the table is booked under Rantanen", "maybe it's under Gerber".
    String.raw`|(?<![\p{L}])(?:booked|booking|reserved|reservation|table|order|it's|it’s|it is|listed|registered)\s+under)\s*$`,
  'iu',
);

/**
 * Where a sentence asks someone to contact or meet a person and names them: "did you call
 * Tomás?", "please email Dr. Haldorsen", "lunch with Ondřej". A capitalised rare word or known
 * name the model doubts is read as a name here too; everyday words ("call Support") are not.
 */
const CONTACT_SLOT_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(?:call|ask|tell|email|e-mail|text|message|ping|remind|thank|invite|cc|congratulate|reply to|write to|talk to|speak to|speak with|spoke to|spoke with|talked to|talked with|meeting with|met with|meet with|lunch with|dinner with|coffee with|chat with|forward it to|forward this to|send it to|send this to)\s+(?:(?:${TITLES})\s+)?$`,
  'iu',
);

/** Whether text[start…] follows a request to contact the person there (see CONTACT_SLOT_BEFORE). */
export function inContactSlot(text: string, start: number): boolean {
  return CONTACT_SLOT_BEFORE.test(text.slice(Math.max(0, start - 32), start));
}

/** Right after who founded or leads something: "led by Halonen", "founded by Dr. Mbeki". */
const AGENT_SLOT_BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${AGENTS})\s+(?:(?:${TITLES})\s+)?$`, 'iu');

/** Whether text[start…] names who founded, leads or runs something (see AGENTS). */
export function inAgentSlot(text: string, start: number): boolean {
  return AGENT_SLOT_BEFORE.test(text.slice(Math.max(0, start - 32), start));
}

/** A lower-case word and a comma before, the end of a sentence after: "Are you coming, Jan?", "Remember me, Mary?". */
const VOCATIVE_BEFORE = /[\p{Ll}\d]\s*,\s*$/u;
const VOCATIVE_AFTER = /^\s*(?:[?!.…](?:\s|$)|[?!.…]["”’)]|$)/u;

/** Whether text[start, end) is the person spoken to at the end of a sentence (see VOCATIVE_BEFORE). */
export function inVocativeSlot(text: string, start: number, end: number): boolean {
  return VOCATIVE_BEFORE.test(text.slice(Math.max(0, start - 12), start)) && VOCATIVE_AFTER.test(text.slice(end, end + 3));
}

/** Whether text[start…] stands in a name slot (see NAME_SLOT_BEFORE). */
export function inNameSlot(text: string, start: number): boolean {
  return NAME_SLOT_BEFORE.test(text.slice(Math.max(0, start - 32), start));
}

/** A title (Mr., Dr., Frau …) right before the name. */
export function hasTitleBefore(text: string, start: number): boolean {
  return TITLE_BEFORE.test(text.slice(Math.max(0, start - 12), start));
}
