import { VECTOR_SENSITIVITIES } from '../guardrails/vector/encoder/encoder-manifest.ts';
import type { Sensitivity } from '../guardrails/vector/encoder/encoder-manifest.ts';
import type { VectorEvalReport } from './vector-eval.ts';

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
const levels = (f: Record<Sensitivity, number>, rows: number) => VECTOR_SENSITIVITIES.map((s) => `${pct(f[s], rows)} (${f[s]})`).join(' | ');

/** Markdown tables of a vector evaluation; `heading` is the level of its section titles ('##', '###'). */
export function formatVectorReport(r: VectorEvalReport, heading = '##'): string {
  const head = `| ${VECTOR_SENSITIVITIES.map((s) => `${s} (score ≥ ${r.thresholds[s]})`).join(' | ')} |`;
  const lines = [
    `${heading} Vector filter alone, per file and label (encoder ${r.encoder})`,
    '',
    `| file | label | rows ${head}`,
    `|---|---|---:|${VECTOR_SENSITIVITIES.map(() => '---:').join('|')}|`,
    ...r.files.map((s) => `| ${s.file} | ${s.label} | ${s.rows} | ${levels(s.flagged, s.rows)} |`),
    '',
    `| all files | rows ${head}`,
    `|---|---:|${VECTOR_SENSITIVITIES.map(() => '---:').join('|')}|`,
    ...r.totals.map((t) => `| ${t.name} | ${t.rows} | ${levels(t.flagged, t.rows)} |`),
  ];
  if (r.combined) {
    const models = r.combined.every((c) => c.models !== undefined);
    lines.push(
      '',
      `${heading} Block rate with the classifier (vector filter at ${r.sensitivity})`,
      '',
      `| rows | n | classifier alone | classifier + vector |${models ? ' all model guardrails | all model guardrails + vector |' : ''}`,
      `|---|---:|---:|---:|${models ? '---:|---:|' : ''}`,
      ...r.combined.map(
        (c) =>
          `| ${c.name} | ${c.rows} | ${pct(c.llm, c.rows)} | ${pct(c.llmOrVector, c.rows)} |${models ? ` ${pct(c.models!, c.rows)} | ${pct(c.modelsOrVector!, c.rows)} |` : ''}`,
      ),
    );
  }
  if (r.separation.length > 0) {
    lines.push(
      '',
      `${heading} Paraphrase separation`,
      '',
      'Mean cosine similarity between two restatements of one attack, against that between a restatement and',
      'unrelated benign text (`benign` rows); AUC = chance that a paraphrase pair is the closer one.',
      '',
      '| group | members | paraphrase pairs | paraphrase vs benign | AUC |',
      '|---|---:|---:|---:|---:|',
      ...r.separation.map((s) => `| ${s.group} | ${s.members} | ${s.within.toFixed(3)} | ${s.toBenign.toFixed(3)} | ${s.auc.toFixed(3)} |`),
    );
  }
  return lines.join('\n');
}
