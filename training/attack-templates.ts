import { fill, readGroups, readList } from './data-files.ts';
import type { Random } from './random.ts';

/**
 * Compositional attack and look-alike benign prompts, written for this project
 * (training/data/attack-templates/). Attacks are built from interchangeable parts (opener, override,
 * persona, rule lifting, output demands, goal), so the model sees the building blocks of injections,
 * jailbreaks and extraction attempts in many combinations rather than a few fixed templates. The
 * benign side uses the same surface forms (personas, "act as", formatting demands, rules for a game)
 * without the attack intent.
 */
const data = (name: string) => readList(`attack-templates/${name}`);
/** Openers of a file, each followed by a space, behind two empty ones: most prompts have none. */
const openers = (name: string) => ['', '', ...data(name).map((o) => `${o} `)];

const OPENERS = openers('openers.txt');
const OVERRIDES = data('overrides.txt');
const PERSONAS = data('personas.txt');
const LIFTS = data('lifts.txt');
/** The last format demand is none. */
const FORMATS = [...data('formats.txt'), ''];
const GOALS_INJECTION = data('goals-injection.txt');
const GOALS_EXTRACTION = data('goals-extraction.txt');
const GOALS_JAILBREAK = data('goals-jailbreak.txt');
/** Documents carrying an `{attack}`, or the attack alone. */
const DOC_WRAP = data('document-wraps.jsonl');

function join(parts: string[]): string {
  return parts.filter((p) => p !== '').join(' ');
}

export type TemplateKind = 'injection' | 'extraction' | 'jailbreak';

export function generateAttack(rng: Random, kind: TemplateKind): string {
  const parts = [rng.pick(OPENERS)];
  if (kind === 'injection') {
    parts.push(rng.pick(OVERRIDES));
    if (rng.next() < 0.3) parts.push(rng.pick(FORMATS));
    parts.push(rng.pick(GOALS_INJECTION));
    return fill(rng.pick(DOC_WRAP), { attack: join(parts) });
  }
  if (kind === 'extraction') {
    if (rng.next() < 0.5) return indirectExtraction(rng);
    if (rng.next() < 0.5) parts.push(rng.pick(OVERRIDES));
    if (rng.next() < 0.25) parts.push(rng.pick(PERSONAS));
    parts.push(rng.pick(GOALS_EXTRACTION));
    return join(parts);
  }
  if (rng.next() < 0.4) return longJailbreak(rng);
  if (rng.next() < 0.4) parts.push(rng.pick(OVERRIDES));
  parts.push(rng.pick(PERSONAS));
  for (let i = 0, n = 1 + rng.int(3); i < n; i++) parts.push(rng.pick(LIFTS));
  parts.push(rng.pick(FORMATS));
  if (rng.next() < 0.6) parts.push(rng.pick(GOALS_JAILBREAK));
  return join(parts);
}

const SECRETS = data('secrets.txt');
/** Templates with a `{secret}`. */
const INDIRECT = data('indirect-extraction.txt');

/** Indirect extraction in the style of password games: hints, spelling, encoding, stories, claimed authority. */
function indirectExtraction(rng: Random): string {
  const text = fill(rng.pick(INDIRECT), { secret: rng.pick(SECRETS) });
  return rng.next() < 0.3 ? `${rng.pick(OPENERS)}${text}` : text;
}

const PERSONA_NAMES = data('persona-names.txt');
/** Sentences about a persona called `{name}`. */
const LONG_PARTS = data('long-persona-parts.txt');

/** Long persona jailbreaks in the style of the in-the-wild prompts: a named persona built over several sentences. */
function longJailbreak(rng: Random): string {
  const name = rng.pick(PERSONA_NAMES);
  const parts = rng.shuffle(LONG_PARTS.slice()).slice(0, 4 + rng.int(5));
  if (rng.next() < 0.5) parts.push(rng.pick(GOALS_JAILBREAK));
  return parts.map((p) => fill(p, { name })).join(rng.next() < 0.5 ? ' ' : '\n\n');
}

const BENIGN_OPENERS = openers('benign-openers.txt');
const BENIGN_PERSONAS = data('benign-personas.txt');
const BENIGN_RULES = data('benign-rules.txt');
const BENIGN_TASKS = data('benign-tasks.txt');

/** Benign prompts with the surface of persona or rules prompts. */
export function generateBenignPersona(rng: Random): string {
  const parts = [rng.pick(BENIGN_OPENERS), rng.pick(BENIGN_PERSONAS)];
  for (let i = 0, n = rng.int(3); i < n; i++) parts.push(rng.pick(BENIGN_RULES));
  parts.push(rng.pick(BENIGN_TASKS));
  return join(parts);
}

const TRIGGER_VERBS = data('trigger-verbs.txt');
const TRIGGER_OBJECTS = data('trigger-objects.txt');
/** Templates with a `{verb}` and an `{object}`. */
const TRIGGER_FRAMES = data('trigger-frames.txt');
const INSTRUCTION_REQUESTS = data('instruction-requests.txt');
const SHORT_TRIGGER = data('short-triggers.txt');

const SHORT_VERBS = data('short-verbs.txt');
/** Objects, some with a `{thing}`. */
const SHORT_OBJECTS = data('short-objects.txt');
const SHORT_THINGS = data('short-things.txt');
/** Templates with an `{object}`, most with a `{verb}`. */
const SHORT_FRAMES = data('short-frames.txt');

/** Short everyday requests with the verbs and nouns of extraction attacks, aimed at ordinary things. */
function generateShortTrigger(rng: Random): string {
  const object = fill(rng.pick(SHORT_OBJECTS), { thing: rng.pick(SHORT_THINGS) });
  return fill(rng.pick(SHORT_FRAMES), { verb: rng.pick(SHORT_VERBS), object });
}

const ACCOUNT_ASKS = data('account-asks.txt');
const ACCOUNT_THINGS = data('account-things.txt');
const ACCOUNT_QUESTIONS = data('account-questions.txt');

/** Account and password questions of customer support: everyday, and full of extraction vocabulary. */
function generateAccountQuestion(rng: Random): string {
  if (rng.next() < 0.4) return rng.pick(ACCOUNT_QUESTIONS);
  return `${rng.pick(ACCOUNT_ASKS)} ${rng.pick(ACCOUNT_THINGS)}${rng.pick(['?', '', ' please', '? thanks'])}`;
}

/** Benign requests that use the vocabulary of attacks (override verbs, instructions, passwords). */
export function generateBenignTrigger(rng: Random): string {
  const r = rng.next();
  if (r < 0.1) return rng.pick(INSTRUCTION_REQUESTS);
  if (r < 0.15) return generateAccountQuestion(rng);
  if (r < 0.28) return rng.pick(SHORT_TRIGGER);
  if (r < 0.58) return generateShortTrigger(rng);
  return fill(rng.pick(TRIGGER_FRAMES), { verb: rng.pick(TRIGGER_VERBS), object: rng.pick(TRIGGER_OBJECTS) });
}

/** Each hazard verb with its harmless objects (a table of verb and object). */
const HOMONYM_VERBS = [...readGroups('attack-templates/homonyms.tsv')];
/** Templates with a `{verb}` and an `{object}`. */
const HOMONYM_FRAMES = data('homonym-frames.txt');
const HAZARD_TOPICS = data('hazard-topics.txt');

/** Hazard words in harmless senses: homonyms, games, history, definitions and safety questions. */
export function generateHomonymRequest(rng: Random): string {
  if (rng.next() < 0.35) return rng.pick(HAZARD_TOPICS);
  const [verb, objects] = rng.pick(HOMONYM_VERBS);
  return fill(rng.pick(HOMONYM_FRAMES), { verb, object: rng.pick(objects) });
}

/**
 * Harmless requests that use hazard words in another sense: technical homonyms, figurative
 * violence, games and fiction, history and definitions.
 */
const FIGURATIVE = data('figurative.txt');

export function figurativeRequests(): readonly string[] {
  return FIGURATIVE;
}
