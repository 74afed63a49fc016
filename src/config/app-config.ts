import { resolve } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { allowedRange } from '../errors.ts';
import { CONFIG_SCHEMA, settingSource, type AppConfig, type SettingName } from './schema.ts';

export type { AppConfig } from './schema.ts';

/** Command-line flags that override their environment variable (commander's option names). */
export type Flags = Partial<Record<'dataDir' | 'host' | 'apiPort' | 'dashboardPort' | 'workers', string>>;

/** The variables of a process environment that configuration reads. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A setting that is not valid: start-up stops with this message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** The variable or flag the value came from. */
  readonly setting: string;

  constructor(setting: string, message: string) {
    super(message);
    this.setting = setting;
  }
}

const CHECK = TypeCompiler.Compile(CONFIG_SCHEMA);
const SETTINGS = Object.entries(CONFIG_SCHEMA.properties) as [SettingName, TSchema][];

/** What a valid value of a setting is, for messages. */
function expectation(schema: TSchema): string {
  const source = settingSource(schema);
  if (source.expected) return source.expected;
  const range = allowedRange(schema);
  if (range) return range;
  if (schema.anyOf) return `one of ${(schema.anyOf as TSchema[]).map((s) => s.const as string).join(', ')}`;
  return 'a non-empty text';
}

/** Whole numbers arrive as text; anything else stays text so that validation names it. */
function converted(schema: TSchema, raw: string): unknown {
  return schema.type === 'integer' && /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * The configuration of this process: each setting from its flag, else its environment variable, else
 * its default; validated against CONFIG_SCHEMA. Throws a ConfigError naming the first invalid setting
 * and what it expects. The environment is read here and nowhere else.
 */
export function loadAppConfig(flags: Flags = {}, env: Environment = process.env): AppConfig {
  const given = new Map<SettingName, string>();
  const raw: Record<string, unknown> = {};
  for (const [name, schema] of SETTINGS) {
    const source = settingSource(schema);
    const flag = name in flags ? flags[name as keyof Flags] : undefined;
    const value = flag ?? env[source.env];
    // An empty variable counts as unset, as in a shell's VAR= idiom.
    if (value === undefined || value === '') continue;
    given.set(name, flag !== undefined && source.flag ? source.flag : source.env);
    raw[name] = converted(schema, value);
  }
  const config = Value.Default(CONFIG_SCHEMA, raw) as Record<string, unknown>;
  const error = CHECK.Errors(config).First();
  if (error) {
    const name = error.path.slice(1) as SettingName;
    const schema = CONFIG_SCHEMA.properties[name];
    const setting = given.get(name) ?? settingSource(schema).env;
    const got = settingSource(schema).secret ? `a value of ${String(error.value).length} characters` : JSON.stringify(error.value);
    throw new ConfigError(setting, `The setting ${setting} must be ${expectation(schema)}; got ${got}.`);
  }
  const valid = config as AppConfig;
  return { ...valid, dataDir: resolve(valid.dataDir), modelsDir: resolve(valid.modelsDir), datasetsDir: resolve(valid.datasetsDir) };
}

/** The store options of a configuration (the database and where its files go). */
export function storeOptionsOf(config: AppConfig): { dataDir: string; databaseUrl: string | undefined; sqliteMaxBytes: number } {
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, sqliteMaxBytes: config.dbMaxSizeMb * 1024 * 1024 };
}
