import type { Command } from 'commander';
import { registerAdminCommands } from './admin.ts';
import { registerDbCommands } from './db.ts';
import { registerEvalCommand } from './eval.ts';
import { registerEventCommands } from './events.ts';
import { registerKeyCommands } from './key.ts';
import { registerModelBackendCommands } from './model-backend.ts';
import { registerModelCommands } from './model.ts';
import { registerProfileCommands } from './profile.ts';
import { registerRetentionCommands } from './retention.ts';
import { registerRuntimeLlmCommands } from './runtime-llm.ts';
import { registerSiemCommands } from './siem.ts';
import { registerVectorCommands } from './vectors.ts';

/** Every command but `serve`: those that manage and evaluate an appliance through its data directory. */
export function registerManagementCommands(program: Command): void {
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
  registerModelCommands(program);
}
