import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.ts';
import { registerAdminCommands } from './admin.ts';
import { reportError } from './context.ts';
import { registerDbCommands } from './db.ts';
import { registerEvalCommand } from './eval.ts';
import { registerEventCommands } from './events.ts';
import { registerKeyCommands } from './key.ts';
import { registerModelBackendCommands } from './model-backend.ts';
import { registerProfileCommands } from './profile.ts';
import { registerRetentionCommands } from './retention.ts';
import { registerRuntimeLlmCommands } from './runtime-llm.ts';
import { registerServeCommand } from './serve.ts';
import { registerSiemCommands } from './siem.ts';
import { registerVectorCommands } from './vectors.ts';

export function buildProgram(): Command {
  const program = new Command('rampart')
    .description('Rampart: runtime guardrail appliance for LLM applications')
    .version(VERSION)
    .showHelpAfterError()
    // Commander words its usage errors "error: unknown option …"; ours are sentences.
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: (.)(.*?)\.?$/m, (_, first: string, rest: string) => `Error: ${first.toUpperCase()}${rest}.`)) })
    .exitOverride();
  registerServeCommand(program);
  registerRuntimeLlmCommands(program);
  registerKeyCommands(program);
  registerProfileCommands(program);
  registerEventCommands(program);
  registerDbCommands(program);
  registerEvalCommand(program);
  registerRetentionCommands(program);
  registerSiemCommands(program);
  registerAdminCommands(program);
  registerVectorCommands(program);
  registerModelBackendCommands(program);
  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit with 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    return reportError(error);
  }
}
