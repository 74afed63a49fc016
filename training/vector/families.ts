import type { DatasetRow } from '../dataset.ts';

/**
 * Store families: what kind of attack a stored vector stands for, named for operators reading a
 * match ("jailbreak/persuasion"), from the source file and, where the source labels them, its
 * sub-categories.
 */
const BY_FILE: ReadonlyArray<readonly [RegExp, string]> = [
  [/tensor-trust-data__extraction/, 'prompt_extraction/access-code'],
  [/tensor-trust-data__hijacking/, 'injection/goal-hijacking'],
  [/tense_reformulations/, 'jailbreak/tense-reformulation'],
  [/persuasion_and_framing/, 'jailbreak/persuasion'],
  [/verazuo_jailbreak/, 'jailbreak/in-the-wild'],
  [/gandalf/, 'prompt_extraction/password'],
  [/prompt-extraction__extraction/, 'prompt_extraction/system-prompt'],
  [/jailbreak_templates|jailbreak_prompts/, 'jailbreak/template'],
];

export function familyOf(row: Pick<DatasetRow, 'file' | 'label' | 'category'>): string {
  if (/persuasion_and_framing/.test(row.file) && row.category.startsWith('historical')) return 'jailbreak/historical-framing';
  if (/jailbreak_templates/.test(row.file) && /^(dan|template:dan)/i.test(row.category)) return 'jailbreak/dan';
  for (const [pattern, family] of BY_FILE) if (pattern.test(row.file)) return family;
  return `${row.label}/other`;
}
