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

const installHint = `Install the translation packages with: apt-get install ${TRANSLATION_PACKAGES}`;

/**
 * Runs the chain of Apertium modes over one text per line (through files: Apertium reads its input
 * before it translates); undefined when a stage fails or the output lacks lines.
 */
function runApertium(lines: readonly string[], modes: readonly string[]): string[] | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-apertium-'));
  let input = join(dir, 'in.txt');
  writeFileSync(input, `${lines.join('\n')}\n`);
  try {
    for (const [k, mode] of modes.entries()) {
      const output = join(dir, `out-${k}.txt`);
      const run = spawnSync('apertium', ['-u', mode, input, output], { encoding: 'utf8' });
      if (run.error !== undefined) throw new Error(`Apertium cannot run (${run.error.message}). ${installHint}`);
      if (run.status !== 0) return undefined;
      input = output;
    }
    const out = readFileSync(input, 'utf8').replace(/\n$/, '').split('\n');
    // A stage that crashes mid-stream can leave the chain's exit status at 0 and its output short.
    return out.length === lines.length ? out : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lines per Apertium run. One run over a language's whole share (3,000 lines and more) can crash:
 * apertium-postchunk (eng-cat) segfaulted on 3,270 training lines that translate in batches of 250.
 * Batch boundaries are fixed, so the same lines are translated together in every run (Apertium reads
 * across lines: a line's translation can depend on its neighbours).
 */
const BATCH_LINES = 250;
/** Runs of a batch before it is split in halves: the same crash can come and go on the same input. */
const ATTEMPTS = 3;

/** Each line translated, or undefined for a line Apertium crashes on even alone. */
function translateLines(lines: readonly string[], modes: readonly string[]): Array<string | undefined> {
  // A missing language pair fails every run: that is an error, not a line to skip.
  if (runApertium(['Hello.'], modes) === undefined) throw new Error(`Apertium mode ${modes.join(' → ')} failed. ${installHint}`);
  const out: Array<string | undefined> = [];
  for (let i = 0; i < lines.length; i += BATCH_LINES) out.push(...translateBatch(lines.slice(i, i + BATCH_LINES), modes));
  return out;
}

function translateBatch(lines: readonly string[], modes: readonly string[]): Array<string | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const out = runApertium(lines, modes);
    if (out !== undefined) return out;
  }
  if (lines.length === 1) return [undefined];
  const half = Math.ceil(lines.length / 2);
  return [...translateBatch(lines.slice(0, half), modes), ...translateBatch(lines.slice(half), modes)];
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
    const translated = translateLines(
      originals.map((t) => t.text.replace(/\s*\n\s*/g, ' ')),
      APERTIUM_ROUTES[language]!,
    );
    let made = 0;
    originals.forEach((t, i) => {
      const text = translated[i];
      if (text === undefined) return;
      copies.push({ ...t, text, targets: t.targets.slice(), weight: t.weight * 0.5, generated: true, language });
      made++;
    });
    perLanguage[language] = made;
  }
  return { copies, summary: { perLanguage } };
}
