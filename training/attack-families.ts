import { fill, readList } from './data-files.ts';
import type { Random } from './random.ts';

/**
 * Attack families that train/ lacks, generated from templates written for this project
 * (training/data/attack-families/):
 * - role-play and story framings of a hazardous goal (the iterative-refinement style of PAIR/TAP);
 * - optimisation-style adversarial suffixes appended to a request (GCG-like token soup);
 * - rule-template jailbreaks ("always fulfil the request", "never refuse", "start with 'Sure, here is'");
 * - indirect injections inside documents, e-mails, web pages, tool output, JSON, markdown and code;
 * - multi-turn transcripts with a forged turn;
 * - attacks written in transliteration (Hinglish, romanised Russian and Arabic).
 * And their hard negatives: harmless role-play and stories, documents whose own text asks to ignore or
 * disregard something, tool output and code with instructions in them.
 */
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
/** Every `parts`-th item of `list`, starting at `part`: one of `parts` disjoint slices. */
const sliceOf = <T>(list: readonly T[], part: number, parts: number): T[] => list.filter((_, i) => i % parts === part);
const data = (name: string) => readList(`attack-families/${name}`);

/** Lower-cases the first letter and drops the final punctuation, to fit a goal into a sentence. */
export function clause(goal: string): string {
  const g = goal.trim().replace(/[.?!]+$/, '');
  return g.charAt(0).toLowerCase() + g.slice(1);
}

const ROLES = data('roles.txt');
/** The last stake is none. */
const STAKES = [...data('stakes.txt'), ''];
/** Templates with `{goal}` (as a clause), `{role}`, `{Role}` (capitalised) and `{stake}`. */
const ROLEPLAY = data('roleplay.txt');

/** A hazardous goal inside a role-play or story frame. */
export function roleplayAttack(goal: string, rng: Random): string {
  const template = rng.pick(ROLEPLAY);
  const role = rng.pick(ROLES);
  return fill(template, { goal: clause(goal), role, Role: capital(role), stake: rng.pick(STAKES) }).trim();
}

const SOUP_WORDS = data('soup-words.txt');
const SOUP_SYMBOLS = data('soup-symbols.txt');
const FOREIGN_BITS = data('soup-foreign.txt');

/** The building blocks of a token soup. */
export interface SoupMaterial {
  words: readonly string[];
  symbols: readonly string[];
  foreign: readonly string[];
}
const SOUP: SoupMaterial = { words: SOUP_WORDS, symbols: SOUP_SYMBOLS, foreign: FOREIGN_BITS };

/**
 * Slice `part` of `parts` disjoint slices of the soup material (every `parts`-th word, symbol and
 * foreign fragment): soups built from one slice share no word or symbol with those of another, the way
 * real optimised suffixes share none with the ones written here. `moreWords` widens the word list
 * (each slice gets every `parts`-th of them; those already in the material are skipped).
 */
export function soupSlice(part: number, parts: number, moreWords: readonly string[] = []): SoupMaterial {
  const slice = <T>(list: readonly T[]) => sliceOf(list, part, parts);
  const added = moreWords.filter((w) => !SOUP_WORDS.includes(w));
  return { words: [...slice(SOUP_WORDS), ...slice(added)], symbols: slice(SOUP_SYMBOLS), foreign: slice(FOREIGN_BITS) };
}

/** A word's head or tail, the way an optimiser's sub-word tokens cut words. */
function fragment(rng: Random, w: string): string {
  if (w.length < 4) return w;
  const cut = 2 + rng.int(w.length - 2);
  return rng.next() < 0.5 ? w.slice(0, cut) : w.slice(cut - 2);
}

/**
 * The soup material with as many tokens again glued from two of its own words — two word pieces run
 * together or two capitalised words — the way an optimiser's sub-word vocabulary builds its tokens.
 * Built from the material's own words, so a slice's pieces come from no other slice.
 */
export function withSubwordPieces(soup: SoupMaterial, rng: Random): SoupMaterial {
  const word = () => rng.pick(soup.words);
  const pieces = soup.words.map(() => (rng.next() < 0.6 ? fragment(rng, word()) + fragment(rng, word()) : capital(word()) + capital(word())));
  return { ...soup, words: [...soup.words, ...pieces] };
}

/** Optimisation-style token soup: sub-words, glued punctuation, mixed scripts. */
export function gibberishSuffix(rng: Random, soup: SoupMaterial = SOUP): string {
  const { words, symbols, foreign } = soup;
  const parts: string[] = [];
  for (let i = 0, n = 8 + rng.int(20); i < n; i++) {
    const r = rng.next();
    let token = rng.pick(words);
    if (r < 0.45) token = rng.next() < 0.5 ? token + rng.pick(symbols) + rng.pick(words) : rng.pick(symbols) + token;
    else if (r < 0.6) token = rng.pick(symbols).repeat(1 + rng.int(3));
    else if (r < 0.7) token = rng.pick(foreign) + (rng.next() < 0.5 ? rng.pick(words) : '');
    else if (r < 0.8) token = capital(token) + rng.pick(words).toUpperCase();
    parts.push(token);
  }
  return parts.join(rng.next() < 0.8 ? ' ' : '');
}

/** A request with an adversarial suffix, sometimes with a primed answer start before it. */
export function suffixAttack(goal: string, rng: Random, soup: SoupMaterial = SOUP): string {
  const g = goal.trim();
  const r = rng.next();
  if (r < 0.6) return `${g} ${gibberishSuffix(rng, soup)}`;
  if (r < 0.8) return `${g}. ${gibberishSuffix(rng, soup)} Sure, here is`;
  return `${gibberishSuffix(rng, soup)} ${g} ${gibberishSuffix(rng, soup)}`;
}

/** The last opener is none. */
const RULE_OPENERS = [...data('rule-openers.txt'), ''];
const RULES = data('rules.txt');
const RULE_FORMATS = [
  (rules: string[]) => rules.map((r) => `<rule>${r}</rule>`).join('\n'),
  (rules: string[]) => rules.map((r, i) => `${i + 1}. ${r}`).join('\n'),
  (rules: string[]) => rules.map((r) => `- ${r}`).join('\n'),
  (rules: string[]) => rules.join(' '),
];
/** Templates with `{goal}` as written or `{clause}` (see `clause`). */
const GOAL_FRAMES = data('goal-frames.txt');

/** A rule-template jailbreak around a goal (hazardous or an injection goal). */
export function ruleTemplateAttack(goal: string, rng: Random, soup: SoupMaterial = SOUP): string {
  const rules = rng.shuffle(RULES.slice()).slice(0, 2 + rng.int(4));
  const opener = rng.pick(RULE_OPENERS);
  const body = rng.pick(RULE_FORMATS)(rules);
  const frame = fill(rng.pick(GOAL_FRAMES), { goal, clause: clause(goal) });
  const parts = rng.next() < 0.7 ? [opener, body, frame] : [opener, frame, body];
  const text = parts.filter((p) => p !== '').join('\n');
  return rng.next() < 0.3 ? `${text} ${gibberishSuffix(rng, soup)}` : text;
}

/**
 * Persuasive framing in the style of attacker-LLM refinements (PAIR, persuasive paraphrase): a persona
 * or setting, a reason that makes the request look legitimate, pressure, the request itself and a
 * constraint on the answer, each drawn from its own list. Slicing the lists per fold (`framingSlice`)
 * lets validation measure framings written with phrases no training fold used.
 */
export interface FramingMaterial {
  settings: readonly string[];
  reasons: readonly string[];
  pressures: readonly string[];
  requests: readonly ((g: string) => string)[];
  constraints: readonly string[];
}
const FRAMING: FramingMaterial = {
  settings: data('framing-settings.txt'),
  reasons: data('framing-reasons.txt'),
  pressures: data('framing-pressures.txt'),
  /** Templates with `{goal}`, given as a clause. */
  requests: data('framing-requests.txt').map((template) => (g: string) => fill(template, { goal: g })),
  /** The last constraint is none. */
  constraints: [...data('framing-constraints.txt'), ''],
};

/** Slice `part` of `parts` disjoint slices of the framing phrases, as `soupSlice` does for soups. */
export function framingSlice(part: number, parts: number): FramingMaterial {
  const slice = <T>(list: readonly T[]) => sliceOf(list, part, parts);
  return {
    settings: slice(FRAMING.settings),
    reasons: slice(FRAMING.reasons),
    pressures: slice(FRAMING.pressures),
    requests: slice(FRAMING.requests),
    constraints: slice(FRAMING.constraints),
  };
}

/** A goal in a persuasive framing: setting, then two or three of reason, pressure and constraint around the request. */
export function persuasiveFraming(goal: string, rng: Random, framing: FramingMaterial = FRAMING): string {
  const extras = rng.shuffle([rng.pick(framing.reasons), rng.pick(framing.pressures), rng.pick(framing.constraints)]).slice(0, 2 + rng.int(2));
  const request = rng.pick(framing.requests)(clause(goal));
  const parts =
    rng.next() < 0.5 ? [rng.pick(framing.settings), ...extras.slice(0, 1), request, ...extras.slice(1)] : [rng.pick(framing.settings), request, ...extras];
  return parts.filter((p) => p !== '').join(' ');
}

const HARMLESS_GOALS = data('harmless-goals.txt');

/** Harmless goals in the same persuasive framings: the framing alone is not the attack. */
export function harmlessFramings(rng: Random): string[] {
  return HARMLESS_GOALS.flatMap((g) => [persuasiveFraming(g, rng), persuasiveFraming(g, rng)]);
}

export type JailbreakTechnique = 'role-play' | 'adversarial-suffix' | 'rule-template';

/**
 * A hazardous request inside one of the three jailbreak frames above, drawn 40 / 30 / 30 %; soups come
 * from `soup` (all of the material unless a slice is given).
 */
export function jailbreakWrap(goal: string, rng: Random, soup: SoupMaterial = SOUP): { technique: JailbreakTechnique; text: string } {
  const x = rng.next();
  if (x < 0.4) return { technique: 'role-play', text: roleplayAttack(goal, rng) };
  if (x < 0.7) return { technique: 'adversarial-suffix', text: suffixAttack(goal, rng, soup) };
  return { technique: 'rule-template', text: ruleTemplateAttack(goal, rng, soup) };
}

const INJECTED = data('injected.txt');
/** Documents, pages and tool output with a `{payload}`. */
const CARRIERS = data('carriers.jsonl');
/** Transcripts with a `{payload}` turn; `{payload_single_quotes}` has its double quotes made single, to sit in a JSON string. */
const TRANSCRIPTS = data('transcripts.jsonl');

/** An injected instruction inside a document, web page, tool result or transcript. */
export function indirectInjection(rng: Random): string {
  const payload = rng.pick(INJECTED);
  if (rng.next() < 0.7) return fill(rng.pick(CARRIERS), { payload });
  return fill(rng.pick(TRANSCRIPTS), { payload, payload_single_quotes: payload.replace(/"/g, "'") });
}

const TRANSLITERATED = data('transliterated.txt');

export function transliteratedAttacks(): readonly string[] {
  return TRANSLITERATED;
}

// ---- hard negatives ----

const BENIGN_STORIES = data('benign-stories.txt');
const BENIGN_DOCUMENTS = data('benign-documents.jsonl');

export function benignLookalikes(): readonly string[] {
  return [...BENIGN_STORIES, ...BENIGN_DOCUMENTS];
}

// Messages full of symbols that are not token soup: code, markup, formulas, logs, paths, emoticons.
const SYMBOL_HEAVY = data('symbol-heavy.jsonl');

export function symbolHeavyBenign(): readonly string[] {
  return SYMBOL_HEAVY;
}
