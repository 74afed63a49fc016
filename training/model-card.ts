import { ATTACK_MARKER_COUNT } from '../src/detector/attack-markers.ts';
import { STRUCTURE_FEATURES } from '../src/detector/features.ts';
import { HAZARD_MARKER_COUNT } from '../src/detector/hazard-markers.ts';
import { markdownCell } from '../src/eval/markdown-cell.ts';
import type { ModelManifest } from '../src/detector/detector-manifest.ts';
import { WINDOW_CHARS, WINDOW_STRIDE } from '../src/models/windows.ts';
import type { CorpusSummary } from './corpus.ts';
import { ATTACK_LANGUAGE_PAIRS } from './fold-schemes.ts';
import type { TrainConfig } from './trainer.ts';
import type { FacetRow, HeldOutReport, SeedRun, TargetFigures, ValidationReport } from './validation.ts';

export interface HoldoutResult {
  lang: string;
  attacks: number;
  attacksFlagged: number;
  benign: number;
  benignFlagged: number;
}

export interface CardInputs {
  manifest: ModelManifest;
  config: TrainConfig;
  excludedLicences: readonly string[];
  corpus: CorpusSummary;
  validation: (ValidationReport & { seedRuns: readonly SeedRun[]; heldOut: readonly HeldOutReport[] }) | undefined;
  evalTable: string;
  /** Hand-written analysis of missed targets (training/model-card-notes.md). */
  notes: string;
  holdout: HoldoutResult[];
  trainingSeconds: number;
  /** Foreign words aligned to English through the bilingual dictionaries. */
  dictionaryAliases: number;
  /** Entries of the shipped glossary (foreign word → English word). */
  glossaryEntries: number;
  /** Machine-translated copies of English training texts, per target language. */
  translations: Readonly<Record<string, number>>;
  parameters: number;
}

/** Said only when the run made translated copies (\`--translation-share\` above 0). */
function translationParagraph(perLanguage: Readonly<Record<string, number>>): string {
  const counts = Object.entries(perLanguage);
  if (counts.length === 0) return '';
  return `Machine-translated copies (\`machine-translation.ts\`, made at training time, never shipped): a share of
the English attacks, harmful requests and ordinary prompts, each copied into one language with its
labels and its original's validation group, at half its weight — ${counts.map(([l, n]) => `${l} ${n}`).join(', ')}.
Apertium (rule-based machine translation) writes them.

`;
}
const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function validationSection(v: ValidationReport): string {
  const heads = Object.entries(v.heads)
    .map(([h, r]) => `| ${h} | ${r.auc.toFixed(3)} | ${r.threshold.toFixed(3)} | ${pct(r.recall)} | ${pct(r.fpr)} | ${r.positives} | ${r.negatives} |`)
    .join('\n');
  const groups = v.groups.map((g) => `| ${g.group} | ${g.fold} | ${g.label} | ${g.texts} | ${pct(g.flagged)} | ${g.meanAttack.toFixed(3)} |`).join('\n');
  const atFpr = Object.entries(v.attackRecallAtFpr)
    .map(([f, r]) => `${pct(r)} at ${f}`)
    .join(', ');
  const atFprRows = Object.entries(v.attackRecallAtFprSourceRows)
    .map(([f, r]) => `${pct(r)} at ${f}`)
    .join(', ');
  const m = v.multilingual;
  return `### Out-of-source validation (grouped folds on train/)

Every source file of \`train/\` belongs to one of five folds (sources that share templates or
authors share a fold; cross-file duplicates are dropped first). The hand-written everyday messages
take part too, one group per language (English in five), so the false-positive budget covers short
chat messages (rows \`everyday:*\` below). Each fold is scored by a model
trained on the other four folds plus the hand-written material. Calibration and the default
thresholds are fitted on these out-of-source scores only.

Attack head (the \`llm\` score), attack recall at a benign false-positive rate of: ${atFpr}
(all out-of-source attack texts, including attacks wrapped in requests or documents and jailbroken variants of a
held-out source's requests); on the source rows alone: ${atFprRows}.

Answer head: F1 ${v.answerF1.toFixed(3)} on out-of-source answers of train/ at its threshold.

| head | AUC | threshold | recall | false positives | positives | negatives |
|---|---:|---:|---:|---:|---:|---:|
${heads}

Per source (flagged = any of the attack, extraction or hazard heads at their thresholds; for answers,
the unsafe-output head):

| source | fold | label | texts | flagged | mean attack score |
|---|---:|---|---:|---:|---:|
${groups}

Non-English rows of train/ (out-of-source): attacks ${m.attacks} (flagged ${pct(m.attackRecall)}),
benign ${m.benign} (flagged ${pct(m.benignFpr)}), harmful ${m.harmful} (hazard head ${pct(m.harmfulRecall)}).

${facetSection('By language (source rows; the language is the category suffix, else the script):', v.byLanguage, true)}
${facetSection("By attack technique (source rows; the technique is the source's sub-label):", v.byTechnique, false)}`;
}

/** Validation with whole languages, or whole attack techniques, held out (training/fold-schemes.ts). */
function heldOutSection(reports: readonly HeldOutReport[]): string {
  // The first seed's tables; the targets table gives the spread over seeds.
  const language = reports.find((r) => r.scheme === 'language');
  const technique = reports.find((r) => r.scheme === 'technique');
  const summary = (o: FacetRow) =>
    [
      `attacks ${o.attacks} (flagged ${pct(o.attackRecall)})`,
      ...(o.benign > 0 ? [`benign ${o.benign} (flagged ${pct(o.benignFpr)})`] : []),
      ...(o.harmful > 0 ? [`harmful ${o.harmful} (flagged ${pct(o.harmfulRecall)})`] : []),
    ].join(', ');
  const overall = (r: HeldOutReport) => `All scored rows — ${r.overall.map((o) => `${o.facet}: ${summary(o)}`).join('; ')}`;
  const parts: string[] = [];
  if (language) {
    parts.push(`**Held-out languages** (training seed ${language.seed}). Five folds of languages (the attack languages of train/
two to a fold: ${ATTACK_LANGUAGE_PAIRS.map((pair) => pair.join(' and ')).join(', ')};
other languages by name; English is never held out). A fold's model trains on no text in its
languages — neither the sources' rows nor the machine-translated copies, hand-written phrases or everyday
messages — and on none of the sources its scored rows come from, in any language: its scores are those of
a model that has seen neither the language nor the source, as with a translated attack from a new source.
Source rows are scored, at the shipped calibration and thresholds; "at 1% FPR" uses the held-out benign
rows of the same folds. ${overall(language)}.

${facetSection('', language.rows, true)}`);
  }
  if (technique) {
    parts.push(`**Held-out attack techniques** (training seed ${technique.seed}). The attack rows of train/ are grouped into
technique families by their sources' own sub-labels; a fold's model trains on no attack text of its family,
from any source, nor on their copies (translations, wrappings), and scores the family's source rows at the
shipped calibration and thresholds. Hand-written attack templates, which are not of any source's
families, are trained on in every fold. ${overall(technique)}.

${facetSection('', technique.rows, false, 'technique family')}`);
  }
  return parts.length === 0 ? '' : `### Held-out languages and techniques\n\n${parts.join('\n')}`;
}

/** What detection must reach out-of-source; the eval/ table is a report and never a target. */
const TARGETS: ReadonlyArray<readonly [keyof TargetFigures, string, string, (x: number) => boolean]> = [
  ['attackRecallEnglish', 'attacks flagged, English source rows', '≥ 80%', (x) => x >= 0.8],
  ['attackRecallOther', 'attacks flagged, other languages', '≥ 70%', (x) => x >= 0.7],
  ['benignMacroFpr', 'benign flagged (macro over sources)', '≤ 1%', (x) => x <= 0.01],
  ['hardBenignMacroFpr', 'hard-benign flagged (macro over sources)', '≤ 3%', (x) => x <= 0.03],
  ['harmfulRecall', 'hazardous requests and statements flagged', '≥ 75%', (x) => x >= 0.75],
  ['refusalsFlagged', 'refusal answers flagged', '≤ 5%', (x) => x <= 0.05],
  ['safeAnswersFlagged', 'safe answers of sources flagged', '≤ 10%', (x) => x <= 0.1],
  ['unsafeAnswerRecall', 'unsafe answers flagged', '≥ 90%', (x) => x >= 0.9],
];

const HELD_OUT_TARGETS: ReadonlyArray<readonly [HeldOutReport['scheme'], string, string, string, (x: number) => boolean]> = [
  ['technique', 'English', 'attacks flagged, English source rows, technique held out', '≥ 80%', (x) => x >= 0.8],
  ['language', 'other languages', 'attacks flagged, other languages, language held out', '≥ 70%', (x) => x >= 0.7],
];

function spread(xs: readonly number[]): string {
  if (xs.length < 2) return '–';
  return `${pct(Math.min(...xs))} – ${pct(Math.max(...xs))}`;
}

/** The detection targets on out-of-source validation, with the spread over training seeds. */
function targetsSection(runs: readonly SeedRun[], heldOut: readonly HeldOutReport[]): string {
  const rows = TARGETS.map(([key, what, target, ok]) => {
    const first = runs[0]!.targets[key];
    return `| ${what} | ${target} | ${pct(first)} | ${spread(runs.map((r) => r.targets[key]))} | ${ok(first) ? 'met' : '**missed**'} |`;
  });
  const perSource = runs.map((r) => r.targets.attackRecallEnglishPerSource);
  rows.splice(1, 0, `| same, each source counted once (not a target) | – | ${pct(perSource[0]!)} | ${spread(perSource)} | |`);
  // The same attack targets where the language, or the technique, was never seen.
  for (const [scheme, facet, what, target, ok] of HELD_OUT_TARGETS) {
    const recalls = heldOut.filter((r) => r.scheme === scheme).map((r) => r.overall.find((o) => o.facet === facet)?.attackRecall ?? Number.NaN);
    if (recalls.length > 0) rows.push(`| ${what} | ${target} | ${pct(recalls[0]!)} | ${spread(recalls)} | ${ok(recalls[0]!) ? 'met' : '**missed**'} |`);
  }
  return `Out-of-source validation at the shipped thresholds (model guardrails on input: attack, extraction or
hazard head; answers: the answer head). ${runs.length} training seed(s): ${runs.map((r) => r.seed).join(', ')}; the first
seed's scores set the calibration, the spread column gives the lowest and highest value over seeds.
The rows "technique held out" and "language held out" come from the folds of the section above.

| measure | target | measured | spread over seeds | |
|---|---|---:|---:|---|
${rows.join('\n')}`;
}

function facetSection(title: string, rows: readonly FacetRow[], withBenign: boolean, facetName = withBenign ? 'language' : 'technique'): string {
  const body = rows
    .filter((r) => r.attacks + (withBenign ? r.benign + r.harmful : 0) > 0)
    .map((r) =>
      withBenign
        ? `| ${markdownCell(r.facet)} | ${r.attacks} | ${pct(r.attackRecall)} | ${pct(r.attackRecallAt1)} | ${r.benign} | ${pct(r.benignFpr)} | ${r.harmful} | ${pct(r.harmfulRecall)} |`
        : `| ${markdownCell(r.facet)} | ${r.attacks} | ${pct(r.attackRecall)} | ${pct(r.attackRecallAt1)} |`,
    )
    .join('\n');
  const head = withBenign
    ? `| ${facetName} | attacks | flagged (shipped) | attack head at 1% FPR | benign | benign flagged | harmful | harmful flagged |\n|---|---:|---:|---:|---:|---:|---:|---:|`
    : `| ${facetName} | attacks | flagged (shipped) | attack head at 1% FPR |\n|---|---:|---:|---:|`;
  return `${title ? `${title}\n\n` : ''}${head}\n${body}\n`;
}

function holdoutSection(rows: readonly HoldoutResult[]): string {
  const sum = (f: (r: HoldoutResult) => number) => rows.reduce((a, r) => a + f(r), 0);
  const lines = rows.map((r) => `| ${r.lang} | ${r.attacksFlagged}/${r.attacks} | ${r.benignFlagged}/${r.benign} |`).join('\n');
  return `### Multilingual hold-out (hand-written, never trained on)

\`training/multilingual-holdout.ts\`: new sentences in trained languages and sentences in five languages
absent from training (fi, hu, ur, ta, lt). Flagged = blocked by any model guardrail at default settings.

| language | attacks blocked | benign blocked |
|---|---:|---:|
${lines}
| **all** | ${sum((r) => r.attacksFlagged)}/${sum((r) => r.attacks)} | ${sum((r) => r.benignFlagged)}/${sum((r) => r.benign)} |
`;
}

export function renderModelCard(c: CardInputs): string {
  const f = c.manifest.files;
  const sources = c.corpus.files.map((s) => `| ${s.file} | ${s.license} | ${s.rows} | ${s.excluded ? 'excluded' : s.used} |`).join('\n');
  return `# ${c.manifest.name}

Rampart's in-process detector: one shared encoder, one forward pass, heads for prompt injection /
jailbreak (\`llm\` score), system-prompt and secret extraction (\`system_prompt\`), hazardous requests
and harmful answers (\`content_moderation\`) with six categories. Generated by \`npm run train\`
(seed ${c.config.seed}, ${c.trainingSeconds.toFixed(0)} s on this machine); do not edit by hand.

## Architecture

1. **Normalisation** (\`src/text/\`): NFKC, invisible and bidi characters removed, lower case, whitespace
   collapsed, homoglyphs and leetspeak folded. Payloads hidden in base64, hex, binary, URL-encoding,
   ROT13 or reversed text are decoded and scored as extra views; each head keeps its highest score.
   A message written mostly in words of the glossary (\`glossary.tsv\`: ${c.glossaryEntries.toLocaleString('en')} foreign words of ten languages
   → their English translation, derived from the same FreeDict dictionaries; at least four of its words
   and 15 % of them) is also scored as its word-for-word English gloss, so that an attack in a
   language the training saw little of is also read through what was learned from English sources.
2. **Windows**: texts longer than ${WINDOW_CHARS.toLocaleString('en')} characters are scored in overlapping windows (stride ${WINDOW_STRIDE.toLocaleString('en')}),
   so a 100k-character message is read completely in time linear in its length.
3. **Features per window** (\`src/detector/features.ts\`):
   - hashed character 4-grams (plus character bigrams for Chinese, Japanese, Korean and Thai) and
     word uni/bigrams into ${c.manifest.features.buckets.toLocaleString('en')} buckets,
     pooled with inverse-document-frequency weights through a learned ${c.manifest.features.hidden}-d embedding; the pooling
     adds a pseudo-count of ${c.manifest.features.poolPrior} units of empty evidence, so a message of a few n-grams pools to
     nearly nothing and needs marker or word-vector evidence to score high;
   - mean and max of GloVe-derived word vectors (${c.manifest.features.wordDims}-d, unit length, int8; a foreign word
     borrows the vector of its English translation: ${c.dictionaryAliases} words aligned through FreeDict bilingual
     dictionaries of ten languages, read at training time, plus hand-written aliases for attack vocabulary);
   - ${STRUCTURE_FEATURES} script-independent structure features (including the share of "token soup" — symbols
     glued inside words — overall and in the last quarter of the text, and unknown words in the last quarter:
     the signature of optimised adversarial suffixes), ${ATTACK_MARKER_COUNT} hand-written attack-marker families
     (override verbs aimed at prior instructions, persona switches, rule lifting, refusal
     suppression, prompt and secret requests, fake role delimiters, encodings; three of them carry the
     override, rule-lifting and system-prompt markers into 20 other languages) and ${HAZARD_MARKER_COUNT} hazard-marker
     families (category cues, requests for methods, evading detection, content aimed at people, and
     conjunctions of an action with a hazardous object: making a weapon or drug, harm aimed at a person,
     breaking into someone's accounts — a hazard word alone is not a hazardous request; and answers
     that refuse or comply). The markers sit behind a gate read off their own sources
     (\`gated-patterns.ts\`): a pattern whose literal prefixes do not occur in the text is not run.
4. **Encoder and heads**: one ReLU layer of ${c.manifest.features.hidden} units over [pooled embedding + dense
   features], then ${c.manifest.heads.length} sigmoid heads: ${c.manifest.heads.join(', ')}. Category heads are
   conditional on a hazard (a category's reported score = hazard × category probability).
5. **Calibration** on out-of-source validation scores: the blocking heads (attack, extraction and
   harmful: the llm, system_prompt and content moderation guardrails) share one budget, at most 1 % of
   benign prompts blocked by any of them; each head's raw score at its share of that budget maps to 0.5
   (the default threshold). The rate is a macro average over benign sources (the everyday messages count as one source), so a large, easy source such as
   8,800 maths questions cannot buy a loose threshold for the others; the median benign prompt maps
   to 0.01, through one sigmoid (a Platt-form map anchored on two operating points). Platt scaling
   fitted by likelihood on the same scores has a slope of about 0.2, because held-out sources
   overlap, and would leave harmless prompts near 0.3; the anchored map keeps the ranking and makes
   "harmless ≈ 0, blocked ≥ 0.5" hold. Above the threshold a second slope maps the median out-of-source
   attack that is caught to 0.95, so obvious attacks score near 1, as the specification observes.
   The answer head is anchored the same way on safe answers: its threshold flags at most 5 % of
   the out-of-source safe answers of sources, and at most 5 % of the written ones (refusals composed
   around a source's requests, safety notes; macro over pools); the median safe answer maps to 0.01.
   Every detector reads the message with its encoded runs (base64, hex, binary, URL escapes) replaced by
   the text they decode to: an encoding counts for what it says, not for looking like noise.

${(c.parameters / 1e6).toFixed(1)} M parameters. Files: \`weights.bin\` ${mb(f.weights.bytes)}, \`vocabulary.txt\` ${mb(f.vocabulary.bytes)}, \`glossary.tsv\` ${mb(f.glossary.bytes)}
(total ${mb(f.weights.bytes + f.vocabulary.bytes + f.glossary.bytes)}), sha256-verified at load.

**Why this design and not the alternatives.** A TF-IDF + logistic-regression baseline reaches 74 % of
eval/ attacks but only ~26 % recall at 1 % false positives on unseen sources: it memorises the
phrasing of its training templates. A transformer (86M+ parameters) generalises better but needs
100+ ms per prompt on CPU and a model hub we cannot reach. The middle road here keeps the hashed
n-grams (obfuscation, spelling, other scripts), adds meaning that does not depend on a source's
wording (word vectors trained on 6B tokens of general text, attack-marker families, structure), and
forces the network to use each path alone through bag and vector dropout during training. Training
is Adam for the dense layers and Adagrad for the sparse embedding rows, in plain Float32Arrays.

## Training data

Read from \`train/\` of the shared datasets (path: \`RAMPART_DATASETS_DIR\`, default \`../shared/datasets\`);
excluded licences this run: ${c.excludedLicences.length > 0 ? c.excludedLicences.join(', ') : 'none'}
(\`npm run train -- --exclude-license CC-BY-NC,GPL\` retrains without them). Label handling: BIPIA payloads are
only used embedded in documents; RealToxicityPrompts prefixes are not used; red-team first turns,
Davidson hate-speech tweets and generated HarmfulQA questions carry reduced weight; Davidson's
profanity-only "offensive" tweets are not used; tense and persuasion reformulations of hazardous
requests train the hazard head (they are hazardous requests in disguise), not the attack head.
Game logs (Gandalf, Tensor Trust) keep only messages that carry attack content on their own (an
attack-marker family fires, or the message names what the game protects: a password, the instructions,
the prompt, the access phrase); openers and filler such as "Do you speak Spanish?" are dropped.

| source file | licence | rows | texts used |
|---|---|---:|---:|
${sources}

Hand-written material (in \`training/data/\`, no dataset text; \`test/models/training-data.test.ts\` fails if
an eval/ text appears in it): compositional attack and persona templates,
benign requests full of trigger words, attack and benign phrases in 26 languages, foreign-word aliases,
about 900 short everyday messages in 28 languages and scripts (greetings, acknowledgements, one-line
requests, follow-ups, customer-service questions; \`everyday-messages.ts\`), and attack families absent
from train/ (\`attack-families.ts\`, \`attack-techniques.ts\`): role-play and story framings,
optimisation-style suffixes, rule templates, payload splitting, forged few- and many-shot transcripts,
virtualization and claimed system modes wrapped around the train/ hazardous requests (kept in the
request's validation fold),
indirect injections in e-mails, web pages, tool output, JSON, markdown and code, forged multi-turn
transcripts, transliterated attacks, and their look-alikes (harmless role-play, documents that ask to
ignore an earlier e-mail, tool output with instructions, code that joins strings, chat logs of harmless
requests, questions about emulators and games, genuine notices about modes); safe answers that name a hazard to refuse it,
warn about it or redirect (\`answers/\`), composed around the train/ requests. Collections of user-written
statements (comments, tweets, hate-speech test suites in English, Korean, Chinese, Portuguese, French and
Arabic) train the hazard head with HATE when a group or identity is targeted, VIOLENCE when the statement
threatens, HARASSMENT otherwise; their non-hateful contrasts (counter-speech, reclaimed words, neutral
mentions of identity) are negatives. Translated collections (MultiJail, XSafety, XQuAD, xSID, the PUD
treebanks) keep one item's translations in one validation fold.

${translationParagraph(c.translations)}## Evaluation

${c.validation !== undefined ? validationSection(c.validation) : '_Validation skipped in this run._\n'}
${c.validation !== undefined ? heldOutSection(c.validation.heldOut) : ''}
${holdoutSection(c.holdout)}
### eval/ (public benchmark; never used for training, calibration or thresholds)

Model guardrails at default settings (\`npm run eval\`); blocked = any of llm, system_prompt,
content_moderation detected.

${c.evalTable}

## Targets

${c.validation !== undefined ? targetsSection(c.validation.seedRuns, c.validation.heldOut) : '_Validation skipped in this run._'}

${c.notes}

## Default thresholds

${Object.entries(c.manifest.thresholds)
  .map(([h, t]) => `- \`${h}\`: ${t.toFixed(3)}`)
  .join('\n')}
`;
}
