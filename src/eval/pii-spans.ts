import { readFile } from 'node:fs/promises';
import { Value } from '@sinclair/typebox/value';
import type { ModelRecogniser } from '../guardrails/pii/engine.ts';
import { ENTITY_TYPES, isEntityType, type EntityType } from '../guardrails/pii/entities.ts';
import { compilePii } from '../guardrails/pii/index.ts';
import { PiiSettings } from '../guardrails/pii/settings.ts';

/**
 * One line of a span-labelled PII file: `{text, spans: [{type, start, end}]}` (UTF-16 offsets).
 * A PERSON span may add `personal: false` for a name the text merely mentions (see `personalView`).
 */
export interface SpanLabelledText {
  text: string;
  spans: { type: string; start: number; end: number; personal?: boolean }[];
}

export interface TypeScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface PiiSpanReport {
  texts: number;
  perType: Partial<Record<EntityType, TypeScore>>;
  micro: TypeScore;
  /** Share of predicted spans matching a gold span exactly (boundaries included). */
  exactBoundaries: number;
}

type Span = { type: string; start: number; end: number };

/** Whether a parsed JSON line is span-labelled PII data (lets `rampart eval` dispatch on content). */
export function isSpanLabelled(row: unknown): row is SpanLabelledText {
  if (!row || typeof row !== 'object') return false;
  const { text, spans } = row as Record<string, unknown>;
  return (
    typeof text === 'string' &&
    Array.isArray(spans) &&
    spans.every(
      (s) =>
        s &&
        typeof s === 'object' &&
        typeof s.type === 'string' &&
        Number.isInteger(s.start) &&
        Number.isInteger(s.end) &&
        (s.personal === undefined || typeof s.personal === 'boolean'),
    )
  );
}

export async function readSpanJsonl(path: string): Promise<SpanLabelledText[]> {
  const rows: SpanLabelledText[] = [];
  for (const [n, line] of (await readFile(path, 'utf8')).split('\n').entries()) {
    if (!line.trim()) continue;
    const row: unknown = JSON.parse(line);
    if (!isSpanLabelled(row)) throw new Error(`${path}:${n + 1}: not a {text, spans:[{type,start,end}]} line`);
    rows.push(row);
  }
  return rows;
}

function score(tp: number, fp: number, fn: number): TypeScore {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, precision, recall, f1 };
}

/**
 * Precision, recall and F1 per entity type. A prediction counts as correct when it overlaps a
 * not-yet-matched gold span of the same type (boundary differences such as a title or a trailing
 * unit are reported separately through `exactBoundaries`).
 */
export function scoreSpans(rows: readonly SpanLabelledText[], detect: (text: string) => readonly Span[]): PiiSpanReport {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const count = (type: string) => {
    let c = counts.get(type);
    if (!c) counts.set(type, (c = { tp: 0, fp: 0, fn: 0 }));
    return c;
  };
  let exact = 0;
  let matched = 0;
  for (const row of rows) {
    const predicted = detect(row.text);
    const used = new Set<Span>();
    for (const p of predicted) {
      const gold = row.spans.find((g) => !used.has(g) && g.type === p.type && p.start < g.end && g.start < p.end);
      if (gold) {
        used.add(gold);
        count(p.type).tp++;
        matched++;
        if (gold.start === p.start && gold.end === p.end) exact++;
      } else count(p.type).fp++;
    }
    for (const g of row.spans) if (!used.has(g)) count(g.type).fn++;
  }
  const perType: Partial<Record<EntityType, TypeScore>> = {};
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const type of ENTITY_TYPES) {
    const c = counts.get(type);
    if (!c) continue;
    perType[type] = score(c.tp, c.fp, c.fn);
    tp += c.tp;
    fp += c.fp;
    fn += c.fn;
  }
  return { texts: rows.length, perType, micro: score(tp, fp, fn), exactBoundaries: matched === 0 ? 1 : exact / matched };
}

/** Detector with the guardrail's defaults (or the given settings) and the given PERSON model. */
export function piiDetector(personModel: ModelRecogniser, settings: Partial<PiiSettings> = {}): (text: string) => Span[] {
  const compiled = compilePii(Value.Default(PiiSettings, structuredClone(settings)) as PiiSettings, personModel);
  return (text) => compiled.engine.scan(text).filter((e) => isEntityType(e.type));
}

/** `rampart eval` entry point for span-labelled PII files. */
export async function evaluatePiiSpans(path: string, personModel: ModelRecogniser, settings: Partial<PiiSettings> = {}): Promise<PiiSpanReport> {
  return scoreSpans(await readSpanJsonl(path), piiDetector(personModel, settings));
}

/**
 * The gold standard of personal-data detection: names marked `personal: false` (mentioned, not
 * tied to anyone the writer deals with) are not PII to report, so finding them counts against
 * precision. Without the marks every name is gold (name detection).
 */
export function personalView(rows: readonly SpanLabelledText[]): SpanLabelledText[] {
  return rows.map((row) => ({ text: row.text, spans: row.spans.filter((s) => s.type !== 'PERSON' || s.personal !== false) }));
}

const pct = (v: number): string => (v * 100).toFixed(1).padStart(6);

/** Plain-text table: one line per type, then the micro average. */
export function formatPiiSpanReport(report: PiiSpanReport): string {
  const lines = [
    `PII span evaluation: ${report.texts} texts`,
    `${'type'.padEnd(16)} ${'gold'.padStart(6)} ${'P %'.padStart(6)} ${'R %'.padStart(6)} ${'F1 %'.padStart(6)}`,
  ];
  const row = (name: string, s: TypeScore) => `${name.padEnd(16)} ${String(s.tp + s.fn).padStart(6)} ${pct(s.precision)} ${pct(s.recall)} ${pct(s.f1)}`;
  for (const [type, s] of Object.entries(report.perType)) lines.push(row(type, s));
  lines.push(row('micro', report.micro));
  lines.push(`exact boundaries on matched spans: ${pct(report.exactBoundaries)} %`);
  return lines.join('\n');
}
