import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  createRuntimeLlm,
  deleteRuntimeLlm,
  getRuntimeLlmView,
  listRuntimeLlmViews,
  updateRuntimeLlm,
  type RuntimeLlmInput,
  type RuntimeLlmView,
} from '../admin/runtime-llms.ts';
import { runtimeLlmJson } from '../admin/json.ts';
import { AppError } from '../errors.ts';
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

function withConfigOptions(command: Command): Command {
  return withDataDirOption(
    command
      .option('--mode <mode>', 'non-forwarding (default) or forwarding')
      .option('--url <url>', 'Secure Proxy URL: the LLM endpoint (forwarding); a placeholder is accepted in non-forwarding mode')
      .option('--level <level>', 'protection level 1, 2 or 3 (default 3, recommended)')
      .option('--profile <profile>', 'security profile id or name (default: default)')
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

function summary(llm: RuntimeLlmView): Record<string, unknown> {
  return {
    id: llm.id,
    name: llm.name,
    mode: llm.mode,
    level: llm.level,
    profile: llm.profileId,
    monitor: llm.monitor ? 'monitor' : 'enforce',
    url: llm.url,
    key: llm.apiKeyHint,
  };
}

export function registerRuntimeLlmCommands(program: Command): void {
  const group = program.command('runtime-llm').description('Runtime LLMs: the applications Rampart protects, each with its API key');

  withConfigOptions(
    group.command('create').description('create a Runtime LLM and print its API key (shown only this once)').requiredOption('--name <name>', 'unique name'),
  ).action(async (flags: RuntimeLlmFlags) => {
    const result = await withStore(flags, (store, config) =>
      createRuntimeLlm(store, cliActor(), { ...toInput(flags), name: flags.name! }, credentialBoxOf(config)),
    );
    if (flags.json) printJson({ runtime_llm: runtimeLlmJson(result.runtimeLlm), api_key: result.apiKey });
    else {
      printTable([summary(result.runtimeLlm)], ['id', 'name', 'mode', 'level', 'profile', 'url']);
      process.stdout.write(`\nAPI key (shown only now; store it safely):\n${result.apiKey}\n`);
    }
  });

  withDataDirOption(group.command('list').description('list Runtime LLMs').option('--json', 'print JSON')).action(async (flags: RuntimeLlmFlags) => {
    const llms = await withStore(flags, listRuntimeLlmViews);
    if (flags.json) printJson(llms.map(runtimeLlmJson));
    else printTable(llms.map(summary), ['id', 'name', 'mode', 'level', 'profile', 'monitor', 'key']);
  });

  withDataDirOption(group.command('show <runtime-llm>').description('show one Runtime LLM').option('--json', 'print JSON')).action(
    async (idOrName: string, flags: RuntimeLlmFlags) => {
      const llm = await withStore(flags, (store) => getRuntimeLlmView(store, idOrName));
      if (flags.json) printJson(runtimeLlmJson(llm));
      else printTable([summary(llm)], ['id', 'name', 'mode', 'level', 'profile', 'monitor', 'url', 'key']);
    },
  );

  withConfigOptions(
    group
      .command('update <runtime-llm>')
      .description('change a Runtime LLM')
      .option('--name <name>', 'new name')
      .option('--clear-system-prompt', 'forget the registered system prompt')
      .option('--clear-upstream-key', 'forget the upstream LLM credential'),
  ).action(async (idOrName: string, flags: RuntimeLlmFlags) => {
    const llm = await withStore(flags, (store, config) => updateRuntimeLlm(store, cliActor(), idOrName, toInput(flags), credentialBoxOf(config)));
    if (flags.json) printJson(runtimeLlmJson(llm));
    else printTable([summary(llm)], ['id', 'name', 'mode', 'level', 'profile', 'monitor', 'url', 'key']);
  });

  withDataDirOption(group.command('delete <runtime-llm>').description('delete a Runtime LLM and its API key').option('--json', 'print JSON')).action(
    async (idOrName: string, flags: RuntimeLlmFlags) => {
      await withStore(flags, (store) => deleteRuntimeLlm(store, cliActor(), idOrName));
      if (flags.json) printJson({ deleted: idOrName });
      else process.stdout.write(`deleted ${idOrName}\n`);
    },
  );
}
