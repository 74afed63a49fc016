import { normaliseForDetection } from '../src/text/normalise.ts';
import type { DatasetRow } from './dataset.ts';
import { STATEMENT_SOURCES, labelRow, type LabelledText } from './labels.ts';
import { groupStatements } from './group-statements.ts';
import { isExcluded } from './licences.ts';
import type { Random } from './random.ts';
import { safeAnswers } from './safe-answers.ts';
import {
  attackFamilyTexts,
  embeddedInjections,
  everydayTexts,
  hardNegatives,
  jailbrokenRequests,
  multilingualTexts,
  refusals,
  techniqueNegatives,
  templatedTexts,
  wrappedAttacks,
} from './synthetic.ts';

/** At most this many texts are kept per source file (the biggest benign sources are subsampled). */
const MAX_TEXTS_PER_FILE = 10000;

/**
 * Drops rows whose text (normalised, first 120 characters) already appeared in an earlier file:
 * several jailbreak collections copy each other, and a copy in another validation fold would leak.
 */
function dropCrossFileDuplicates(rows: readonly DatasetRow[]): DatasetRow[] {
  const firstFile = new Map<string, string>();
  return rows.filter((r) => {
    const key = normaliseForDetection(r.text).slice(0, 120);
    const seen = firstFile.get(key);
    if (seen === undefined) {
      firstFile.set(key, r.file);
      return true;
    }
    return seen === r.file;
  });
}

export interface CorpusSummary {
  files: Array<{ file: string; license: string; rows: number; used: number; excluded: boolean }>;
}

export function buildCorpus(
  allRows: readonly DatasetRow[],
  excludedLicences: readonly string[],
  rng: Random,
): { texts: LabelledText[]; summary: CorpusSummary } {
  const kept = allRows.filter((r) => !isExcluded(r, excludedLicences));
  const rows = dropCrossFileDuplicates(kept);
  const texts: LabelledText[] = [];
  const byFile = new Map<string, DatasetRow[]>();
  for (const r of rows) {
    let list = byFile.get(r.file);
    if (list === undefined) byFile.set(r.file, (list = []));
    list.push(r);
  }
  for (const [, list] of [...byFile].sort((a, b) => a[0].localeCompare(b[0]))) {
    const sample = list.length > MAX_TEXTS_PER_FILE ? rng.shuffle(list.slice()).slice(0, MAX_TEXTS_PER_FILE) : list;
    for (const r of sample) {
      const t = labelRow(r);
      if (t !== null) texts.push(t);
    }
  }
  const payloads = rows.filter((r) => /BIPIA__attack_payloads/.test(r.file));
  const emails = rows.filter((r) => /BIPIA__email_contexts/.test(r.file));
  const attacks = texts.filter((t) => t.label === 'injection' || t.label === 'prompt_extraction');
  // Requests to an LLM, not statements (comments, tweets) or red-team openers.
  const requests = texts.filter((t) => t.label === 'harmful' && !STATEMENT_SOURCES.test(t.group) && !/hh-rlhf|multijail|csrt/.test(t.group));
  texts.push(
    ...embeddedInjections(payloads, emails, rng),
    ...wrappedAttacks(attacks, rng, 0.3),
    ...multilingualTexts(rng),
    ...hardNegatives(),
    ...templatedTexts(rng),
  );
  // HarmfulQA's generated academic questions mostly read as study questions: not wrapped as jailbreaks.
  texts.push(
    ...jailbrokenRequests(
      requests.filter((t) => !t.category.startsWith('harmfulqa:')),
      rng,
      0.3,
    ),
    ...refusals(requests, rng, 0.3),
  );
  texts.push(...everydayTexts(rng), ...attackFamilyTexts(rng, 700));
  // After every other generator, so the texts they produce stay as they were for the same seed.
  texts.push(...safeAnswers(requests, rng, 0.3));
  texts.push(...groupStatements(rng, 1500, 1800));
  texts.push(...techniqueNegatives(rng));

  const used = new Map<string, number>();
  for (const t of texts) used.set(t.group, (used.get(t.group) ?? 0) + 1);
  const files = [...new Set(allRows.map((r) => r.file))].sort().map((file) => {
    const first = allRows.find((r) => r.file === file)!;
    return {
      file,
      license: first.license,
      rows: allRows.filter((r) => r.file === file).length,
      used: used.get(file) ?? 0,
      excluded: isExcluded(first, excludedLicences),
    };
  });
  return { texts, summary: { files } };
}
