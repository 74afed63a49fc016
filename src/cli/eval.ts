import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { getProfile } from '../admin/profiles.ts';
import { AppError } from '../errors.ts';
import type { BackendCaller } from '../engine/ports.ts';
import { loadGuardrails } from '../guardrails/load.ts';
import { GUARDRAIL_NAMES, GUARDRAILS, type GuardrailName } from '../guardrails/registry.ts';
import type { ProfileSettings } from '../engine/profile-settings.ts';
import { PROTECTION_LEVELS, type ProtectionLevel } from '../domain/protection.ts';
import { BackendEvaluation, formatBackendContribution } from '../eval/backend-contribution.ts';
import { evaluateClassification, formatClassificationReport, type CheckResponseLike } from '../eval/classification.ts';
import { jsonlFiles, type DatasetRow } from '../eval/dataset-files.ts';
import { pipelineCheck } from '../eval/pipeline-check.ts';
import { evaluatePiiSpans, formatPiiSpanReport, isSpanLabelled } from '../eval/pii-spans.ts';
import { vectorEvalReport, type VectorScoredRow } from '../eval/vector-eval.ts';
import { formatVectorReport } from '../eval/vector-report.ts';
import { createLogger } from '../server/logger.ts';
import type { Sensitivity } from '../guardrails/vector/encoder/encoder-manifest.ts';
import { ThreatVectorRepository } from '../store/threat-vectors.ts';
import { SENTENCE_ENCODER } from '../guardrails/vector/encoder/encoder.ts';
import { PERSON_RECOGNISER } from '../guardrails/pii/index.ts';
import { modelLibrary, printJson, withDataDirOption, withProfileBackends, withStore } from './context.ts';

interface EvalFlags {
  dataDir?: string;
  data?: string;
  profile?: string;
  level?: string;
  only?: string;
  json?: boolean;
}

/** A span-labelled PII file (`{text, spans}`) rather than a classification file (`{text, label}`). */
function isSpanFile(path: string): boolean {
  const first = readFileSync(path, 'utf8')
    .split('\n')
    .find((l) => l.trim() !== '');
  return first !== undefined && isSpanLabelled(JSON.parse(first));
}

/** Settings with only the named guardrails switched on. */
function onlyThese(settings: ProfileSettings, names: readonly GuardrailName[]): ProfileSettings {
  const guardrails = { ...settings.guardrails };
  for (const name of GUARDRAIL_NAMES) guardrails[name] = { ...guardrails[name], enabled: names.includes(name) };
  return { ...settings, guardrails };
}

/** A prompt row the vector filter checked, with the classifier's verdict when it ran too. */
function vectorScored(row: DatasetRow, r: CheckResponseLike): VectorScoredRow[] {
  const vector = r.checks.vector;
  if (vector?.enabled !== true || typeof vector.score !== 'number') return [];
  const llm = r.checks.llm;
  return [{ row, score: vector.score, ...(llm?.enabled === true ? { llm: llm.detected === true } : {}) }];
}

export function registerEvalCommand(program: Command): void {
  withDataDirOption(
    program
      .command('eval')
      .description(
        "measure detection on labelled JSONL files through the real pipeline, the profile's model backends included: per file and overall block rates, precision, recall, false positives, AUC; per label, what each guardrail's backend caught besides its built-in model (and its failures and latency); when the vector filter runs, its flag rates per sensitivity, the block rate of the classifier with and without it, and paraphrase separation; PII span files get precision/recall/F1 per entity type",
      )
      .option('--data <path>', "a JSONL file or a directory of them (default: the datasets' eval split, $RAMPART_DATASETS_DIR/eval)")
      .option('--profile <profile>', 'security profile whose settings and rules apply (default: default)')
      .option('--level <level>', 'protection level 1, 2 or 3 (default 3)')
      .option('--only <guardrails>', 'run only these guardrails, comma-separated (e.g. llm,content_moderation,system_prompt)')
      .option('--json', 'print JSON'),
  ).action(async (flags: EvalFlags) => {
    const level = Number(flags.level ?? 3) as ProtectionLevel;
    if (!PROTECTION_LEVELS.includes(level)) throw new AppError('invalid_field', 'The --level flag must be 1, 2 or 3.');
    const only = flags.only?.split(',').map((s) => s.trim()) as GuardrailName[] | undefined;
    for (const name of only ?? []) if (!GUARDRAIL_NAMES.includes(name)) throw new AppError('invalid_field', `Unknown guardrail ${JSON.stringify(name)}.`);

    const result = await withStore(flags, async (store, config) => {
      const files = jsonlFiles(flags.data ?? join(config.datasetsDir, 'eval'));
      const spanFiles = files.filter(isSpanFile);
      const labelFiles = files.filter((f) => !spanFiles.includes(f));
      const profile = await getProfile(store, flags.profile ?? 'default');
      const settings = only ? onlyThese(profile.settings, only) : profile.settings;
      const models = modelLibrary(config);
      const log = createLogger('warn');
      const guardrails = await loadGuardrails(GUARDRAILS, {
        models,
        services: { threatVectors: new ThreatVectorRepository(store), dataDir: store.dataDir, log, onConfigReload: () => {} },
      });
      const checkWith = (s: ProfileSettings, backends?: BackendCaller) => pipelineCheck({ guardrails, settings: s, rules: profile.rules, level, backends });
      return withProfileBackends(store, config, settings, log, async (backends) => {
        // With backends, each message also runs on the built-in models alone and on the backends alone, to tell what each caught.
        const measured = backends && new BackendEvaluation(settings, backends, checkWith);
        const vectorRows: VectorScoredRow[] = [];
        const classification =
          labelFiles.length > 0
            ? await evaluateClassification(measured?.check ?? checkWith(settings), labelFiles, (row, r) => {
                measured?.record(row, r);
                vectorRows.push(...vectorScored(row, r));
              })
            : null;
        const sensitivity = settings.guardrails.vector.sensitivity as Sensitivity;
        const vector = vectorRows.length > 0 ? vectorEvalReport({ encoder: models.load(SENTENCE_ENCODER), scored: vectorRows, sensitivity }) : null;
        const pii = [];
        for (const file of spanFiles)
          pii.push({ file, report: await evaluatePiiSpans(file, await models.load(PERSON_RECOGNISER), settings.guardrails.pii as never) });
        return { classification, backends: measured && classification ? measured.report() : null, vector, pii };
      });
    });

    if (flags.json) return printJson(result);
    if (result.classification) process.stdout.write(`${formatClassificationReport(result.classification)}\n`);
    if (result.backends) process.stdout.write(`\n${formatBackendContribution(result.backends)}\n`);
    if (result.vector) process.stdout.write(`\n${formatVectorReport(result.vector)}\n`);
    for (const { file, report } of result.pii) process.stdout.write(`\n${file}\n${formatPiiSpanReport(report)}\n`);
  });
}
