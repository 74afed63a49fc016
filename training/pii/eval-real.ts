/**
 * The held-out evaluation on real text that `npm run eval:pii` writes into the model card:
 * PERSON per held-out NER fold (each scored by the validation model trained without it, at the
 * default settings, through the public detector), the generated real-fill check per type and
 * template family, phone recall per written variant of libphonenumber's examples, address recall
 * on OpenCage's real addresses, and the share of benign `train/` prompts with any entity.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { piiDetector, scoreSpans, type SpanLabelledText, type TypeScore } from '../../src/eval/pii-spans.ts';
import type { ModelRecogniser } from '../../src/guardrails/pii/engine.ts';
import { loadPersonRecogniser } from '../../src/guardrails/pii/person/recogniser.ts';
import { datasetsDir } from '../dataset.ts';
import { Random } from '../random.ts';
import { phoneVariants } from './phone-variants.ts';
import { generateRealFill, REAL_FILL_FAMILIES } from './real-fill.ts';
import { NER_FOLDS, nerFold, nerGroup, readAllNer } from './real-ner.ts';
import { examplePhoneNumbers, openCageRows } from './real-resources.ts';

type Detect = (text: string) => { type: string; start: number; end: number }[];

const pct = (v: number): string => (100 * v).toFixed(1);
const row = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;
const scoreCells = (s: TypeScore | undefined): string[] =>
  s ? [String(s.tp + s.fn), pct(s.precision), pct(s.recall), `**${pct(s.f1)}**`] : ['0', '-', '-', '-'];

/** Rows with their PERSON spans only (LOCATION and ORGANIZATION are no PII type). */
function personsOnly(rows: readonly { text: string; spans: readonly { type: string; start: number; end: number }[] }[]): SpanLabelledText[] {
  return rows.map((r) => ({ text: r.text, spans: r.spans.filter((s) => s.type === 'PERSON') }));
}

const onlyPersons =
  (detect: Detect): Detect =>
  (text) =>
    detect(text).filter((e) => e.type === 'PERSON');

/** PERSON per held-out fold and per language inside it, each scored by the model trained without that fold. */
async function personByFold(foldsDir: string): Promise<string> {
  const ner = readAllNer();
  const lines = [row(['held-out fold', 'group', 'gold', 'P %', 'R %', 'F1 %']), row(['---', '---', '---:', '---:', '---:', '---:'])];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const fold of NER_FOLDS) {
    const model = await loadPersonRecogniser(join(foldsDir, fold));
    const detect = onlyPersons(piiDetector(model));
    const rows = ner.filter((r) => nerFold(r) === fold);
    const all = scoreSpans(personsOnly(rows), detect).perType.PERSON;
    if (all) {
      tp += all.tp;
      fp += all.fp;
      fn += all.fn;
    }
    lines.push(row([fold, 'all', ...scoreCells(all)]));
    const groups = [...new Set(rows.map(nerGroup))];
    if (groups.length > 1) {
      for (const group of groups)
        lines.push(row(['', group, ...scoreCells(scoreSpans(personsOnly(rows.filter((r) => nerGroup(r) === group)), detect).perType.PERSON)]));
    }
  }
  const p = tp / (tp + fp);
  const r = tp / (tp + fn);
  lines.push(row(['**all folds**', '', String(tp + fn), pct(p), pct(r), `**${pct((2 * p * r) / (p + r))}**`]));
  return lines.join('\n');
}

const TYPES = ['PERSON', 'STREET_ADDRESS', 'PHONE_NUMBER'] as const;

/** The generated real-fill set per type, then F1 per template family. */
function realFill(detect: Detect): string {
  const rows = generateRealFill();
  const all = scoreSpans(rows, detect);
  const lines = [row(['type', 'gold', 'P %', 'R %', 'F1 %']), row(['---', '---:', '---:', '---:', '---:'])];
  for (const [type, s] of Object.entries(all.perType)) if (s.tp + s.fn > 0 || s.fp > 0) lines.push(row([type, ...scoreCells(s)]));
  lines.push('', row(['template family (held out)', ...TYPES.map((t) => `${t} F1 %`)]), row(['---', ...TYPES.map(() => '---:')]));
  for (const family of Object.keys(REAL_FILL_FAMILIES)) {
    const s = scoreSpans(
      rows.filter((r) => r.family === family),
      detect,
    ).perType;
    lines.push(row([family, ...TYPES.map((t) => (s[t] && s[t].tp + s[t].fn > 0 ? `${pct(s[t].f1)} (${s[t].tp + s[t].fn})` : '-'))]));
  }
  return lines.join('\n');
}

/** Frames with no phone cue and with one, for the phone and address recall tables. */
const PHONE_FRAMES = ['The number on the card is {V}.', 'You can try {V} after six.', '{V} is the reception.', 'Call me on {V} tomorrow.', 'Her phone: {V}'];
const ADDRESS_FRAMES: [string, string][] = [
  ['one line, after "send to"', 'Please send the documents to {V}.'],
  ['one line, no cue', 'The package reached {V} yesterday.'],
  ['street and number only, no cue', 'We stayed at {V} for a week.'],
  ['multi-line block under "Billing address:"', 'Billing address:\n{V}\n\nThanks!'],
];

function recall(texts: readonly { text: string; start: number; end: number }[], type: string, detect: Detect): number {
  const hits = texts.filter(({ text, start, end }) => detect(text).some((e) => e.type === type && e.start < end && start < e.end)).length;
  return texts.length === 0 ? 1 : hits / texts.length;
}

function framed(frame: string, value: string): { text: string; start: number; end: number } {
  const start = frame.indexOf('{V}');
  return { text: frame.replace('{V}', value), start, end: start + value.length };
}

/** Phone recall per written variant of libphonenumber's example numbers (every region, every number type). */
function phoneRecall(detect: Detect): string {
  const rng = new Random(7);
  const byVariant = new Map<string, { text: string; start: number; end: number }[]>();
  for (const example of examplePhoneNumbers().filter((r) => r.format === 'international' && r.origin === 'metadata_example')) {
    for (const v of phoneVariants(example, rng)) {
      const list = byVariant.get(v.variant) ?? [];
      list.push(framed(PHONE_FRAMES[Math.floor(rng.next() * PHONE_FRAMES.length)]!, v.text));
      byVariant.set(v.variant, list);
    }
  }
  const lines = [row(['written as', 'numbers', 'recall %']), row(['---', '---:', '---:'])];
  for (const [variant, texts] of byVariant) lines.push(row([variant, texts.length, pct(recall(texts, 'PHONE_NUMBER', detect))]));
  return lines.join('\n');
}

/** Address recall on OpenCage's real addresses (those with a road and a house number), per frame. */
function addressRecall(detect: Detect): string {
  const rows = openCageRows().filter((r) => r.type === 'STREET_ADDRESS' && r.components?.road && r.components.house_number && r.street_line);
  const lines = [row(['written as', 'addresses', 'recall %']), row(['---', '---:', '---:'])];
  for (const [name, frame] of ADDRESS_FRAMES) {
    const value = (r: (typeof rows)[number]): string =>
      name.startsWith('street') ? r.street_line! : name.startsWith('multi') ? (r.multiline ?? r.text) : (r.text_without_venue ?? r.text);
    lines.push(
      row([
        name,
        rows.length,
        pct(
          recall(
            rows.map((r) => framed(frame, value(r))),
            'STREET_ADDRESS',
            detect,
          ),
        ),
      ]),
    );
  }
  return lines.join('\n');
}

const BENIGN = new Set(['benign', 'benign_hard']);

/** Per benign `train/` source: prompts in which any entity is found at the default settings, and the types found. */
function benignShares(detect: Detect): string {
  const dir = join(datasetsDir(), 'train');
  const lines = [row(['train/ source (benign rows)', 'prompts', 'with PII', 'share %', 'types found']), row(['---', '---:', '---:', '---:', '---'])];
  let prompts = 0;
  let flagged = 0;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const benign = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { text: string; label: string })
      .filter((r) => BENIGN.has(r.label));
    if (benign.length === 0) continue;
    const types = new Map<string, number>();
    let withPii = 0;
    for (const { text } of benign) {
      const found = detect(text);
      if (found.length > 0) withPii++;
      for (const t of new Set(found.map((e) => e.type))) types.set(t, (types.get(t) ?? 0) + 1);
    }
    prompts += benign.length;
    flagged += withPii;
    const typeList = [...types]
      .sort((a, b) => b[1] - a[1])
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    lines.push(row([file.replace(/\.jsonl$/, ''), benign.length, withPii, pct(withPii / benign.length), typeList || '-']));
  }
  lines.push(row(['**all**', prompts, flagged, `**${pct(flagged / prompts)}**`, '']));
  return lines.join('\n');
}

/** The markdown section of the model card: every table above, for the shipped model and the fold models in `foldsDir`. */
export async function realEvaluation(shipped: ModelRecogniser, foldsDir: string): Promise<string> {
  const detect = piiDetector(shipped);
  const folds = NER_FOLDS.every((fold) => existsSync(join(foldsDir, fold, 'manifest.json')))
    ? await personByFold(foldsDir)
    : '_The validation models are missing: run `npm run train:pii` first._';
  return [
    '### PERSON on real text, leave one source out',
    '',
    'Each fold is scored by a model trained without it (generated text and the other NER sources), at the default settings through the public detector. Every PERSON span of the corpus is gold; a name reported on a place or an organisation counts against precision. `uner-other` holds out all eight non-English languages of Universal NER at once (da, de, hr, pt, ru, sk, sr, sv, and 30 Tagalog sentences), so each of them is also a held-out language; Turku (Finnish) and NerKor (Hungarian) are single languages.',
    '',
    folds,
    '',
    '### Generated held-out check (real-fill)',
    '',
    '1,500 sentences of five template families written for this check only, filled with popular names of 106 countries, OpenCage real addresses of 244 countries and libphonenumber examples in the written variants below. Every name is gold.',
    '',
    realFill(detect),
    '',
    '### Phone numbers: recall per written variant',
    '',
    "libphonenumber's example number of every region and number type, written as below, in a sentence with or without a phone cue.",
    '',
    phoneRecall(detect),
    '',
    '### Street addresses: recall on real addresses',
    '',
    "OpenCage's formatted real addresses of 244 countries that have a road and a house number.",
    '',
    addressRecall(detect),
    '',
    '### Ordinary prompts with PII detected (default settings)',
    '',
    "The benign and benign_hard rows of every `train/` file. With the specification's default every detected type blocks, so this share is what the default blocks; an operator who sets names, phone numbers and addresses to `mask` lets these prompts through with the values masked.",
    '',
    benignShares(detect),
  ].join('\n');
}
