/**
 * Sentence frames for the PERSON training corpus, built by combining openers, verbs and tails:
 * the same frame is filled once with a name and once with a place, brand, product or capitalised
 * word, so the model has to judge the word itself and not only the words around it. Deterministic
 * (a fixed-seed generator picks the combinations).
 */

const OPENERS = ['', 'Please ', 'Can you ', 'Could you ', 'I need to ', 'Don’t forget to ', 'We should ', 'I forgot to ', 'pls ', 'Should I ', 'I want to ', 'Time to ', 'Let’s ', 'ok ', 'Then ', 'Remember to ', 'Why did you ', 'I’ll '];
const PERSON_OBJECT_VERBS = [
  'remind', 'tell', 'ask', 'invite', 'thank', 'call', 'email', 'meet', 'help', 'pay', 'congratulate', 'introduce', 'hire',
  'interview', 'warn', 'text', 'ping', 'notify', 'brief', 'message', 'greet', 'pick up', 'drive', 'cover for', 'wait for',
  'look after', 'talk to', 'write to', 'reply to', 'listen to', 'check on', 'hear from', 'follow up with', 'catch up with',
  'work with', 'sit next to', 'apologise to', 'forgive', 'trust', 'thank', 'promote', 'mentor', 'visit', 'hug', 'cc',
];
const THING_OBJECT_VERBS = ['visit', 'call', 'email', 'update', 'ask', 'pay', 'install', 'restart', 'open', 'buy', 'try', 'check', 'compare', 'book', 'contact', 'review', 'cancel', 'fix', 'leave', 'fly to', 'drive to', 'write to', 'reply to', 'talk to', 'look at'];
const OBJECT_TAILS = ['.', ' tomorrow.', ' about the {NOUN}.', ' before {WEEKDAY}.', ' after lunch', '?', ' when you can.', ' at {TIME}.', ' again', '!', ' and {VERB} the {NOUN}.', ' first', ', then {VERB} it.', ' asap', ' on {WEEKDAY}?', ' this morning'];
const SUBJECT_VERBS = [
  'said', 'says', 'thinks', 'wants', 'needs', 'called', 'wrote', 'asked', 'sent', 'left', 'arrived', 'agreed', 'replied',
  'mentioned', 'forgot', 'is', 'was', 'will', 'can', 'has', 'just', 'already', 'never', 'really', 'still', 'keeps', 'loves',
  'hates', 'got', 'made', 'bought', 'fixed', 'broke', 'found', 'lost', 'told me', 'might', 'should', 'did', 'also', 'finally',
];
const SUBJECT_TAILS = [' the {NOUN}.', ' it was {ADJ}.', ' yesterday.', ' in {CITY}.', ' on {WEEKDAY}.', ' something about {TECH}.', ' late again', '...', ' that too!', ' so.', ' {ADJ}.', ' it.', '?'];
const PREPOSITION_FRAMES = [
  'I had lunch with {X} on {WEEKDAY}.', 'This gift is for {X}.', 'Got a letter from {X} today.', 'Give the keys to {X}.',
  'It was written by {X}.', 'We talked about {X} for hours.', 'Nobody is like {X}.', 'Better than {X}, honestly.',
  'Between {X} and me, it was fine.', 'Without {X} we would be lost.', 'Say hi to {X}!', 'Thanks to {X} it worked.',
  'Who is {X}?', 'Where is {X}?', 'What about {X}?', 'And {X}?', 'Is {X} coming?', '{X}!', '{X}?', 'Not {X} again.',
  'According to {X}, the {NOUN} is {ADJ}.', 'Next up: {X}.', '{X} — {ADJ}.', 'Love {X}.', 'Even {X} knows that.',
];
const NON_PERSON = ['{CITY}', '{COUNTRY}', '{BRAND}', '{PRODUCT}', '{TECH}', '{COMPANY}', '{CAPWORD}', '{HOLIDAY}', '{ASSISTANT}', '{STREETNAME}', '{MONTH}', '{WEEKDAY}', '{STATE}'];
const PERSON = ['{FIRST}', '{FIRST}', '{FULL}', '{FULL}', '{LAST}', '{TITLE} {LAST}', '{FIRST} {LAST}'];

function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function capitaliseFirst(text: string): string {
  const k = text.search(/[a-z]/);
  return k === 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** `count` distinct frames of each kind, filled with `fillers`. */
function frames(count: number, seed: number, fillers: readonly string[], objectVerbs: readonly string[]): string[] {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const out = new Set<string>();
  for (let guard = 0; out.size < count && guard < count * 20; guard++) {
    const x = pick(fillers);
    const kind = random();
    if (kind < 0.4) out.add(capitaliseFirst(`${pick(OPENERS)}${pick(objectVerbs)} ${x}${pick(OBJECT_TAILS)}`));
    else if (kind < 0.75) out.add(`${x} ${pick(SUBJECT_VERBS)}${pick(SUBJECT_TAILS)}`);
    else out.add(pick(PREPOSITION_FRAMES).replace('{X}', x));
  }
  return [...out];
}

export const FRAMES_WITH_NAMES = frames(250, 11, PERSON, PERSON_OBJECT_VERBS);
export const FRAMES_WITHOUT_NAMES = frames(200, 12, NON_PERSON, THING_OBJECT_VERBS);
