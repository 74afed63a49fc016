import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.ts';
import { ReportedFailure } from './reported-failure.ts';
import { registerServeCommand } from './serve.ts';

/**
 * The program for a run whose first argument is `command`. The modules of the management commands
 * bring the store, the models and the guardrails; a server process runs only `serve`, which loads what
 * it needs itself, so they are loaded for every other run (help and usage errors included) but not
 * for it: the main thread of several workers stays small.
 */
export async function buildProgram(command: string | undefined): Promise<Command> {
  const program = new Command('rampart')
    .description('Rampart: runtime guardrail appliance for LLM applications')
    .version(VERSION)
    .showHelpAfterError()
    // Commander words its usage errors "error: unknown option …"; ours are sentences.
    .configureOutput({
      outputError: (text, write) => write(text.replace(/^error: (.)(.*?)\.?$/m, (_, first: string, rest: string) => `Error: ${first.toUpperCase()}${rest}.`)),
    })
    .exitOverride();
  registerServeCommand(program);
  if (command !== 'serve') (await import('./management-commands.ts')).registerManagementCommands(program);
  return program;
}

/** Turns a failure into a message on stderr and an exit code (1 = operation refused, 2 = usage). */
function reportError(error: unknown): number {
  if (error instanceof ReportedFailure) return error.exitCode;
  process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

/** Runs the CLI (`argv` as in `process.argv`); resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    await (await buildProgram(argv[2])).parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit with 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    return reportError(error);
  }
}
