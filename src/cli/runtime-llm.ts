import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  createRuntimeLlm,
  deleteRuntimeLlm,
  getRuntimeLlmView,
  listRuntimeLlmViews,
  requireRuntimeLlm,
  updateRuntimeLlm,
  type RuntimeLlmInput,
  type RuntimeLlmView,
} from '../admin/runtime-llms.ts';
import { runtimeLlmJson } from '../admin/json.ts';
import { orList } from '../schema-wording.ts';
import { RUNTIME_LLM_MODES } from '../store/runtime-llms.ts';
import { AppError } from '../errors.ts';
import { listProfiles } from '../store/profiles.ts';
import type { Store } from '../store/store.ts';
import { confirmOrRefuse, withYesOption } from './confirm.ts';
import { cliActor, credentialBoxOf, printJson, printTable, secretFromFlags, withDataDirOption, withStore } from './context.ts';

interface RuntimeLlmFlags {
  dataDir?: string;
  json?: boolean;
  name?: string;
  mode?: string;
  url?: string;
  level?: string;
  profile?: string;
  systemPrompt?: string;
  systemPromptFile?: string;
  clearSystemPrompt?: boolean;
  upstreamKeyFile?: string;
  upstreamKeyEnv?: string;
  clearUpstreamKey?: boolean;
  monitor?: boolean;
  enforce?: boolean;
}

/**
 * The settings flags of `create` and `update`. Defaults are named only where they apply: on
 * `update` a flag left out keeps the current value, so its help names no default.
 */
function withConfigOptions(command: Command, creating: boolean): Command {
  const byDefault = (text: string) => (creating ? ` (${text})` : '');
  return withDataDirOption(
    command
      .option('--mode <mode>', `${orList(RUNTIME_LLM_MODES)}${byDefault('default non-forwarding')}`)
      .option('--url <url>', 'Secure Proxy URL: the LLM endpoint (forwarding); a placeholder is accepted in non-forwarding mode')
      .option('--level <level>', `protection level 1, 2 or 3${byDefault('default 3, recommended')}`)
      .option('--profile <profile>', `security profile id or name${byDefault('default: default')}`)
      .option('--system-prompt <text>', 'register the system prompt, so output-check detects its leakage')
      .option('--system-prompt-file <file>', 'read the system prompt from a file')
      .option('--upstream-key-file <file>', 'forwarding: read the upstream LLM credential (API key) from a file; stored encrypted')
      .option('--upstream-key-env <variable>', 'forwarding: read the upstream LLM credential from this environment variable')
      .option('--monitor', 'monitor mode: every guardrail reports what it would block, nothing is blocked')
      .option('--enforce', 'leave monitor mode: guardrails block again (as their profile switches say)')
      .option('--json', 'print JSON'),
  );
}

function toInput(flags: RuntimeLlmFlags): Partial<RuntimeLlmInput> {
  const input: Partial<RuntimeLlmInput> = {};
  if (flags.name !== undefined) input.name = flags.name;
  if (flags.mode !== undefined) input.mode = flags.mode;
  if (flags.url !== undefined) input.url = flags.url;
  if (flags.level !== undefined) input.level = /^\d+$/.test(flags.level) ? Number(flags.level) : Number.NaN;
  if (flags.profile !== undefined) input.profile = flags.profile;
  if (flags.systemPrompt !== undefined) input.systemPrompt = flags.systemPrompt;
  if (flags.systemPromptFile !== undefined) input.systemPrompt = readFileSync(flags.systemPromptFile, 'utf8');
  if (flags.clearSystemPrompt) input.systemPrompt = null;
  const upstreamCredential = secretFromFlags(flags.upstreamKeyFile, flags.upstreamKeyEnv);
  if (upstreamCredential !== undefined) input.upstreamCredential = upstreamCredential;
  if (flags.clearUpstreamKey) input.upstreamCredential = null;
  if (flags.monitor && flags.enforce) throw new AppError('invalid_field', 'The --monitor and --enforce flags contradict each other; give one.');
  if (flags.monitor) input.monitor = true;
  if (flags.enforce) input.monitor = false;
  return input;
}

/** One Runtime LLM as a table row; `profiles` names the profile next to its id. */
function summary(llm: RuntimeLlmView, profiles: ReadonlyMap<string, string>): Record<string, unknown> {
  return {
    id: llm.id,
    name: llm.name,
    mode: llm.mode,
    level: llm.level,
    profile: profiles.get(llm.profileId) ?? null,
    profile_id: llm.profileId,
    monitor: llm.monitor ? 'monitor' : 'enforce',
    url: llm.url,
    key: llm.apiKeyHint,
  };
}

const COLUMNS: readonly string[] = ['id', 'name', 'mode', 'level', 'profile', 'profile_id', 'monitor', 'url', 'key'];
const LIST_COLUMNS = COLUMNS.filter((c) => c !== 'url');

/** Prints Runtime LLMs as a table, each profile named next to its id. */
async function printRows(store: Store, llms: readonly RuntimeLlmView[], columns: readonly string[]): Promise<void> {
  const profiles = new Map((await listProfiles(store.db)).map((p) => [p.id, p.name]));
  printTable(
    llms.map((llm) => summary(llm, profiles)),
    columns,
  );
}

/** Prints one Runtime LLM as JSON or as a table row. */
async function printOne(store: Store, llm: RuntimeLlmView, flags: RuntimeLlmFlags): Promise<void> {
  if (flags.json) printJson(runtimeLlmJson(llm));
  else await printRows(store, [llm], COLUMNS);
}

export function registerRuntimeLlmCommands(program: Command): void {
  const group = program.command('runtime-llm').description('Runtime LLMs: the applications Rampart protects, each with its API key');

  withConfigOptions(
    group.command('create').description('create a Runtime LLM and print its API key (shown only this once)').requiredOption('--name <name>', 'unique name'),
    true,
  ).action(async (flags: RuntimeLlmFlags) => {
    await withStore(flags, async (store, config) => {
      const result = await createRuntimeLlm(store, cliActor(), { ...toInput(flags), name: flags.name! }, credentialBoxOf(config));
      if (flags.json) return printJson({ runtime_llm: runtimeLlmJson(result.runtimeLlm), api_key: result.apiKey });
      await printRows(store, [result.runtimeLlm], COLUMNS);
      process.stdout.write(`\nAPI key (shown only now; store it safely):\n${result.apiKey}\n`);
    });
  });

  withDataDirOption(group.command('list').description('list Runtime LLMs').option('--json', 'print JSON')).action(async (flags: RuntimeLlmFlags) => {
    await withStore(flags, async (store) => {
      const llms = await listRuntimeLlmViews(store);
      if (flags.json) printJson(llms.map(runtimeLlmJson));
      else await printRows(store, llms, LIST_COLUMNS);
    });
  });

  withDataDirOption(group.command('show <runtime-llm>').description('show one Runtime LLM (by id or name)').option('--json', 'print JSON')).action(
    async (idOrName: string, flags: RuntimeLlmFlags) => {
      await withStore(flags, async (store) => printOne(store, await getRuntimeLlmView(store, idOrName), flags));
    },
  );

  withConfigOptions(
    group
      .command('update <runtime-llm>')
      .description('change a Runtime LLM (by id or name); flags left out keep their values')
      .option('--name <name>', 'new name')
      .option('--clear-system-prompt', 'forget the registered system prompt')
      .option('--clear-upstream-key', 'forget the upstream LLM credential'),
    false,
  ).action(async (idOrName: string, flags: RuntimeLlmFlags) => {
    await withStore(flags, async (store, config) =>
      printOne(store, await updateRuntimeLlm(store, cliActor(), idOrName, toInput(flags), credentialBoxOf(config)), flags),
    );
  });

  withDataDirOption(
    withYesOption(group.command('delete <runtime-llm>').description('delete a Runtime LLM (by id or name) and its API key').option('--json', 'print JSON')),
  ).action(async (idOrName: string, flags: RuntimeLlmFlags & { yes?: boolean }) => {
    const deleted = await withStore(flags, async (store) => {
      const llm = await requireRuntimeLlm(store, idOrName);
      await confirmOrRefuse(
        flags,
        `delete Runtime LLM ${JSON.stringify(llm.name)} (${llm.id})`,
        `Its API key stops working at once${llm.mode === 'forwarding' ? ', and its forwarding proxy and stored upstream key go with it' : ''}.`,
      );
      await deleteRuntimeLlm(store, cliActor(), llm.id);
      return llm;
    });
    if (flags.json) printJson({ deleted: idOrName, id: deleted.id, name: deleted.name });
    else process.stdout.write(`deleted Runtime LLM ${deleted.name} (${deleted.id})\n`);
  });
}
