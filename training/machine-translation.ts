import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelledText } from './labels.ts';
import type { Random } from './random.ts';

/**
 * Translated copies of English training texts, so that the n-gram and word paths of the detector
 * see attacks, harmful requests and ordinary prompts in other languages with the labels they carry
 * in English. Apertium rule-based machine translation (`apertium-eng-spa`, `apertium-es-pt`,
 * `apertium-fr-es`, `apertium-eng-cat`, `apertium-cat-ita`, from Debian's packages, run at training
 * time only) writes Spanish, Portuguese, French and Italian copies. A copy keeps its original's
 * validation group, so it never crosses a fold.
 *
 * Word-by-word copies through FreeDict `eng-<language>` dictionaries, for the languages Apertium does
 * not reach, were tried and are not made: a dictionary's first sense of a word out of context is
 * often wrong (Japanese "the" → 正しく, "correctly"), and with them hard-benign false positives and
 * flagged safe answers rose (three seeds: 15.1 against 13.6 %, 11.9 against 11.0 %) and short
 * everyday messages crossed the threshold.
 *
 * Requests to answer in another language ("reply in French") resemble the translation technique of
 * prompt extraction, and the copies made them score higher; everyday requests of that kind
 * (training/data/everyday-messages/en.txt) keep them ordinary. The model card gives the measured
 * effect of the copies, over three corpus draws.
 */

/** Apertium modes chained to reach a language from English. */
const APERTIUM_ROUTES: Readonly<Record<string, readonly string[]>> = {
  Spanish: ['eng-spa'],
  Portuguese: ['eng-spa', 'es-pt'],
  French: ['eng-spa', 'es-fr'],
  Italian: ['eng-cat', 'cat-ita'],
};

export const TRANSLATION_PACKAGES = 'apertium apertium-eng-spa apertium-es-pt apertium-fr-es apertium-eng-cat apertium-cat-ita';

/** Labels whose texts are copied; answers stay English (the answer heads are trained on English answers). */
const COPIED_LABELS = new Set(['injection', 'jailbreak', 'prompt_extraction', 'harmful', 'benign', 'benign_hard']);
const MAX_CHARS = 1000;
/** Apertium's licence (GPL); its language data is read, not shipped. */
const APERTIUM_LICENCE = 'GPL';

export interface TranslationSummary {
  /** Copies made per target language. */
  perLanguage: Record<string, number>;
}

/** English, judged cheaply: a text whose letters are nearly all ASCII and that is not a hand-written foreign group. */
function isEnglishSource(t: LabelledText): boolean {
  if (!COPIED_LABELS.has(t.label) || t.text.length < 12 || t.text.length > MAX_CHARS) return false;
  if (t.language !== undefined && t.language !== 'English') return false;
  if (t.group === 'synthetic:multilingual' || (t.group.startsWith('everyday:') && !t.group.startsWith('everyday:en'))) return false;
  let foreign = 0;
  for (let i = 0; i < t.text.length; i++) if (t.text.charCodeAt(i) > 0x7f) foreign++;
  return foreign <= t.text.length * 0.01;
}

/** Runs the chain of Apertium modes over one text per line (through files: Apertium reads its input before it translates). */
function runApertium(lines: readonly string[], modes: readonly string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-apertium-'));
  let input = join(dir, 'in.txt');
  writeFileSync(input, `${lines.join('\n')}\n`);
  let out: string[];
  try {
    modes.forEach((mode, k) => {
      const output = join(dir, `out-${k}.txt`);
      const run = spawnSync('apertium', ['-u', mode, input, output], { encoding: 'utf8' });
      if (run.error !== undefined || run.status !== 0) {
        throw new Error(`Apertium mode ${mode} failed (${run.error?.message ?? run.stderr.trim()}). Install the translation packages with: apt-get install ${TRANSLATION_PACKAGES}`);
      }
      input = output;
    });
    out = readFileSync(input, 'utf8').replace(/\n$/, '').split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (out.length !== lines.length) throw new Error(`Apertium ${modes.join(' → ')} returned ${out.length} lines for ${lines.length}`);
  return out;
}

/**
 * Copies a `share` of the English texts, each into one language drawn at random, with half its
 * original's weight. Translators whose licence is excluded are not used; a missing translator is an
 * error, since the model would silently change without it.
 */
export function translatedCopies(
  texts: readonly LabelledText[],
  rng: Random,
  share: number,
  isExcludedLicence: (licence: string) => boolean,
): { copies: LabelledText[]; summary: TranslationSummary } {
  if (share <= 0) return { copies: [], summary: { perLanguage: {} } };
  const languages = isExcludedLicence(APERTIUM_LICENCE) ? [] : Object.keys(APERTIUM_ROUTES);

  const chosen = new Map<string, LabelledText[]>(languages.map((l) => [l, []]));
  for (const t of texts) {
    if (languages.length === 0 || rng.next() >= share || !isEnglishSource(t)) continue;
    chosen.get(rng.pick(languages))!.push(t);
  }
  const copies: LabelledText[] = [];
  const perLanguage: Record<string, number> = {};
  for (const [language, originals] of chosen) {
    if (originals.length === 0) continue;
    const translated = runApertium(originals.map((t) => t.text.replace(/\s*\n\s*/g, ' ')), APERTIUM_ROUTES[language]!);
    originals.forEach((t, i) => {
      copies.push({ ...t, text: translated[i]!, targets: t.targets.slice(), weight: t.weight * 0.5, generated: true, language });
    });
    perLanguage[language] = originals.length;
  }
  return { copies, summary: { perLanguage } };
}
