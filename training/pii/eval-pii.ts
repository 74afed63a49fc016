/**
 * `npm run eval:pii`: regenerates the seeded evaluation corpus (written to tmp/pii/, git-ignored)
 * and scores it per entity type in two views — personal-data detection at the default settings
 * (gold: names the generator marks as personal, and every other type) and name detection (every
 * name is gold) at several minimum scores — then measures how many benign prompts of the public
 * evaluation sets get any entity with the default settings.
 *
 * Then it scores the independent set (`independent/`: its own templates, names, addresses and
 * phones of faker locales no training data comes from, every name gold), also written to
 * tmp/pii/independent.jsonl for `rampart eval --data`.
 *
 * Last, the held-out evaluation on real text (eval-real.ts: PERSON per held-out NER fold with the
 * validation models of `npm run train:pii`, the real-fill check, phone and address recall on the
 * real resources, benign `train/` prompts with PII) is written into the model card between its
 * `eval:pii` markers.
 *
 * `npm run eval:pii -- --dev` does the same on the development corpus (held-out training
 * templates, calibration names) and the benign files of `train/`: the data to tune on.
 * `--model DIR` evaluates a PERSON model other than the committed one. RAMPART_DATASETS_DIR overrides
 * the datasets folder.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isEntityType } from '../../src/guardrails/pii/entities.ts';
import { loadPersonRecogniser } from '../../src/guardrails/pii/person/recogniser.ts';
import { defaultAction } from '../../src/guardrails/pii/settings.ts';
import { formatPiiSpanReport, personalView, piiDetector, scoreSpans, type SpanLabelledText } from '../../src/eval/pii-spans.ts';

type Detector = ReturnType<typeof piiDetector>;
import { generateDevCorpus, generateEvalCorpus } from './eval-corpus.ts';
import { generateIndependentCorpus } from './independent/corpus.ts';
import { realEvaluation } from './eval-real.ts';
import { FOLDS_DIR } from './real-ner.ts';
import { datasetsDir } from '../dataset.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'tmp/pii');
const BENIGN = new Set(['benign', 'benign_hard']);
/** Minimum scores at which name detection is reported. */
const NAME_MIN_SCORES = [0.5, 0.4, 0.3, 0.2];
/** The names-only operating point whose recall by kind of name is reported next to the default. */
const NAMES_MIN_SCORE = 0.3;

interface BenignFile {
  file: string;
  prompts: number;
  flagged: number;
  /** Prompts with an entity whose default action blocks. */
  blocked: number;
  types: Record<string, number>;
}

async function benignFalsePositives(split: string, detect: (text: string) => { type: string }[]): Promise<BenignFile[]> {
  const dir = join(datasetsDir(), split);
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.jsonl')).sort();
  const perFile: BenignFile[] = [];
  for (const file of files) {
    const rows = (await readFile(join(dir, file), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { text: string; label: string });
    const benign = rows.filter((r) => BENIGN.has(r.label));
    if (benign.length === 0) continue;
    const types: Record<string, number> = {};
    let flagged = 0;
    let blocked = 0;
    for (const row of benign) {
      const found = detect(row.text);
      if (found.length > 0) flagged++;
      if (found.some((e) => isEntityType(e.type) && defaultAction(e.type) === 'block')) blocked++;
      for (const e of found) types[e.type] = (types[e.type] ?? 0) + 1;
    }
    perFile.push({ file, prompts: benign.length, flagged, blocked, types });
  }
  return perFile;
}

const PARTICLE = /(?:^|\s)(?:van|von|der|den|de|la|le|du|da|di|del|della|dos|das|ten|ter|zu|bin|bint|ibn|abu|al|el|y)\s|['’-]/i;

/** The groups of names whose recall the model card reports. */
function nameCategories(text: string, name: string, source: string): string[] {
  const categories = [source];
  if (text === text.toLowerCase()) categories.push('lower-case text');
  else if (text === text.toUpperCase()) categories.push('ALL-CAPS text');
  else if (name === name.toLowerCase()) categories.push('lower-case name in mixed text');
  else if (name === name.toUpperCase()) categories.push('ALL-CAPS name in mixed text');
  if (/[^\x00-\x7f]/.test(name)) categories.push('with diacritics');
  if (PARTICLE.test(name)) categories.push('particles, hyphens, apostrophes');
  if (!/\s/.test(name.trim())) categories.push('single word');
  return categories;
}

/** Recall of gold PERSON spans per category (`source` names the name pool a row was filled from). */
function recallByCategory(rows: readonly SpanLabelledText[], detect: Detector, source: (row: number) => string): Record<string, string> {
  const counts = new Map<string, [number, number]>();
  rows.forEach((row, k) => {
    const found = detect(row.text).filter((e) => e.type === 'PERSON');
    for (const gold of row.spans.filter((s) => s.type === 'PERSON')) {
      const hit = found.some((e) => e.start < gold.end && gold.start < e.end);
      for (const category of nameCategories(row.text, row.text.slice(gold.start, gold.end), source(k))) {
        const c = counts.get(category) ?? [0, 0];
        c[0] += hit ? 1 : 0;
        c[1]++;
        counts.set(category, c);
      }
    }
  });
  return Object.fromEntries([...counts].map(([category, [hits, total]]) => [category, `${((100 * hits) / total).toFixed(1)} % of ${total}`]));
}

/** Rows with their PERSON spans only: name detection is scored on names alone. */
function namesOnly(rows: readonly SpanLabelledText[]): SpanLabelledText[] {
  return rows.map((row) => ({ text: row.text, spans: row.spans.filter((s) => s.type === 'PERSON') }));
}

const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false }, model: { type: 'string' } } });
const dev = values.dev === true;
// The committed model unless --model names another.
const person = await loadPersonRecogniser(values.model);
const corpus = dev ? generateDevCorpus() : generateEvalCorpus();
await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, dev ? 'dev-corpus.jsonl' : 'eval-corpus.jsonl'), `${corpus.map((r) => JSON.stringify(r)).join('\n')}\n`);

const detect = piiDetector(person);
const personalRows = personalView(corpus);
const personal = scoreSpans(personalRows, detect);
console.log(`${dev ? 'Development' : 'Evaluation'} corpus — personal-data detection, default settings`);
console.log(formatPiiSpanReport(personal));

console.log('\nName detection (every name is gold), PERSON only:');
const names: Record<string, unknown> = {};
for (const minScore of NAME_MIN_SCORES) {
  const scoreAt = minScore === 0.5 ? detect : piiDetector(person, { min_score: minScore });
  const s = scoreSpans(namesOnly(corpus), (text) => scoreAt(text).filter((e) => e.type === 'PERSON')).micro;
  names[String(minScore)] = s;
  const pct = (v: number): string => (100 * v).toFixed(1);
  console.log(`  min_score ${minScore}: gold ${s.tp + s.fn}, P ${pct(s.precision)} R ${pct(s.recall)} F1 ${pct(s.f1)}`);
}

const namesDetect = piiDetector(person, { min_score: NAMES_MIN_SCORE });
// The evaluation corpus is filled with held-out names first, then training names; the development corpus with calibration names.
const source = (row: number): string =>
  dev ? 'calibration names (not in the lexicon)' : row < corpus.length / 2 ? 'held-out names (never seen in training)' : 'training names in unseen sentences';
const byCategory = {
  personal: recallByCategory(personalRows, detect, source),
  names: recallByCategory(namesOnly(corpus), namesDetect, source),
};
console.log(`\nRecall by kind of name: personal names at the default | every name at min_score ${NAMES_MIN_SCORE}`);
for (const category of Object.keys(byCategory.names)) {
  console.log(`  ${category.padEnd(42)} ${(byCategory.personal[category] ?? '-').padEnd(18)} | ${byCategory.names[category]}`);
}

let independent: ReturnType<typeof scoreSpans> | undefined;
if (!dev) {
  const rows = generateIndependentCorpus();
  await writeFile(join(OUT, 'independent.jsonl'), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  independent = scoreSpans(rows, detect);
  console.log('\nIndependent set (held-out locales and templates, every name gold), default settings');
  console.log(formatPiiSpanReport(independent));
}

const benignSplit = dev ? 'train' : 'eval';
const benign = await benignFalsePositives(benignSplit, detect);
let prompts = 0;
let flagged = 0;
let blocked = 0;
console.log(`\nBenign prompts of ${benignSplit}/ with any entity | blocked by PII alone (default settings):`);
for (const f of benign) {
  prompts += f.prompts;
  flagged += f.flagged;
  blocked += f.blocked;
  console.log(`  ${f.file}: ${f.flagged}/${f.prompts} (${((100 * f.flagged) / f.prompts).toFixed(1)} %) | ${f.blocked} ${JSON.stringify(f.types)}`);
}
if (prompts > 0)
  console.log(
    `  total: ${flagged}/${prompts} (${((100 * flagged) / prompts).toFixed(2)} %) | blocked ${blocked} (${((100 * blocked) / prompts).toFixed(2)} %)`,
  );
await writeFile(join(OUT, dev ? 'dev-report.json' : 'eval-report.json'), `${JSON.stringify({ personal, names, byCategory, independent, benign }, null, 2)}\n`);

if (!dev) {
  const section = await realEvaluation(person, FOLDS_DIR);
  console.log(`\n${section}`);
  const cardPath = join(ROOT, 'models/pii-person/MODEL_CARD.md');
  const card = await readFile(cardPath, 'utf8');
  const begin = '<!-- eval:pii begin -->';
  const end = '<!-- eval:pii end -->';
  const from = card.indexOf(begin);
  const to = card.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${cardPath}: the ${begin} … ${end} markers are missing`);
  await writeFile(cardPath, `${card.slice(0, from + begin.length)}\n${section}\n${card.slice(to)}`);
  console.log(`updated ${cardPath}`);
}
