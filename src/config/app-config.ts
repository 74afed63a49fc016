import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { SHIPPED_MODELS_DIR } from '../models/detector-model.ts';

/** Settings of a running appliance, from command-line flags, then environment variables, then defaults. */
export interface AppConfig {
  dataDir: string;
  /** postgres://… (RAMPART_DATABASE_URL) for PostgreSQL; embedded SQLite when unset. */
  databaseUrl: string | undefined;
  /** SQLite: most bytes the database file may grow to (RAMPART_DB_MAX_SIZE_MB; 0 = no limit). */
  sqliteMaxBytes: number;
  host: string;
  apiPort: number;
  dashboardPort: number;
  maxMessageChars: number;
  ratePerKeyPerMinute: number;
  ratePerIpPerMinute: number;
  logLevel: string;
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Server processes sharing the ports (1 = a single process). */
  workers: number;
  /** Where the guardrails' models are read from (RAMPART_MODELS_DIR; default: the models shipped with Rampart). */
  modelsDir: string;
}

/** Spec ports: the check API on 443, the dashboard on 3000. */
export const DEFAULTS = {
  dataDir: './data',
  host: '0.0.0.0',
  apiPort: 443,
  dashboardPort: 3000,
  maxMessageChars: 32_768,
  ratePerKeyPerMinute: 60_000,
  ratePerIpPerMinute: 60_000,
  logLevel: 'info',
} as const;

export type Flags = Partial<Record<'dataDir' | 'host' | 'apiPort' | 'dashboardPort' | 'workers', string>>;

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`The setting ${name} must be a whole number, got ${JSON.stringify(raw)}.`);
  const value = Number(raw);
  if (value < min || value > max) throw new Error(`The setting ${name} must be from ${min} to ${max}, got ${value}.`);
  return value;
}

/** The data directory alone (every CLI command needs it). */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(flag ?? env.RAMPART_DATA_DIR ?? DEFAULTS.dataDir);
}

/** The database URL from the environment only: a password never belongs on a command line. */
export function databaseUrlFrom(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.RAMPART_DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('RAMPART_DATABASE_URL must be a postgres:// URL.');
  return url;
}

export function modelsDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.RAMPART_MODELS_DIR || SHIPPED_MODELS_DIR);
}

export function sqliteMaxBytesFrom(env: NodeJS.ProcessEnv = process.env): number {
  return integer('RAMPART_DB_MAX_SIZE_MB', env.RAMPART_DB_MAX_SIZE_MB, 0, 0, 16_777_216) * 1024 * 1024;
}

export function loadAppConfig(flags: Flags, env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    dataDir: resolveDataDir(flags.dataDir, env),
    databaseUrl: databaseUrlFrom(env),
    sqliteMaxBytes: sqliteMaxBytesFrom(env),
    host: flags.host ?? env.RAMPART_HOST ?? DEFAULTS.host,
    apiPort: integer('API port', flags.apiPort ?? env.RAMPART_API_PORT, DEFAULTS.apiPort, 0, 65535),
    dashboardPort: integer('dashboard port', flags.dashboardPort ?? env.RAMPART_DASHBOARD_PORT, DEFAULTS.dashboardPort, 0, 65535),
    maxMessageChars: integer('RAMPART_MAX_MESSAGE_CHARS', env.RAMPART_MAX_MESSAGE_CHARS, DEFAULTS.maxMessageChars, 1, 10_000_000),
    ratePerKeyPerMinute: integer('RAMPART_RATE_LIMIT_PER_KEY', env.RAMPART_RATE_LIMIT_PER_KEY, DEFAULTS.ratePerKeyPerMinute, 0, 1e9),
    ratePerIpPerMinute: integer('RAMPART_RATE_LIMIT_PER_IP', env.RAMPART_RATE_LIMIT_PER_IP, DEFAULTS.ratePerIpPerMinute, 0, 1e9),
    logLevel: env.RAMPART_LOG_LEVEL ?? DEFAULTS.logLevel,
    tlsCertFile: env.RAMPART_TLS_CERT || undefined,
    tlsKeyFile: env.RAMPART_TLS_KEY || undefined,
    // One worker per CPU core by default: checks are CPU-bound.
    workers: integer('workers', flags.workers ?? env.RAMPART_WORKERS, availableParallelism(), 1, 64),
    modelsDir: modelsDirFrom(env),
  };
}
