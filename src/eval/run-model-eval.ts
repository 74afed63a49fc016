/**
 * `npm run eval`: evaluates the model guardrails on labelled JSONL files (default: the datasets'
 * eval split) and prints the per-file table. `rampart eval --data` runs the same evaluation through
 * the full pipeline.
 *
 *   node src/eval/run-model-eval.ts [--data FILE_OR_DIR] [--json OUT]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateClassification, formatClassificationReport } from './classification.ts';
import { defaultDatasetsDir } from './dataset-files.ts';
import { modelGuardrailsCheck } from './direct-check.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, json: { type: 'string' } } });
const data = values.data ?? join(defaultDatasetsDir(), 'eval');
const report = await evaluateClassification(await modelGuardrailsCheck(), data);
console.log(formatClassificationReport(report));
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
