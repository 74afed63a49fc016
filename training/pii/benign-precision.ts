/**
 * PERSON precision on ordinary prompts: the names the detector reports (default settings) in the
 * benign and benign_hard rows of the datasets' `train/` files, checked against labels written by
 * reading each sampled detection in its context (`data/benign-person-labels.tsv`: source file, row,
 * a hash of the row's text, span offsets, label; never the text).
 *
 *   node training/pii/benign-precision.ts sample      # draws the labelling sample of the committed model (tmp/pii/benign-sample/)
 *   node training/pii/benign-precision.ts report      # precision per source, recall of the labelled names
 *   node training/pii/benign-precision.ts sample-new  # draws detections no label covers yet, to label them too
 *   node training/pii/benign-precision.ts report-sampled  # the same figures for the sampled model (its recorded detections)
 *
 * `--model DIR` scores another PERSON model. The sample is stratified: up to SAMPLE_PER_SOURCE
 * detections of each source (round `base`). A later model's detections are matched to the labels
 * by overlap in the same row; its precision on a source is estimated from the `base` labels for
 * the detections the sampled model also made and from `new` labels (a sample of the rest) for the
 * others, weighted by how many detections fall in each part.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { piiDetector } from '../../src/eval/pii-spans.ts';
import { jsonlFiles, readJsonlFile } from '../../src/eval/dataset-files.ts';
import { loadPersonRecogniser } from '../../src/guardrails/pii/person/recogniser.ts';
import { datasetsDir } from '../dataset.ts';
import { Random } from '../random.ts';

export const LABELS_FILE = fileURLToPath(new URL('data/benign-person-labels.tsv', import.meta.url));
const SAMPLE_DIR = fileURLToPath(new URL('../../tmp/pii/benign-sample/', import.meta.url));
const SAMPLE_PER_SOURCE = 35;
const NEW_PER_SOURCE = 15;
const BENIGN = new Set(['benign', 'benign_hard']);

/**
 * Sources whose labels were written only after every change to the recogniser: the precision on
 * them is the figure of text nobody looked at while writing rules. Chosen before any of their detections was read.
 */
export const HELD_OUT_SOURCES: ReadonlySet<string> = new Set([
  'mainlp__xsid__assistant_utterances',
  'idontflow__OLID__olid_offenseval2019',
  'y0mingzhang__prompt-extraction__secret_instructions_benign',
  'microsoft__BIPIA__email_contexts',
  'UniversalDependencies__UD_Tagalog-Ugnayan__sentences',
  'microsoft__TOXIGEN__prompt_statements',
  'openai__grade-school-math__gsm8k_questions',
  't-davidson__hate-speech-and-offensive-language__labeled_data',
]);

export interface Detection {
  source: string;
  row: number;
  sha: string;
  start: number;
  end: number;
  score: number;
}

export interface Label {
  source: string;
  row: number;
  sha: string;
  start: number;
  end: number;
  round: 'base' | 'new';
  name: boolean;
  /** What the span is: `name`, or the kind of non-name (acronym, common, place, brand, …). */
  kind: string;
}

const textHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The benign rows of each `train/` file, with their line index. */
function benignRows(): Map<string, { row: number; text: string }[]> {
  const out = new Map<string, { row: number; text: string }[]>();
  for (const path of jsonlFiles(join(datasetsDir(), 'train'))) {
    const rows = readJsonlFile(path)
      .map((r, row) => ({ row, text: r.text, label: r.label }))
      .filter((r) => BENIGN.has(r.label));
    if (rows.length > 0) out.set(basename(path, '.jsonl'), rows);
  }
  return out;
}

/** Every PERSON entity the detector reports in the benign rows, per source, and the rows' texts. */
async function detectAll(modelDir: string | undefined) {
  const detect = piiDetector(await loadPersonRecogniser(modelDir));
  const rows = benignRows();
  const texts = new Map<string, string>();
  const bySource = new Map<string, Detection[]>();
  const prompts = new Map<string, { total: number; withPerson: number }>();
  for (const [source, list] of rows) {
    const found: Detection[] = [];
    let withPerson = 0;
    for (const { row, text } of list) {
      const persons = detect(text).filter((e) => e.type === 'PERSON');
      if (persons.length > 0) withPerson++;
      const sha = textHash(text);
      texts.set(`${source}#${row}`, text);
      for (const e of persons) found.push({ source, row, sha, start: e.start, end: e.end, score: 'score' in e ? (e.score as number) : 1 });
    }
    bySource.set(source, found);
    prompts.set(source, { total: list.length, withPerson });
  }
  return { bySource, texts, prompts };
}

export function readLabels(path = LABELS_FILE): Label[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [source, row, sha, start, end, round, label, kind] = line.split('\t');
      return {
        source: source!,
        row: Number(row),
        sha: sha!,
        start: Number(start),
        end: Number(end),
        round: round as Label['round'],
        name: label === 'name',
        kind: kind ?? '',
      };
    });
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && b.start < a.end;
const rowKey = (d: { source: string; row: number }): string => `${d.source}#${d.row}`;

function byRow<T extends { source: string; row: number }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = rowKey(item);
    const list = map.get(key) ?? [];
    list.push(item);
    map.set(key, list);
  }
  return map;
}

/** A line of context around a detection for the person labelling it (never written into the repository). */
function contextLine(text: string, d: Detection): string {
  const flat = (s: string): string => s.replace(/\n/g, '⏎');
  return `${flat(text.slice(Math.max(0, d.start - 90), d.start))}⟦${flat(text.slice(d.start, d.end))}⟧${flat(text.slice(d.end, d.end + 90))}`;
}

function writeSample(name: string, picked: readonly Detection[], texts: ReadonlyMap<string, string>, round: Label['round']): void {
  mkdirSync(SAMPLE_DIR, { recursive: true });
  const scaffold = picked.map((d) => [d.source, d.row, d.sha, d.start, d.end, round, '', ''].join('\t'));
  const views = picked.map((d, k) => `${k}\t${d.source.slice(0, 28)}\t${d.score}\t${contextLine(texts.get(rowKey(d))!, d)}`);
  writeFileSync(join(SAMPLE_DIR, `${name}.tsv`), `${scaffold.join('\n')}\n`);
  writeFileSync(join(SAMPLE_DIR, `${name}.txt`), `${views.join('\n')}\n`);
  console.log(`${picked.length} detections to label: ${join(SAMPLE_DIR, `${name}.txt`)} (labels go into ${name}.tsv, then ${LABELS_FILE})`);
}

/** Up to `n` detections of each source, drawn without replacement (seeded). */
function stratified(bySource: ReadonlyMap<string, Detection[]>, n: number, seed: number): Detection[] {
  const rng = new Random(seed);
  return [...bySource.keys()].sort().flatMap((source) => rng.shuffle([...bySource.get(source)!]).slice(0, n));
}

/** Where `sample` keeps the sampled model's detections (offsets only), to tell a later model's new detections from old ones. */
const BASE_DETECTIONS = join(SAMPLE_DIR, 'base-detections.json');

type Spans = Record<string, [number, number, number][]>;

function spansOf(bySource: ReadonlyMap<string, Detection[]>): Spans {
  return Object.fromEntries([...bySource].map(([source, list]) => [source, list.map((d) => [d.row, d.start, d.end] as [number, number, number])]));
}

interface SourceFigures {
  source: string;
  prompts: number;
  withPerson: number;
  detections: number;
  /** Detections the sampled model also made, and the labelled ones among them. */
  old: number;
  oldLabelled: number;
  oldNames: number;
  /** Detections it did not make, and the labelled ones among them. */
  fresh: number;
  freshLabelled: number;
  freshNames: number;
  /** Labelled names of the base sample still found, of all of them. */
  namesFound: number;
  names: number;
}

function figures(
  source: string,
  detections: readonly Detection[],
  baseSpans: readonly [number, number, number][],
  labels: readonly Label[],
  prompts: { total: number; withPerson: number },
): SourceFigures {
  const baseRows = new Map<number, { start: number; end: number }[]>();
  for (const [row, start, end] of baseSpans) baseRows.set(row, [...(baseRows.get(row) ?? []), { start, end }]);
  const labelRows = byRow(labels);
  const f: SourceFigures = {
    source,
    prompts: prompts.total,
    withPerson: prompts.withPerson,
    detections: detections.length,
    old: 0,
    oldLabelled: 0,
    oldNames: 0,
    fresh: 0,
    freshLabelled: 0,
    freshNames: 0,
    namesFound: 0,
    names: 0,
  };
  for (const d of detections) {
    const old = baseRows.get(d.row)?.some((b) => overlaps(b, d)) ?? false;
    const label = labelRows.get(rowKey(d))?.find((l) => overlaps(l, d) && (l.round === 'base') === old);
    if (old) {
      f.old++;
      if (label) f.oldLabelled++;
      if (label?.name) f.oldNames++;
    } else {
      f.fresh++;
      if (label) f.freshLabelled++;
      if (label?.name) f.freshNames++;
    }
  }
  const names = labels.filter((l) => l.round === 'base' && l.name);
  f.names = names.length;
  f.namesFound = names.filter((l) => detections.some((d) => d.row === l.row && overlaps(l, d))).length;
  return f;
}

/**
 * Estimated precision: names among the labelled old detections for the old part, among the
 * labelled new ones for the new part, weighted by the parts' sizes. Undefined when a part with
 * detections has no label.
 */
export function estimatedPrecision(f: Pick<SourceFigures, 'old' | 'oldLabelled' | 'oldNames' | 'fresh' | 'freshLabelled' | 'freshNames'>): number | undefined {
  if (f.old + f.fresh === 0) return 1;
  if ((f.old > 0 && f.oldLabelled === 0) || (f.fresh > 0 && f.freshLabelled === 0)) return undefined;
  const oldP = f.oldLabelled > 0 ? f.oldNames / f.oldLabelled : 0;
  const freshP = f.freshLabelled > 0 ? f.freshNames / f.freshLabelled : 0;
  return (f.old * oldP + f.fresh * freshP) / (f.old + f.fresh);
}

const pct = (v: number | undefined): string => (v === undefined ? '-' : (100 * v).toFixed(1));

function table(rows: readonly SourceFigures[]): string {
  const line = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;
  const out = [
    line(['train/ source (benign rows)', 'prompts', 'with PERSON %', 'PERSON spans', 'labelled', 'precision %', 'labelled names found']),
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  const sum = (list: readonly SourceFigures[]) => {
    const total = { old: 0, oldLabelled: 0, oldNames: 0, fresh: 0, freshLabelled: 0, freshNames: 0, prompts: 0, withPerson: 0, names: 0, namesFound: 0 };
    let weighted = 0;
    let complete = true;
    for (const f of list) {
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += f[k];
      const p = estimatedPrecision(f);
      if (p === undefined) complete = false;
      else weighted += p * (f.old + f.fresh);
    }
    return { total, precision: complete ? weighted / Math.max(1, total.old + total.fresh) : undefined };
  };
  /** The bold line of a group's totals. */
  const totalLine = (title: string, list: readonly SourceFigures[]): string => {
    const { total, precision } = sum(list);
    return line([
      `**${title}**`,
      total.prompts,
      pct(total.withPerson / total.prompts),
      total.old + total.fresh,
      total.oldLabelled + total.freshLabelled,
      `**${pct(precision)}**`,
      `${total.namesFound}/${total.names}`,
    ]);
  };
  const groups: [string, SourceFigures[]][] = [
    ['sources read while writing rules', rows.filter((f) => !HELD_OUT_SOURCES.has(f.source))],
    ['held-out sources (labelled after the changes)', rows.filter((f) => HELD_OUT_SOURCES.has(f.source))],
  ];
  for (const [title, list] of groups) {
    out.push(line([`_${title}_`, '', '', '', '', '', '']));
    for (const f of list) {
      out.push(
        line([
          f.source,
          f.prompts,
          pct(f.withPerson / f.prompts),
          f.detections,
          f.oldLabelled + f.freshLabelled,
          pct(estimatedPrecision(f)),
          f.names ? `${f.namesFound}/${f.names}` : '-',
        ]),
      );
    }
    out.push(totalLine(title, list));
  }
  out.push(totalLine('all', rows));
  return out.join('\n');
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' } } });
  const command = positionals[0] ?? 'report';
  const { bySource, texts, prompts } = await detectAll(values.model);
  if (command === 'sample') {
    writeSample('base', stratified(bySource, SAMPLE_PER_SOURCE, 52), texts, 'base');
    writeFileSync(BASE_DETECTIONS, JSON.stringify(spansOf(bySource)));
    return;
  }
  const labels = readLabels();
  const base = JSON.parse(readFileSync(BASE_DETECTIONS, 'utf8')) as Spans;
  const isOld = (d: Detection): boolean => base[d.source]?.some(([row, start, end]) => row === d.row && overlaps({ start, end }, d)) ?? false;
  if (command === 'sample-new') {
    const rows = byRow(labels);
    const unlabelled = new Map(
      [...bySource].map(([source, list]) => [source, list.filter((d) => !isOld(d) && !rows.get(rowKey(d))?.some((l) => l.round === 'new' && overlaps(l, d)))]),
    );
    writeSample('new', stratified(unlabelled, NEW_PER_SOURCE, 53), texts, 'new');
    return;
  }
  // `report-sampled`: the figures of the sampled model itself, from its recorded detections.
  if (command === 'report-sampled') {
    for (const source of bySource.keys()) {
      const spans = base[source] ?? [];
      bySource.set(
        source,
        spans.map(([row, start, end]) => ({ source, row, sha: '', start, end, score: 1 })),
      );
      prompts.set(source, { total: prompts.get(source)!.total, withPerson: new Set(spans.map(([row]) => row)).size });
    }
  }
  const rows = [...bySource.keys()].sort().map((source) =>
    figures(
      source,
      bySource.get(source)!,
      base[source] ?? [],
      labels.filter((l) => l.source === source),
      prompts.get(source)!,
    ),
  );
  console.log(table(rows));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
