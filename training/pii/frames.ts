/**
 * Sentence frames for the PERSON training corpus, built by combining openers, verbs and tails:
 * the same frame is filled once with a name and once with a place, brand, product or capitalised
 * word, so the model has to judge the word itself and not only the words around it. Deterministic
 * (a fixed-seed generator picks the combinations).
 */

import { Random } from '../random.ts';

const OPENERS = [
  '',
  'Please ',
  'Can you ',
  'Could you ',
  'I need to ',
  'Don’t forget to ',
  'We should ',
  'I forgot to ',
  'pls ',
  'Should I ',
  'I want to ',
  'Time to ',
  'Let’s ',
  'ok ',
  'Then ',
  'Remember to ',
  'Why did you ',
  'I’ll ',
];
const PERSON_OBJECT_VERBS = [
  'remind',
  'tell',
  'ask',
  'invite',
  'thank',
  'call',
  'email',
  'meet',
  'help',
  'pay',
  'congratulate',
  'introduce',
  'hire',
  'interview',
  'warn',
  'text',
  'ping',
  'notify',
  'brief',
  'message',
  'greet',
  'pick up',
  'drive',
  'cover for',
  'wait for',
  'look after',
  'talk to',
  'write to',
  'reply to',
  'listen to',
  'check on',
  'hear from',
  'follow up with',
  'catch up with',
  'work with',
  'sit next to',
  'apologise to',
  'forgive',
  'trust',
  'thank',
  'promote',
  'mentor',
  'visit',
  'hug',
  'cc',
];
const THING_OBJECT_VERBS = [
  'visit',
  'call',
  'email',
  'update',
  'ask',
  'pay',
  'install',
  'restart',
  'open',
  'buy',
  'try',
  'check',
  'compare',
  'book',
  'contact',
  'review',
  'cancel',
  'fix',
  'leave',
  'fly to',
  'drive to',
  'write to',
  'reply to',
  'talk to',
  'look at',
];
const OBJECT_TAILS = [
  '.',
  ' tomorrow.',
  ' about the {NOUN}.',
  ' before {WEEKDAY}.',
  ' after lunch',
  '?',
  ' when you can.',
  ' at {TIME}.',
  ' again',
  '!',
  ' and {VERB} the {NOUN}.',
  ' first',
  ', then {VERB} it.',
  ' asap',
  ' on {WEEKDAY}?',
  ' this morning',
];
const SUBJECT_VERBS = [
  'said',
  'says',
  'thinks',
  'wants',
  'needs',
  'called',
  'wrote',
  'asked',
  'sent',
  'left',
  'arrived',
  'agreed',
  'replied',
  'mentioned',
  'forgot',
  'is',
  'was',
  'will',
  'can',
  'has',
  'just',
  'already',
  'never',
  'really',
  'still',
  'keeps',
  'loves',
  'hates',
  'got',
  'made',
  'bought',
  'fixed',
  'broke',
  'found',
  'lost',
  'told me',
  'might',
  'should',
  'did',
  'also',
  'finally',
];
const SUBJECT_TAILS = [
  ' the {NOUN}.',
  ' it was {ADJ}.',
  ' yesterday.',
  ' in {CITY}.',
  ' on {WEEKDAY}.',
  ' something about {TECH}.',
  ' late again',
  '...',
  ' that too!',
  ' so.',
  ' {ADJ}.',
  ' it.',
  '?',
];
/** Frames whose name is personal data (the writer deals with the person) and frames that merely mention one. */
const PERSONAL_FRAMES = [
  'I had lunch with {X} on {WEEKDAY}.',
  'This gift is for {X}.',
  'Got a letter from {X} today.',
  'Give the keys to {X}.',
  'Between {X} and me, it was fine.',
  'Say hi to {X}!',
];
const MENTION_FRAMES = [
  'It was written by {X}.',
  'We talked about {X} for hours.',
  'Nobody is like {X}.',
  'Better than {X}, honestly.',
  'Without {X} we would be lost.',
  'Thanks to {X} it worked.',
  'Who is {X}?',
  'Where is {X}?',
  'What about {X}?',
  'And {X}?',
  'Is {X} coming?',
  '{X}!',
  '{X}?',
  'Not {X} again.',
  'According to {X}, the {NOUN} is {ADJ}.',
  'Next up: {X}.',
  '{X} — {ADJ}.',
  'Love {X}.',
  'Even {X} knows that.',
];
const NON_PERSON = [
  '{CITY}',
  '{COUNTRY}',
  '{BRAND}',
  '{PRODUCT}',
  '{TECH}',
  '{COMPANY}',
  '{CAPWORD}',
  '{HOLIDAY}',
  '{ASSISTANT}',
  '{STREETNAME}',
  '{MONTH}',
  '{WEEKDAY}',
  '{STATE}',
];
const PERSON = ['{FIRST}', '{FIRST}', '{FULL}', '{FULL}', '{LAST}', '{TITLE} {LAST}', '{FIRST} {LAST}'];

function capitaliseFirst(text: string): string {
  const k = text.search(/[a-z]/);
  return k === 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Marks the name slots of a filler as mentions ("{FIRST}" → "{FIRST:mention}"). */
function mention(filler: string): string {
  return filler.replace(/\{(FIRST|LAST|FULL)\}/g, '{$1:mention}');
}

/**
 * `count` distinct frames of each kind, filled with `fillers`. Asking to act on a person makes the
 * name personal data, and so does the person acting on the writer ("… told me"); a person as the
 * subject of a remark is a mention.
 */
function frames(count: number, seed: number, fillers: readonly string[], objectVerbs: readonly string[]): string[] {
  const rng = new Random(seed);
  const prepositionFrames = [...PERSONAL_FRAMES, ...MENTION_FRAMES];
  const out = new Set<string>();
  for (let guard = 0; out.size < count && guard < count * 20; guard++) {
    const x = rng.pick(fillers);
    const kind = rng.next();
    if (kind < 0.4) out.add(capitaliseFirst(`${rng.pick(OPENERS)}${rng.pick(objectVerbs)} ${x}${rng.pick(OBJECT_TAILS)}`));
    else if (kind < 0.75) {
      const verb = rng.pick(SUBJECT_VERBS);
      out.add(`${verb.endsWith(' me') ? x : mention(x)} ${verb}${rng.pick(SUBJECT_TAILS)}`);
    } else {
      const frame = rng.pick(prepositionFrames);
      out.add(frame.replace('{X}', PERSONAL_FRAMES.includes(frame) ? x : mention(x)));
    }
  }
  return [...out];
}

/** Word slots whose values change at every fill: random surroundings for a word. */
const NOISE = ['{NOUN}', '{VERB}', '{ADJ}', '{NOUN}', '{CAPWORD}', '{FOREIGN}', '{NUM}'];
const NOISE_JOINERS = [' ', ' ', ' ', ', ', '. ', ' - ', ': ', '\n'];

/**
 * `count` frames of random words around one filler: no context word predicts whether the filler is
 * a name, so the model has to look at the word itself. Names in them are mentions.
 */
function noiseFrames(count: number, seed: number, fillers: readonly string[]): string[] {
  const rng = new Random(seed);
  const out = new Set<string>();
  for (let guard = 0; out.size < count && guard < count * 20; guard++) {
    const before = rng.int(4);
    const after = rng.int(4);
    const parts = [
      ...Array.from({ length: before }, () => rng.pick(NOISE)),
      mention(rng.pick(fillers)),
      ...Array.from({ length: after }, () => rng.pick(NOISE)),
    ];
    out.add(parts.reduce((text, part) => (text ? text + rng.pick(NOISE_JOINERS) + part : part), ''));
  }
  return [...out];
}

export const FRAMES_WITH_NAMES = [...frames(250, 11, PERSON, PERSON_OBJECT_VERBS), ...noiseFrames(120, 13, PERSON)];
export const FRAMES_WITHOUT_NAMES = [...frames(200, 12, NON_PERSON, THING_OBJECT_VERBS), ...noiseFrames(120, 14, NON_PERSON)];
