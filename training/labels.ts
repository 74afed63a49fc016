import { HEAD_INDEX, HEADS, MODERATION_CATEGORIES, type HeadName, type ModerationCategory } from '../src/models/heads.ts';
import { moderationCategoriesOf } from '../src/eval/moderation-categories.ts';
import type { DatasetRow } from './dataset.ts';
import { GAME_LOG_SOURCES, carriesAttackEvidence } from './attack-evidence.ts';
import { weakCategories } from './weak-categories.ts';

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
  [/hh-rlhf/, 0.35], // first turns are often innocuous openers
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

function categoriesFor(row: DatasetRow): ModerationCategory[] | null {
  const fromSource = moderationCategoriesOf(row.category);
  if (fromSource === null) return null;
  if (/davidson/.test(row.file)) return ['HATE', 'HARASSMENT'];
  return fromSource.length > 0 ? fromSource : weakCategories(row.text);
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
  const base = { text: row.text, group: row.file, label: row.label, category: row.category, license: row.license };
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
      break;
    }
    case 'harmful': {
      const categories = categoriesFor(row);
      if (categories === null) return null;
      setTarget(t, 'harmful', 1);
      setCategories(t, categories);
      // Hateful or abusive statements are also unsafe when an LLM says them.
      if (/TOXIGEN|davidson|FuzzyAI__harmful/.test(row.file)) setTarget(t, 'unsafe_output', 1);
      weight = harmfulWeight(row);
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
