/**
 * `npm run eval:pii`: regenerates the seeded evaluation corpus (written to tmp/pii/, git-ignored),
 * scores it per entity type, and measures how many benign prompts of the public evaluation sets get
 * any entity with the default settings. RAMPART_DATASETS overrides the datasets folder.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPiiSpanReport, piiDetector, scoreSpans } from '../../src/eval/pii-spans.ts';
import { generateEvalCorpus } from './eval-corpus.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'tmp/pii');
const DATASETS = process.env['RAMPART_DATASETS'] ?? join(ROOT, '../shared/datasets');
const BENIGN = new Set(['benign', 'benign_hard']);

async function benignFalsePositives(detect: (text: string) => { type: string }[]) {
  const dir = join(DATASETS, 'eval');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.jsonl')).sort();
  const perFile: { file: string; prompts: number; flagged: number; types: Record<string, number> }[] = [];
  for (const file of files) {
    const rows = (await readFile(join(dir, file), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { text: string; label: string });
    const benign = rows.filter((r) => BENIGN.has(r.label));
    if (benign.length === 0) continue;
    const types: Record<string, number> = {};
    let flagged = 0;
    for (const row of benign) {
      const found = detect(row.text);
      if (found.length > 0) flagged++;
      for (const e of found) types[e.type] = (types[e.type] ?? 0) + 1;
    }
    perFile.push({ file, prompts: benign.length, flagged, types });
  }
  return perFile;
}

const detect = await piiDetector();
const corpus = generateEvalCorpus();
await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, 'eval-corpus.jsonl'), corpus.map((r) => JSON.stringify(r)).join('\n') + '\n');
const report = scoreSpans(corpus, detect);
console.log(formatPiiSpanReport(report));

const benign = await benignFalsePositives(detect);
let prompts = 0;
let flagged = 0;
console.log('\nBenign prompts with any entity (default settings):');
for (const f of benign) {
  prompts += f.prompts;
  flagged += f.flagged;
  console.log(`  ${f.file}: ${f.flagged}/${f.prompts} (${((100 * f.flagged) / f.prompts).toFixed(1)} %) ${JSON.stringify(f.types)}`);
}
if (prompts > 0) console.log(`  total: ${flagged}/${prompts} (${((100 * flagged) / prompts).toFixed(2)} %)`);
await writeFile(join(OUT, 'eval-report.json'), JSON.stringify({ report, benign }, null, 2) + '\n');
