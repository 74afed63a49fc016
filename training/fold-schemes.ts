import { languageOf, techniqueOf } from '../src/eval/row-facets.ts';
import { HEAD_INDEX } from '../src/detector/heads.ts';
import { FOLDS, foldOf } from './folds.ts';
import type { LabelledText } from './labels.ts';

/**
 * How validation splits the corpus (see validation.ts): by source (folds.ts; sets the calibration
 * and thresholds), by language and by attack technique. Each scheme holds out one fold at a time,
 * trains on what it may see and scores the fold's source rows.
 */
export type FoldScheme = 'source' | 'language' | 'technique';

export const FOLD_SCHEMES: readonly FoldScheme[] = ['source', 'language', 'technique'];

/** A fold of a scheme: which texts a model may train on, and which it scores. */
export interface FoldSplit {
  train: number[];
  heldOut: number[];
}

export function textLanguage(t: LabelledText): string {
  return t.language ?? languageOf(t.category, t.text);
}

/**
 * The languages the attack sources of train/ are written in, two to a fold (fold k holds pair k), so
 * every fold holds out attacks in two scripts; any other language goes to a fold by its name.
 */
export const ATTACK_LANGUAGE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['Arabic', 'Spanish'],
  ['Bengali', 'French'],
  ['Chinese', 'German'],
  ['Hindi', 'Russian'],
  ['Japanese', 'Korean'],
];

/** The language fold of a language; English is never held out (it is most of the corpus). */
export function languageFoldOf(language: string): number {
  if (language === 'English') return -1;
  const fixed = ATTACK_LANGUAGE_PAIRS.findIndex((pair) => pair.includes(language));
  if (fixed >= 0) return fixed;
  let h = 0;
  for (const ch of language) h = (h * 31 + ch.charCodeAt(0)) % 1009;
  return h % FOLDS;
}

/**
 * Attack techniques, as families of the sources' own sub-labels (`techniqueOf`), first match wins.
 * A text whose label is prompt extraction counts as extraction whatever its sub-label.
 */
const TECHNIQUE_FAMILIES: ReadonlyArray<readonly [string, RegExp]> = [
  ['injection in tool output', /InjecAgent/],
  ['goal hijacking and overrides', /Goal_Hijacking|hijacking|context_override|^direct|^indirect|^attacks/],
  ['role-play and persona templates', /Role_Play|^(dan|pliny|discord|reddit|website|template):|template|uncategorised|^generated$|^[A-Z]/],
  ['obfuscation, fiction and other framings', /./],
];

export const TECHNIQUE_FAMILY_NAMES: readonly string[] = ['prompt extraction', ...TECHNIQUE_FAMILIES.map(([name]) => name)];

const isAttackText = (t: LabelledText) => t.targets[HEAD_INDEX.attack] === 1 || t.targets[HEAD_INDEX.extraction] === 1;

/** The technique family of an attack text of a dataset (or a copy of one), undefined for anything else. */
export function techniqueFamilyOf(t: LabelledText): string | undefined {
  if (!isAttackText(t) || t.group.startsWith('synthetic:')) return undefined;
  if (t.label === 'prompt_extraction') return TECHNIQUE_FAMILY_NAMES[0];
  const technique = t.technique ?? techniqueOf(t.category);
  return TECHNIQUE_FAMILIES.find(([, pattern]) => pattern.test(technique))?.[0];
}

/** A text of a dataset source, not generated or written for this project. */
export function isSourceText(t: LabelledText): boolean {
  return !t.generated && !t.group.startsWith('synthetic:');
}

/** The folds of a scheme. */
export function foldCount(scheme: FoldScheme): number {
  return scheme === 'technique' ? TECHNIQUE_FAMILY_NAMES.length : FOLDS;
}

/**
 * Fold `fold` of a scheme:
 * - source: the fold's source files are held out whole (folds.ts); hand-written material is always trained on;
 * - language: the fold's languages are held out whole — every text in them, translated copies and
 *   hand-written phrases included — and so are the sources of the scored rows, in every language:
 *   the scores are those of a model that has seen neither the language nor the source, as with a
 *   translated attack from a new source;
 * - technique: every attack text of the fold's technique family, from every source and its copies,
 *   is held out; the sources' other rows and the hand-written material are trained on.
 * Held out are the texts the fold's model scores: for the language and technique schemes, only
 * source rows are scored (copies and hand-written texts are left out of both).
 */
export function foldSplit(texts: readonly LabelledText[], scheme: FoldScheme, fold: number): FoldSplit {
  const train: number[] = [];
  const heldOut: number[] = [];
  if (scheme === 'source') {
    texts.forEach((t, i) => {
      (foldOf(t.group) === fold ? heldOut : train).push(i);
    });
    return { train, heldOut };
  }
  const inFold =
    scheme === 'language'
      ? (t: LabelledText) => languageFoldOf(textLanguage(t)) === fold
      : (t: LabelledText) => techniqueFamilyOf(t) === TECHNIQUE_FAMILY_NAMES[fold];
  const scoredGroups = new Set<string>();
  texts.forEach((t, i) => {
    if (!inFold(t) || !isSourceText(t)) return;
    heldOut.push(i);
    if (scheme === 'language') scoredGroups.add(t.group);
  });
  texts.forEach((t, i) => {
    if (!inFold(t) && !scoredGroups.has(t.group)) train.push(i);
  });
  return { train, heldOut };
}
