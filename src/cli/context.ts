import { GUARDRAIL_NAMES } from '../guardrails/registry.ts';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import type { Logger } from 'pino';
import type { Actor } from '../domain/actor.ts';
import { ModelBackends } from '../backends/model-backends.ts';
import { guardrailBackends, type ProfileSettings } from '../engine/profile-settings.ts';
import { AppError } from '../errors.ts';
import { Metrics } from '../metrics/metrics.ts';
import { loadAppConfig, storeOptionsOf, type AppConfig } from '../config/app-config.ts';
import { ModelLibrary } from '../models/model-library.ts';
import { CredentialBox } from '../secrets/credential-box.ts';
import type { Store } from '../store/store.ts';
import { openStore } from '../store/open-store.ts';

/** The data directory flag every command accepts. */
export function withDataDirOption(command: Command): Command {
  return command.option('--data-dir <dir>', 'data directory (default: $RAMPART_DATA_DIR or ./data)');
}

export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (containers): keep "unknown".
  }
  return { id: `cli:${user}` };
}

/** The configuration of one command: its --data-dir over the environment, validated (see src/config). */
export function commandConfig(flags: { dataDir?: string }): AppConfig {
  return loadAppConfig(flags.dataDir === undefined ? {} : { dataDir: flags.dataDir });
}

/** Seals secrets the way the server opens them: with the configured key, else the data directory's. */
export function credentialBoxOf(config: AppConfig): CredentialBox {
  return CredentialBox.forDataDir(config.dataDir, config.credentialsKey);
}

/** Opens the configured database for one command and always closes it. */
export async function withStore<T>(flags: { dataDir?: string }, run: (store: Store, config: AppConfig) => Promise<T>): Promise<T> {
  const config = commandConfig(flags);
  const store = await openStore(storeOptionsOf(config));
  try {
    return await run(store, config);
  } finally {
    await store.close();
  }
}

/**
 * The model backends a profile's guardrails ask, loaded for one command that runs the profile (eval,
 * replay) and always closed; undefined when it asks none, so nothing is loaded.
 */
export async function withProfileBackends<T>(
  store: Store,
  config: AppConfig,
  settings: ProfileSettings,
  log: Logger,
  run: (backends: ModelBackends | undefined) => Promise<T>,
): Promise<T> {
  const names = new Set(guardrailBackends(settings, GUARDRAIL_NAMES).map((b) => b.backend));
  if (names.size === 0) return run(undefined);
  const backends = new ModelBackends({ store, dataDir: config.dataDir, credentials: credentialBoxOf(config), metrics: new Metrics(), log, only: names });
  try {
    await backends.load();
    await backends.settled();
    return await run(backends);
  } finally {
    await backends.close();
  }
}

/** The configured models (RAMPART_MODELS_DIR, default: the shipped ones), for commands that run guardrails or encode threats. */
export function modelLibrary(config: AppConfig): ModelLibrary {
  return new ModelLibrary(config.modelsDir);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Prints rows as an aligned text table. */
export function printTable(rows: readonly Record<string, unknown>[], columns: readonly string[]): void {
  const cell = (v: unknown) => (v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(columns.map((c) => c.toUpperCase()))}\n`);
  for (const row of rows) process.stdout.write(`${line(columns.map((c) => cell(row[c])))}\n`);
}

/**
 * A secret given as a file or as the name of an environment variable (the variable wins when both
 * are given), never on the command line, where every local user can read it.
 */
export function secretFromFlags(file: string | undefined, variable: string | undefined): string | undefined {
  let secret = file === undefined ? undefined : readFileSync(file, 'utf8').trim();
  if (variable !== undefined) {
    const value = process.env[variable];
    if (!value) throw new AppError('invalid_field', `Environment variable ${variable} is not set.`);
    secret = value;
  }
  return secret;
}
