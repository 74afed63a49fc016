/**
 * Facets of a labelled row used to break detection figures down: the language it is written in and
 * the attack technique it uses. Both come from the row's `category` when the dataset carries them
 * (`<technique>/<Language>` by the datasets' convention), else from the text itself.
 */

/** Languages named as the last `/` segment of a category (`xsafety:Goal_Hijacking/Arabic`). */
const LANGUAGE_NAMES: ReadonlySet<string> = new Set([
  'Arabic',
  'Bengali',
  'Chinese',
  'Danish',
  'Dutch',
  'English',
  'French',
  'German',
  'Greek',
  'Hindi',
  'Indonesian',
  'Italian',
  'Japanese',
  'Javanese',
  'Kazakh',
  'Korean',
  'Lithuanian',
  'Norwegian',
  'Portuguese',
  'Romanian',
  'Russian',
  'Serbian',
  'Spanish',
  'Swahili',
  'Tagalog',
  'Thai',
  'Turkish',
  'Vietnamese',
  'Code-switched',
]);

/** Scripts that identify a language family well enough for a report, when the category is silent. */
const SCRIPTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u3040-\u30ff]/, 'Japanese'],
  [/[\uac00-\ud7af]/, 'Korean'],
  [/[\u4e00-\u9fff]/, 'Chinese'],
  [/[\u0600-\u06ff]/, 'Arabic'],
  [/[\u0980-\u09ff]/, 'Bengali'],
  [/[\u0900-\u097f]/, 'Hindi'],
  [/[\u0e00-\u0e7f]/, 'Thai'],
  [/[\u0400-\u04ff]/, 'Russian'],
  [/[\u0370-\u03ff]/, 'Greek'],
];

/** The language a category names as its last `/` segment, or null. */
export function languageFromCategory(category: string): string | null {
  const last = category.slice(category.lastIndexOf('/') + 1);
  return LANGUAGE_NAMES.has(last) ? last : null;
}

/**
 * The row's language: the category's language suffix; otherwise the dominant non-Latin script;
 * otherwise English (the datasets' sources without a language suffix are English, and Latin-script
 * text that is not English is then reported as English: a known, small blur).
 */
export function languageOf(category: string, text: string): string {
  const named = languageFromCategory(category);
  if (named !== null) return named;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const sample = text.slice(0, 2000);
  for (const [script, language] of SCRIPTS) {
    const hits = sample.match(new RegExp(script.source, 'g'))?.length ?? 0;
    if (letters > 0 && hits / Math.min(letters, sample.length) > 0.3) return language;
  }
  return 'English';
}

/**
 * The row's technique, for attack rows: the source's sub-label without its language suffix and
 * without per-row detail (`xsafety:Goal_Hijacking`, `InjecAgent:enhanced`), or `unlabelled`.
 */
export function techniqueOf(category: string): string {
  const withoutLanguage = languageFromCategory(category) !== null ? category.slice(0, category.lastIndexOf('/')) : category;
  const parts = withoutLanguage.split(/[:/]/).filter(Boolean);
  if (parts.length === 0) return 'unlabelled';
  return parts.slice(0, 2).join(':');
}
