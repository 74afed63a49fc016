import type { VectorEvalReport } from '../../src/eval/vector-eval.ts';
import { formatVectorReport } from '../../src/eval/vector-report.ts';
import type { Sensitivity } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import type { RequestCalibration, RequestSeedManifest } from '../../src/guardrails/vector/request-matching.ts';
import { SHAPE_WINDOW } from '../../src/guardrails/vector/suffix-shape.ts';
import { pct } from '../metrics.ts';

export interface SourceFlags {
  source: string;
  rows: number;
  flagged: number;
}

export interface RequestReport {
  encoder: string;
  requests: number;
  shapes: number;
  benignTexts: number;
  calibration: RequestCalibration;
  oddnessQuantile: number;
  sourceCap: number;
  sensitivities: Array<{
    sensitivity: Sensitivity;
    target: number;
    similarity: number;
    benignMacro: number;
    benignMax: number;
    /** Requests with a suffix of unseen soup material, matched against the other requests. */
    suffixedRequests: number;
    /** The same requests without a suffix: these must not flag. */
    plainRequests: number;
    benign: SourceFlags[];
  }>;
}

export function renderRequestModelCard(manifest: RequestSeedManifest, report: RequestReport, evaluation: VectorEvalReport): string {
  const { calibration: c } = report;
  const medium = report.sensitivities.find((s) => s.sensitivity === 'Medium')!;
  return `# Vector filter: hazardous requests carrying an adversarial suffix

Request seed \`models/request-seed/\`: ${report.requests} vectors of hazardous requests from the training
split (family \`harmful-request\`, a short id each, no text), computed by encoder \`${manifest.encoder}\`,
plus the frequencies of ${report.shapes} chunk shapes counted on ${report.benignTexts} benign training texts.
Built by \`npm run train:requests\` (training/vector/train-requests.ts); code in
src/guardrails/vector/request-matching.ts and src/guardrails/vector/suffix-shape.ts.

## What it catches

An optimisation-style attack (GCG, DSN and their kin) appends a suffix of glued sub-words, marks and
capitals to a plain hazardous request. The suffix is different every time, so no stored attack is
near it, and the request on its own is content moderation's business, not an attack. Together they
are a jailbreak. So the filter keeps known hazardous requests as a second partition of the store and
searches it only when the message is built like a suffix:

- **Oddness**: each whitespace-separated chunk is reduced to its shape (\`oppositeley.](\` → \`a.](\`,
  \`giving**ONE\` → \`a**A\`), scored by its surprisal under the benign shape frequencies, and the
  message's oddness is the highest mean surprisal over ${SHAPE_WINDOW} consecutive chunks. The message counts as
  suffixed at oddness ≥ **${c.oddnessThreshold}**: the ${pct(report.oddnessQuantile)} quantile of the plain requests, so a
  plain request almost never does.
- **Request similarity**: the closest request entry to any part of the message. Its similarity is
  mapped onto the filter's score scale so that each sensitivity's request threshold lands on that
  sensitivity's score threshold; the filter's score is the best of its attack and request matches.

## Calibration (training split only)

Request thresholds are the lowest similarities at which suffixed benign texts stay within the
benign targets of the encoder (macro over sources), with no source above ${report.sourceCap}× the target. Each
benign source's oddness is read with shape frequencies counted without that source, as for text
never seen. Similarity floor (benign median): ${c.similarityFloor}.

| sensitivity | benign target | request similarity ≥ | benign macro | worst benign source | suffixed requests flagged | plain requests flagged |
|---|---:|---:|---:|---:|---:|---:|
${report.sensitivities.map((s) => `| ${s.sensitivity} | ${pct(s.target)} | ${s.similarity} | ${pct(s.benignMacro)} | ${pct(s.benignMax)} | ${pct(s.suffixedRequests)} | ${pct(s.plainRequests)} |`).join('\n')}

Suffixed requests: every request with a suffix built from its validation fold's slice of the soup
material (training/attack-families.ts), matched against the other requests (its own entry left out).
Benign flags at Medium, per source:

| source | rows | flagged |
|---|---:|---:|
${medium.benign.map((f) => `| ${f.source} | ${f.rows} | ${f.flagged} |`).join('\n')}

## Evaluation split (measured once, never used to choose)

The whole vector filter — attack and request matches — on \`eval/\`.

${formatVectorReport(evaluation, '###')}

## Limits

- A suffix written in ordinary words (PAIR-style rewrites, persuasion) is not odd; the attack
  partition has to catch those.
- A hazardous request the store does not know, or one far from every stored request, is not matched
  even with a suffix. Operators add requests through the review loop with family \`harmful-request\`
  (or \`harmful-request/…\`).
- Text in other scripts than Latin is skipped by the shape reading, so a suffix made only of such
  chunks is not seen as one.
`;
}
