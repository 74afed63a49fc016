/**
 * What the cascade band saves: the share of prompts whose built-in score falls inside the default
 * band (cascade_low 0.2 to cascade_high 0.8), i.e. that a guardrail in `cascade` mode would send to
 * its model backend, for each guardrail that can ask one. Prompts are the rows of the datasets'
 * `train/` split (ordinary prompts are its `benign` rows), checked through the pipeline with the
 * default profile; at most `--per-file` rows of each file and label, spread evenly over the file.
 *
 *   node bench/cascade-band.bench.ts [--per-file 2000] [--json OUT]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAppConfig } from '../src/config/app-config.ts';
import { loadGuardrails } from '../src/guardrails/load.ts';
import { GUARDRAILS, PROFILE_SETTINGS_SCHEMA, type GuardrailName } from '../src/guardrails/registry.ts';
import { compileProfile, runChecks } from '../src/engine/pipeline.ts';
import { parseProfileSettings } from '../src/engine/profile-settings.ts';
import { jsonlFiles, readJsonlFile, type DatasetRow } from '../src/eval/dataset-files.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../src/models/model-library.ts';

const { values } = parseArgs({ options: { 'per-file': { type: 'string', default: '2000' }, json: { type: 'string' } } });
const PER_FILE = Number(values['per-file']);
const GROUPS: Readonly<Record<string, readonly string[]>> = {
  'ordinary prompts (benign)': ['benign'],
  'hard look-alikes (benign_hard)': ['benign_hard'],
  'attacks (injection, jailbreak, prompt_extraction)': ['injection', 'jailbreak', 'prompt_extraction'],
  'harmful requests': ['harmful'],
};

const settings = parseProfileSettings(PROFILE_SETTINGS_SCHEMA, {});
const BAND = { low: settings.guardrails.llm!.cascade_low as number, high: settings.guardrails.llm!.cascade_high as number };
const registry = GUARDRAILS.filter((g) => g.backend !== undefined);
const asking = registry.map((g) => g.name);
const profile = compileProfile(
  await loadGuardrails(registry, { models: new ModelLibrary(SHIPPED_MODELS_DIR) }),
  { id: 'bench', settings, rules: { keywords: [], regexes: [] } },
  3,
);

/** Rows of one label of a file, at most PER_FILE of them, spread evenly. */
function sample(rows: readonly DatasetRow[]): DatasetRow[] {
  if (rows.length <= PER_FILE) return [...rows];
  return Array.from({ length: PER_FILE }, (_, i) => rows[Math.floor((i * rows.length) / PER_FILE)]!);
}

type Counts = { rows: number; below: number; inside: number; above: number };
const empty = (): Counts => ({ rows: 0, below: 0, inside: 0, above: 0 });
const tallies = new Map<string, Map<GuardrailName | 'any', Counts>>();
const runtimeLlm = { id: 'bench', name: 'bench', mode: 'non-forwarding' as const, systemPrompt: null };

for (const file of jsonlFiles(join(loadAppConfig({}).datasetsDir, 'train'))) {
  const byLabel = Map.groupBy(readJsonlFile(file), (r) => r.label);
  for (const [group, labels] of Object.entries(GROUPS)) {
    const rows = labels.flatMap((l) => sample(byLabel.get(l) ?? []));
    const tally = tallies.get(group) ?? new Map();
    tallies.set(group, tally);
    for (const row of rows) {
      const outcome = await runChecks(profile, { direction: 'input', message: row.text, runtimeLlm }, (name, error) => {
        throw new Error(`${name} failed: ${String(error)}`);
      });
      let anyInside = false;
      for (const name of asking) {
        const score = outcome.records[name]?.score;
        if (score === undefined) continue;
        const counts = tally.get(name) ?? empty();
        tally.set(name, counts);
        counts.rows++;
        if (score < BAND.low) counts.below++;
        else if (score > BAND.high) counts.above++;
        else {
          counts.inside++;
          anyInside = true;
        }
      }
      const any = tally.get('any') ?? empty();
      tally.set('any', any);
      any.rows++;
      if (anyInside) any.inside++;
    }
  }
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
console.log(`Default cascade band ${BAND.low}–${BAND.high}; at most ${PER_FILE} rows per file and label of train/\n`);
console.log('| prompts | guardrail | rows | below the band | in the band (backend asked) | above the band |');
console.log('|---|---|---:|---:|---:|---:|');
const report: Record<string, Record<string, Counts>> = {};
for (const [group, tally] of tallies) {
  report[group] = Object.fromEntries(tally);
  for (const [name, c] of tally) {
    const side = (n: number) => (name === 'any' ? '–' : pct(n, c.rows));
    console.log(`| ${group} | ${name === 'any' ? 'any of them' : name} | ${c.rows} | ${side(c.below)} | ${pct(c.inside, c.rows)} | ${side(c.above)} |`);
  }
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ band: BAND, perFile: PER_FILE, report }, null, 2)}\n`);
