import type { Command } from 'commander';
import { regenerateApiKey } from '../admin/runtime-llms.ts';
import { runtimeLlmJson } from '../admin/json.ts';
import { cliActor, printJson, withDataDirOption, withStore } from './context.ts';

export function registerKeyCommands(program: Command): void {
  const key = program.command('key').description('API keys of Runtime LLMs');
  withDataDirOption(
    key
      .command('regenerate <runtime-llm>')
      .description('issue a new API key (shown once); the old key stops working immediately')
      .option('--json', 'print JSON'),
  ).action(async (runtimeLlm: string, options: { dataDir?: string; json?: boolean }) => {
    const result = await withStore(options, (store) => regenerateApiKey(store, cliActor(), runtimeLlm));
    if (options.json) printJson({ runtime_llm: runtimeLlmJson(result.runtimeLlm), api_key: result.apiKey });
    else {
      process.stdout.write(`New API key for ${result.runtimeLlm.name} (shown only now; store it safely):\n${result.apiKey}\n`);
    }
  });
}
