import type { Direction } from '../domain/check.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../domain/moderation.ts';
import { jsonlFiles, readJsonlFile, type DatasetRow } from './dataset-files.ts';
import { auc } from './auc.ts';
import { markdownCell } from './markdown-cell.ts';
import { moderationCategoriesOf } from './moderation-categories.ts';
import { languageFromCategory, techniqueOf } from './row-facets.ts';

/** The part of a check response the evaluation reads. */
export interface CheckResponseLike {
  injection_detected: boolean;
  checks: Record<string, Record<string, unknown> | undefined>;
}

export type CheckFunction = (direction: Direction, message: string) => Promise<CheckResponseLike>;

export const ATTACK_LABELS = ['injection', 'jailbreak', 'prompt_extraction'] as const;
const POSITIVE_LABELS: ReadonlySet<string> = new Set([...ATTACK_LABELS, 'harmful', 'unsafe_output']);
const NEGATIVE_LABELS: ReadonlySet<string> = new Set(['benign', 'benign_hard', 'safe_output']);

/** Answers are checked on output-check; everything else is a prompt. */
export function directionOf(label: string): Direction {
  return label === 'unsafe_output' || label === 'safe_output' ? 'output' : 'input';
}

interface Outcome {
  row: DatasetRow;
  blocked: boolean;
  llmScore: number;
  moderationUnsafe: boolean;
  moderationCategories: string[];
}

export interface LabelStats {
  rows: number;
  blocked: number;
  blockRate: number;
}

export interface CategoryStats {
  rows: number;
  flagged: number;
  /** Flagged with this category among the reported ones. */
  attributed: number;
}

export interface ClassificationStats {
  name: string;
  rows: number;
  byLabel: Record<string, LabelStats>;
  precision: number;
  recall: number;
  f1: number;
  fprBenign: number;
  fprBenignHard: number;
  /** AUC of the llm score, attacks against benign rows (NaN when a side is missing). */
  llmAuc: number;
  /** Share of `harmful` / `unsafe_output` rows that content moderation flagged. */
  moderationRecall: number;
  moderationByCategory: Partial<Record<ModerationCategory, CategoryStats>>;
}

export interface ClassificationReport {
  files: ClassificationStats[];
  overall: ClassificationStats;
  /** Per language, over rows whose category names one (`…/Spanish`); empty when none does. */
  byLanguage: ClassificationStats[];
  /** Per attack technique (the category of attack rows, language suffix removed); empty when no attack row has a category. */
  byTechnique: ClassificationStats[];
}

/** Groups outcomes by a key (rows with a null key left out) and summarises each group, keys in order. */
function summariseBy(outcomes: readonly Outcome[], keyOf: (o: Outcome) => string | null): ClassificationStats[] {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = keyOf(o);
    if (key === null) continue;
    const list = groups.get(key) ?? [];
    list.push(o);
    groups.set(key, list);
  }
  return [...groups].sort((a, b) => a[0].localeCompare(b[0])).map(([key, list]) => summarise(key, list));
}

function numberField(block: Record<string, unknown> | undefined, key: string): number {
  const v = block?.[key];
  return typeof v === 'number' ? v : NaN;
}

function parseCategories(category: unknown): string[] {
  return typeof category === 'string'
    ? category
        .replace(/^CATEGORIES:\s*/, '')
        .split(/,\s*/)
        .filter(Boolean)
    : [];
}

function summarise(name: string, outcomes: readonly Outcome[]): ClassificationStats {
  const byLabel: Record<string, LabelStats> = {};
  for (const o of outcomes) {
    const s = (byLabel[o.row.label] ??= { rows: 0, blocked: 0, blockRate: 0 });
    s.rows++;
    if (o.blocked) s.blocked++;
  }
  for (const s of Object.values(byLabel)) s.blockRate = s.blocked / s.rows;
  let tp = 0,
    fp = 0,
    fn = 0;
  for (const o of outcomes) {
    if (POSITIVE_LABELS.has(o.row.label)) o.blocked ? tp++ : fn++;
    else if (NEGATIVE_LABELS.has(o.row.label) && o.blocked) fp++;
  }
  const precision = tp + fp === 0 ? NaN : tp / (tp + fp);
  const recall = tp + fn === 0 ? NaN : tp / (tp + fn);
  const f1 = tp === 0 ? (tp + fn === 0 ? NaN : 0) : (2 * tp) / (2 * tp + fp + fn);
  const attackScores = outcomes.filter((o) => (ATTACK_LABELS as readonly string[]).includes(o.row.label)).map((o) => o.llmScore);
  const benignScores = outcomes.filter((o) => o.row.label === 'benign' || o.row.label === 'benign_hard').map((o) => o.llmScore);
  const hazards = outcomes.filter((o) => o.row.label === 'harmful' || o.row.label === 'unsafe_output');
  const moderationByCategory: Partial<Record<ModerationCategory, CategoryStats>> = {};
  for (const o of hazards) {
    for (const c of moderationCategoriesOf(o.row.category) ?? []) {
      const s = (moderationByCategory[c] ??= { rows: 0, flagged: 0, attributed: 0 });
      s.rows++;
      if (o.moderationUnsafe) s.flagged++;
      if (o.moderationUnsafe && o.moderationCategories.includes(c)) s.attributed++;
    }
  }
  return {
    name,
    rows: outcomes.length,
    byLabel,
    precision,
    recall,
    f1,
    fprBenign: byLabel.benign?.blockRate ?? NaN,
    fprBenignHard: byLabel.benign_hard?.blockRate ?? NaN,
    llmAuc: auc(attackScores, benignScores),
    moderationRecall: hazards.length === 0 ? NaN : hazards.filter((o) => o.moderationUnsafe).length / hazards.length,
    moderationByCategory,
  };
}

/**
 * Runs every row of the JSONL file(s) at `dataPath` (a file, a directory, or a list of files) through `check` (input-check for prompts,
 * output-check for answers) and summarises per file and overall.
 */
export async function evaluateClassification(
  check: CheckFunction,
  dataPath: string | readonly string[],
  /** Sees every row with its check response, for reports of one guardrail (e.g. the vector filter). */
  onResult?: (row: DatasetRow, response: CheckResponseLike) => void,
): Promise<ClassificationReport> {
  const all: Outcome[] = [];
  const files: ClassificationStats[] = [];
  for (const path of typeof dataPath === 'string' ? jsonlFiles(dataPath) : dataPath) {
    const outcomes: Outcome[] = [];
    for (const row of readJsonlFile(path)) {
      const r = await check(directionOf(row.label), row.text);
      onResult?.(row, r);
      const moderation = r.checks.content_moderation;
      outcomes.push({
        row,
        blocked: r.injection_detected,
        llmScore: numberField(r.checks.llm, 'score'),
        moderationUnsafe: moderation?.unsafe === true,
        moderationCategories: parseCategories(moderation?.category),
      });
    }
    files.push(summarise(outcomes[0]?.row.file ?? path, outcomes));
    all.push(...outcomes);
  }
  return {
    files,
    overall: summarise('overall', all),
    byLanguage: summariseBy(all, (o) => languageFromCategory(o.row.category)),
    byTechnique: summariseBy(all, (o) =>
      (ATTACK_LABELS as readonly string[]).includes(o.row.label) && o.row.category !== '' ? techniqueOf(o.row.category) : null,
    ),
  };
}

function pct(x: number): string {
  return Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`;
}

function num(x: number): string {
  return Number.isNaN(x) ? '–' : x.toFixed(3);
}

function statsTable(first: string, rows: readonly ClassificationStats[], overall?: ClassificationStats): string[] {
  const lines = [
    `| ${first} | rows | blocked per label | precision | recall | F1 | FPR benign | FPR benign_hard | llm AUC | moderation recall |`,
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of overall === undefined ? rows : [...rows, overall]) {
    const labels = Object.entries(s.byLabel)
      .sort()
      .map(([l, v]) => `${l} ${pct(v.blockRate)} (${v.blocked}/${v.rows})`)
      .join(', ');
    const name = s === overall ? '**overall**' : markdownCell(s.name);
    lines.push(
      `| ${name} | ${s.rows} | ${labels} | ${pct(s.precision)} | ${pct(s.recall)} | ${num(s.f1)} | ${pct(s.fprBenign)} | ${pct(s.fprBenignHard)} | ${num(s.llmAuc)} | ${pct(s.moderationRecall)} |`,
    );
  }
  return lines;
}

/**
 * Markdown tables: one line per file and overall, then moderation recall per category, then one
 * line per language and per attack technique when the rows' categories carry them.
 */
export function formatClassificationReport(report: ClassificationReport): string {
  const lines = statsTable('file', report.files, report.overall);
  const categories = MODERATION_CATEGORIES.flatMap((c) => {
    const s = report.overall.moderationByCategory[c];
    return s === undefined ? [] : [`| ${c} | ${s.rows} | ${pct(s.flagged / s.rows)} | ${pct(s.attributed / s.rows)} |`];
  });
  if (categories.length > 0) lines.push('', '| moderation category | rows | flagged | flagged with this category |', '|---|---:|---:|---:|', ...categories);
  if (report.byLanguage.length > 0) lines.push('', ...statsTable('language', report.byLanguage));
  if (report.byTechnique.length > 0) lines.push('', ...statsTable('attack technique', report.byTechnique));
  return lines.join('\n');
}
