import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { AppError } from '../errors.ts';

/** The flag every destructive command takes to skip its question. */
export function withYesOption(command: Command): Command {
  return command.option('--yes', 'do not ask for confirmation (required when standard input is not a terminal)');
}

/**
 * Asks before a destructive action, e.g. `delete Runtime LLM "shop" (llm_…)`, saying what follows
 * from it. With `--yes` it goes ahead; at a terminal it asks and goes ahead only on "y" or "yes";
 * without a terminal (a script, a pipe) it refuses, so nothing is deleted that nobody confirmed.
 */
export async function confirmOrRefuse(flags: { yes?: boolean }, action: string, consequence: string): Promise<void> {
  if (flags.yes) return;
  if (!process.stdin.isTTY)
    throw new AppError('invalid_field', `Not confirmed, so nothing was changed: standard input is not a terminal. Add --yes to ${action}.`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const question = `${action[0]!.toUpperCase()}${action.slice(1)}? ${consequence} [y/N] `;
    const answer = (await prompt.question(question)).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new AppError('invalid_field', 'Not confirmed, so nothing was changed.');
  } finally {
    prompt.close();
  }
}
