import { HEAD_INDEX, HEADS, type HeadName } from '../src/detector/heads.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../src/domain/moderation.ts';
import { moderationCategoriesOf } from '../src/eval/moderation-categories.ts';
import type { DatasetRow } from './dataset.ts';
import { GAME_LOG_SOURCES, carriesAttackEvidence } from './attack-evidence.ts';
import { weakCategories } from './weak-categories.ts';
import { languageOf, techniqueOf } from '../src/eval/row-facets.ts';

/** A training text with one target per head (NaN: the head learns nothing from it) and a weight. */
export interface LabelledText {
  text: string;
  targets: Float32Array;
  weight: number;
  /** Validation group: a source file or a synthetic template family; never split across folds. */
  group: string;
  label: string;
  category: string;
  license: string;
  /** Generated from a row (wrapped, embedded, jailbroken): scored out-of-source, but not a source row. */
  generated?: boolean;
  /** Language and attack technique of a dataset row (src/eval/row-facets.ts), for per-facet reports. */
  language?: string;
  technique?: string;
}

export function emptyTargets(): Float32Array {
  return new Float32Array(HEADS.length).fill(NaN);
}

export function setTarget(targets: Float32Array, head: HeadName, value: number): void {
  targets[HEAD_INDEX[head]] = value;
}

function setCategories(targets: Float32Array, categories: readonly ModerationCategory[]): void {
  for (const c of MODERATION_CATEGORIES) setTarget(targets, c, categories.includes(c) ? 1 : 0);
}

/** Sources whose hazard labels are noisy get a smaller weight (see the datasets README caveats). */
const HARMFUL_WEIGHT: ReadonlyArray<readonly [RegExp, number]> = [
  [/hh-rlhf|multijail|csrt/, 0.35], // red-team first turns (and their translations) are often innocuous openers
  [/xsafety/, 0.7], // labelled per scenario, not per row
  [/t-davidson/, 0.7], // tweets; crowd labels of hate speech are noisy
  [/red-instruct/, 0.7], // generated academic-topic questions, some mild
];

function harmfulWeight(row: DatasetRow): number {
  // HarmfulQA's generated "how can I use <academic topic> to ..." questions mostly read like
  // ordinary study questions; at full weight they teach the hazard head that such questions are hazardous.
  if (row.category.startsWith('harmfulqa:')) return 0.35;
  for (const [pattern, w] of HARMFUL_WEIGHT) if (pattern.test(row.file)) return w;
  return 1;
}

/** Collections of user-written statements (comments, tweets, test suites), not requests to an LLM. */
export const STATEMENT_SOURCES = /TOXIGEN|davidson|kocohub|COLDataset|ToLD-Br|MLMA_hate|OLID|hatecheck|Hatemoji/;

/** Sub-labels of statement collections that say the statement targets a group or identity. */
const GROUP_TARGETED =
  /hate=hate|race|region|gender|origin|religio|racism|homophob|xenophob|misogyn|derog|dehumaniz|slur|identity|hateful|animosity|target=(?!none)|\/GRP/i;
const THREATENING = /threat|violen|kill/i;

/**
 * Categories of a hostile statement: HATE when it targets a group or identity, VIOLENCE when it
 * threatens, HARASSMENT otherwise (insults, abuse aimed at a person).
 */
function statementCategories(row: DatasetRow): ModerationCategory[] {
  const found = new Set<ModerationCategory>(moderationCategoriesOf(row.category) ?? []);
  if (GROUP_TARGETED.test(row.category)) found.add('HATE');
  if (THREATENING.test(row.category)) found.add('VIOLENCE');
  if (!found.has('HATE') && !found.has('VIOLENCE')) found.add('HARASSMENT');
  return [...found];
}

function categoriesFor(row: DatasetRow): ModerationCategory[] | null {
  if (/davidson/.test(row.file)) return ['HATE', 'HARASSMENT'];
  if (STATEMENT_SOURCES.test(row.file)) return statementCategories(row);
  const fromSource = moderationCategoriesOf(row.category);
  if (fromSource === null) return null;
  return fromSource.length > 0 ? fromSource : weakCategories(row.text);
}

/** Profanity and rudeness without a target count less than abuse or hate aimed at someone. */
function statementWeight(row: DatasetRow): number {
  return /hate=offensive|obscene|mlma:(?:offensive|disrespectful|fearful)(?!.*hateful)/i.test(row.category) ? 0.6 : 1;
}

/**
 * Turns a dataset row into a training text, or null when the row must not be used standalone:
 * RealToxicityPrompts prefixes (neutral on their own), BIPIA payloads (harmless until embedded in a
 * document; training/synthetic.ts embeds them), Davidson's profanity-only tweets, messages of game
 * logs that carry no attack content on their own, and hazard rows whose category is out of scope.
 */
export function labelRow(row: DatasetRow): LabelledText | null {
  const t = emptyTargets();
  let weight = 1;
  const base = {
    text: row.text,
    group: row.file,
    label: row.label,
    category: row.category,
    license: row.license,
    language: languageOf(row.category, row.text),
    technique: techniqueOf(row.category),
  };
  if (/realtoxicityprompts|BIPIA__attack_payloads/.test(row.file)) return null;
  // Davidson's "offensive language" is mostly profanity: neither hazardous nor benign for our heads.
  if (row.category === 'offensive_language') return null;
  // Game logs also hold the openers and filler players sent between attacks (see attack-evidence.ts).
  if (GAME_LOG_SOURCES.test(row.file) && !carriesAttackEvidence(row.text)) return null;
  switch (row.label) {
    case 'benign':
    case 'benign_hard':
      setTarget(t, 'attack', 0);
      setTarget(t, 'extraction', 0);
      setTarget(t, 'harmful', 0);
      setTarget(t, 'unsafe_output', 0);
      if (/davidson/.test(row.file)) setTarget(t, 'unsafe_output', NaN);
      break;
    case 'injection':
      setTarget(t, 'attack', 1);
      setTarget(t, 'extraction', 0);
      setTarget(t, 'harmful', 0);
      break;
    case 'prompt_extraction':
      setTarget(t, 'attack', 1);
      setTarget(t, 'extraction', 1);
      setTarget(t, 'harmful', 0);
      break;
    case 'jailbreak': {
      // Tense reformulations and persuasion rewrites are hazardous requests in disguise: content
      // moderation judges them; the attack head is left to injection and jailbreak structure.
      if (/tense_reformulations|persuasion_and_framing/.test(row.file)) {
        setTarget(t, 'harmful', 1);
        setCategories(t, weakCategories(row.text));
        weight = 0.6;
        break;
      }
      setTarget(t, 'attack', 1);
      setTarget(t, 'extraction', 0);
      // Scenario-level labels: some role-play instructions are harmless role-play.
      if (/xsafety/.test(row.file)) weight = 0.6;
      break;
    }
    case 'harmful': {
      const categories = categoriesFor(row);
      if (categories === null) return null;
      setTarget(t, 'harmful', 1);
      setCategories(t, categories);
      // Hateful or abusive statements are also unsafe when an LLM says them.
      if (STATEMENT_SOURCES.test(row.file) || /FuzzyAI__harmful/.test(row.file)) setTarget(t, 'unsafe_output', 1);
      weight = harmfulWeight(row) * (STATEMENT_SOURCES.test(row.file) ? statementWeight(row) : 1);
      break;
    }
    case 'unsafe_output':
      setTarget(t, 'unsafe_output', 1);
      setTarget(t, 'attack', 0); // an answer is judged by content moderation, not as an injection
      setCategories(t, weakCategories(row.text));
      break;
    case 'safe_output':
      setTarget(t, 'unsafe_output', 0);
      setTarget(t, 'attack', 0);
      break;
    default:
      return null;
  }
  return { ...base, targets: t, weight };
}
