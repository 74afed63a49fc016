import type { Command } from 'commander';
import { modelBackendJson } from '../admin/json.ts';
import { JUDGE_FORMATS } from '../backends/judge-formats.ts';
import { orList } from '../schema-wording.ts';
import {
  createModelBackend,
  DEFAULT_TIMEOUTS_IN_WORDS,
  deleteModelBackend,
  listModelBackendsOf,
  requireDeletableModelBackend,
  requireModelBackend,
  updateModelBackend,
  type ModelBackendInput,
} from '../admin/model-backends.ts';
import type { StoredModelBackend } from '../store/model-backends.ts';
import { confirmOrRefuse, withYesOption } from './confirm.ts';
import { cliActor, credentialBoxOf, printJson, printTable, secretFromFlags, withDataDirOption, withStore } from './context.ts';

interface BackendFlags {
  dataDir?: string;
  json?: boolean;
  name?: string;
  kind?: string;
  path?: string;
  url?: string;
  model?: string;
  format?: string;
  apiKeyFile?: string;
  apiKeyEnv?: string;
  clearApiKey?: boolean;
  timeoutMs?: string;
  breakerFailures?: string;
  breakerCooldownMs?: string;
  maxConcurrency?: string;
  queueDepth?: string;
  intraOpThreads?: string;
}

/** The settings flags of `create` and `update`; on `update` a flag left out keeps its value, so no default is named. */
function withSettingOptions(command: Command, creating: boolean): Command {
  const byDefault = (text: string) => (creating ? ` (${text})` : '');
  return withDataDirOption(
    command
      .option('--kind <kind>', 'onnx (a local classifier folder) or llm_judge (a safety LLM behind an OpenAI-compatible API)')
      .option('--path <folder>', 'onnx: absolute path of the folder holding model.onnx, tokenizer.json and manifest.json')
      .option('--url <url>', 'llm_judge: OpenAI-compatible base URL, e.g. http://vllm:8000/v1')
      .option('--model <name>', 'llm_judge: the served model name')
      .option('--format <format>', `llm_judge: ${orList(JUDGE_FORMATS)}`)
      .option('--api-key-file <file>', 'llm_judge: read the API key from a file; stored encrypted')
      .option('--api-key-env <variable>', 'llm_judge: read the API key from this environment variable')
      .option('--timeout-ms <ms>', `longest wait for an answer${byDefault(`default ${DEFAULT_TIMEOUTS_IN_WORDS}`)}`)
      .option('--breaker-failures <n>', `consecutive failures that open the circuit breaker${byDefault('default 5')}`)
      .option('--breaker-cooldown-ms <ms>', `how long an open breaker refuses calls${byDefault('default 30000')}`)
      .option('--max-concurrency <n|unlimited>', `calls each worker thread sends at once${byDefault('default unlimited: no call waits')}`)
      .option('--queue-depth <n>', `calls each worker thread lets wait for a free slot; more fail at once with queue_full${byDefault('default 64')}`)
      .option('--intra-op-threads <n|default>', `onnx: onnxruntime's threads per worker thread${byDefault('default: one per physical core')}`)
      .option('--json', 'print JSON'),
  );
}

/** A whole number flag; anything else is passed on as NaN and refused with the setting's range. */
function integer(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** A whole number flag, or the word that means null (no limit, the library's default). */
function integerOr(word: string, value: string | undefined): number | null | undefined {
  return value === word ? null : integer(value);
}

function toInput(flags: BackendFlags): ModelBackendInput {
  const input: ModelBackendInput = {
    name: flags.name,
    kind: flags.kind,
    path: flags.path,
    url: flags.url,
    model: flags.model,
    format: flags.format,
    timeoutMs: integer(flags.timeoutMs),
    breakerFailures: integer(flags.breakerFailures),
    breakerCooldownMs: integer(flags.breakerCooldownMs),
    maxConcurrency: integerOr('unlimited', flags.maxConcurrency),
    queueDepth: integer(flags.queueDepth),
    intraOpThreads: integerOr('default', flags.intraOpThreads),
  };
  const apiKey = secretFromFlags(flags.apiKeyFile, flags.apiKeyEnv);
  if (apiKey !== undefined) input.apiKey = apiKey;
  if (flags.clearApiKey) input.apiKey = null;
  return input;
}

const COLUMNS: readonly string[] = ['id', 'name', 'kind', 'target', 'timeout_ms', 'max_concurrency', 'queue_depth'];

function summary(backend: StoredModelBackend): Record<string, unknown> {
  const s = backend.settings;
  return {
    id: backend.id,
    name: backend.name,
    kind: s.kind,
    target: s.kind === 'onnx' ? s.path : `${s.url} ${s.model} (${s.format})`,
    timeout_ms: s.timeoutMs,
    max_concurrency: s.maxConcurrency ?? 'unlimited',
    queue_depth: s.queueDepth,
  };
}

function print(backends: StoredModelBackend[], flags: BackendFlags, single: boolean): void {
  if (flags.json) printJson(single ? modelBackendJson(backends[0]!) : backends.map((b) => modelBackendJson(b)));
  else printTable(backends.map(summary), COLUMNS);
}

export function registerModelBackendCommands(program: Command): void {
  const group = program
    .command('backend')
    .alias('model-backend')
    .description(
      'model backends: an ONNX classifier or an LLM judge that guardrails ask besides their built-in models (profile setting guardrails.<name>.backend_mode)',
    );

  withSettingOptions(group.command('create').description('add a model backend').requiredOption('--name <name>', 'unique name'), true).action(
    async (flags: BackendFlags) => {
      print([await withStore(flags, (store, config) => createModelBackend(store, cliActor(), toInput(flags), credentialBoxOf(config)))], flags, true);
    },
  );

  withDataDirOption(group.command('list').description('list model backends').option('--json', 'print JSON')).action(async (flags: BackendFlags) => {
    print(await withStore(flags, listModelBackendsOf), flags, false);
  });

  withDataDirOption(group.command('show <backend>').description('show one model backend').option('--json', 'print JSON')).action(
    async (idOrName: string, flags: BackendFlags) => {
      print([await withStore(flags, (store) => requireModelBackend(store, idOrName))], flags, true);
    },
  );

  withSettingOptions(
    group
      .command('update <backend>')
      .description('change a model backend (by id or name); flags left out keep their values')
      .option('--name <name>', 'new name')
      .option('--clear-api-key', 'forget the API key'),
    false,
  ).action(async (idOrName: string, flags: BackendFlags) => {
    print([await withStore(flags, (store, config) => updateModelBackend(store, cliActor(), idOrName, toInput(flags), credentialBoxOf(config)))], flags, true);
  });

  withDataDirOption(
    withYesOption(group.command('delete <backend>').description('delete a model backend no guardrail uses (by id or name)').option('--json', 'print JSON')),
  ).action(async (idOrName: string, flags: BackendFlags & { yes?: boolean }) => {
    const deleted = await withStore(flags, async (store) => {
      const backend = await requireDeletableModelBackend(store, idOrName);
      await confirmOrRefuse(flags, `delete model backend ${JSON.stringify(backend.name)} (${backend.id})`, 'Its settings and stored API key are gone.');
      await deleteModelBackend(store, cliActor(), backend.id);
      return backend;
    });
    if (flags.json) printJson({ deleted: idOrName, id: deleted.id, name: deleted.name });
    else process.stdout.write(`deleted model backend ${deleted.name} (${deleted.id})\n`);
  });
}
