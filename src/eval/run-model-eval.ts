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
import { loadAppConfig } from '../config/app-config.ts';
import { ModelLibrary } from '../models/model-library.ts';
import { evaluateClassification, formatClassificationReport } from './classification.ts';
import { modelGuardrailsCheck } from './direct-check.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, json: { type: 'string' } } });
const config = loadAppConfig();
const data = values.data ?? join(config.datasetsDir, 'eval');
const report = await evaluateClassification(await modelGuardrailsCheck(new ModelLibrary(config.modelsDir)), data);
console.log(formatClassificationReport(report));
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
