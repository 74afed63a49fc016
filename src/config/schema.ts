import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SHIPPED_MODELS_DIR } from '../models/model-library.ts';

/**
 * Every setting of the appliance, in one schema: its type, bounds and default, the environment
 * variable (and command-line flag) that sets it, and its meaning. The loader (app-config.ts) validates
 * against it and the configuration table of docs/configuration.md is generated from it (scripts/generate-docs.ts).
 */

/** Where a setting comes from and how the documentation shows it; kept in the schema's own options. */
export interface SettingSource {
  /** The environment variable that sets it. */
  env: string;
  /** The command-line flag of `rampart serve` (and, for --data-dir, every command) that overrides the variable. */
  flag?: string;
  /** The default as the documentation states it, when the schema's default depends on the machine. */
  docDefault?: string;
  /** What a valid value looks like, when the schema's type does not say it (patterns). */
  expected?: string;
  /** Never repeat the value in a message (it may hold a password or a key). */
  secret?: true;
}

/** A setting's schema carrying its source in its options. */
function setting<T extends TSchema>(schema: T, source: SettingSource): T {
  return Object.assign(schema, { 'x-setting': source });
}

/** The source stored by `setting`. */
export function settingSource(schema: TSchema): SettingSource {
  return schema['x-setting'] as SettingSource;
}

// Each worker is a full appliance, so the count stays modest whatever the machine.
const MAX_WORKERS = 64;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (defaultPort: number, description: string, env: string, flag: string) =>
  setting(Type.Integer({ minimum: 0, maximum: 65535, default: defaultPort, description }), { env, flag });
const atLeastOne = (defaultValue: number, description: string, env: string) =>
  setting(Type.Integer({ minimum: 1, default: defaultValue, description }), { env });

export const CONFIG_SCHEMA = Type.Object(
  {
    dataDir: setting(Type.String({ minLength: 1, default: './data', description: 'database, TLS material, secrets' }), {
      env: 'RAMPART_DATA_DIR',
      flag: '--data-dir',
    }),
    apiPort: port(443, 'check API (HTTPS)', 'RAMPART_API_PORT', '--api-port'),
    dashboardPort: port(3000, 'dashboard (HTTPS)', 'RAMPART_DASHBOARD_PORT', '--dashboard-port'),
    host: setting(Type.String({ minLength: 1, default: '0.0.0.0', description: 'listen address' }), { env: 'RAMPART_HOST', flag: '--host' }),
    // One worker per CPU core by default: checks are CPU-bound.
    workers: setting(
      Type.Integer({
        minimum: 1,
        maximum: MAX_WORKERS,
        default: Math.min(MAX_WORKERS, availableParallelism()),
        description: 'server threads sharing the ports',
      }),
      {
        env: 'RAMPART_WORKERS',
        flag: '--workers',
        docDefault: 'CPU cores',
      },
    ),
    // Environment only: a password never belongs on a command line.
    databaseUrl: Type.Optional(
      setting(Type.String({ pattern: '^postgres(ql)?://', description: '`postgres://…` for several nodes on one database' }), {
        env: 'RAMPART_DATABASE_URL',
        docDefault: '(SQLite)',
        expected: 'a postgres:// or postgresql:// URL',
        secret: true,
      }),
    ),
    dbMaxSizeMb: setting(
      Type.Integer({ minimum: 0, maximum: 16_777_216, default: 0, description: 'SQLite: the most the database file may grow to, in MB (0 = no cap)' }),
      {
        env: 'RAMPART_DB_MAX_SIZE_MB',
      },
    ),
    credentialsKey: Type.Optional(
      setting(
        Type.String({ pattern: '^[A-Za-z0-9+/_-]{43}=?$', description: 'base64 32-byte key encrypting upstream credentials and model backend API keys' }),
        {
          env: 'RAMPART_CREDENTIALS_KEY',
          docDefault: '`data/secrets/credentials.key`',
          expected: 'a base64-encoded 32-byte key (44 characters)',
          secret: true,
        },
      ),
    ),
    maxMessageChars: setting(Type.Integer({ minimum: 1, maximum: 10_000_000, default: 32_768, description: 'longest `message`/`prompt` in characters' }), {
      env: 'RAMPART_MAX_MESSAGE_CHARS',
    }),
    ratePerKeyPerMinute: setting(
      Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 60_000, description: 'requests per minute per API key (0 = off)' }),
      { env: 'RAMPART_RATE_LIMIT_PER_KEY' },
    ),
    ratePerIpPerMinute: setting(
      Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 60_000, description: 'requests per minute per client address (0 = off)' }),
      {
        env: 'RAMPART_RATE_LIMIT_PER_IP',
      },
    ),
    tlsCertFile: Type.Optional(
      setting(Type.String({ minLength: 1, description: 'PEM file of your own certificate (with RAMPART_TLS_KEY)' }), {
        env: 'RAMPART_TLS_CERT',
        docDefault: 'self-signed',
      }),
    ),
    tlsKeyFile: Type.Optional(
      setting(Type.String({ minLength: 1, description: 'PEM file of its private key (with RAMPART_TLS_CERT)' }), {
        env: 'RAMPART_TLS_KEY',
        docDefault: 'self-signed',
      }),
    ),
    logLevel: setting(
      Type.Union(
        LOG_LEVELS.map((level) => Type.Literal(level)),
        { default: 'info', description: 'JSON logs on stdout; keys, passwords and message text are never logged' },
      ),
      {
        env: 'RAMPART_LOG_LEVEL',
      },
    ),
    warmUpMs: setting(
      Type.Integer({
        minimum: 0,
        maximum: 600_000,
        default: 1500,
        description:
          'the most a server thread spends running sample checks before it reports ready, so that the first checks are as fast as later ones (0 = start at once; the first checks are then slower)',
      }),
      { env: 'RAMPART_WARM_UP_MS' },
    ),
    maxFailedLogins: atLeastOne(5, 'failed sign-ins in a row that lock an account', 'RAMPART_LOGIN_MAX_FAILURES'),
    lockoutSeconds: atLeastOne(15 * 60, 'how long a locked account stays locked', 'RAMPART_LOGIN_LOCKOUT_SECONDS'),
    loginAttemptsPerIpPerMinute: atLeastOne(30, 'sign-in attempts per minute per client address', 'RAMPART_LOGIN_RATE_PER_IP'),
    sessionIdleSeconds: atLeastOne(30 * 60, 'a dashboard session ends after this long without a request', 'RAMPART_SESSION_IDLE_SECONDS'),
    sessionMaxSeconds: atLeastOne(12 * 60 * 60, 'a dashboard session ends after this long in any case', 'RAMPART_SESSION_MAX_SECONDS'),
    modelsDir: setting(Type.String({ minLength: 1, default: SHIPPED_MODELS_DIR, description: 'the models the guardrails load' }), {
      env: 'RAMPART_MODELS_DIR',
      docDefault: '`models/` of the installation',
    }),
    hubEndpoint: setting(
      Type.String({
        pattern: '^https?://[^\\s]+$',
        default: 'https://huggingface.co',
        description: 'model hub that `rampart model pull` downloads from (the Hugging Face Hub, a mirror or a proxy)',
      }),
      { env: 'HF_ENDPOINT', expected: 'an http:// or https:// URL' },
    ),
    // Environment only, as for the official Hugging Face clients: a token never belongs on a command line.
    hubToken: Type.Optional(
      setting(Type.String({ minLength: 1, description: 'Hugging Face access token for gated or private repositories (sent to the hub only)' }), {
        env: 'HF_TOKEN',
        docDefault: '(none)',
        secret: true,
      }),
    ),
    datasetsDir: setting(
      Type.String({
        minLength: 1,
        default: resolve(import.meta.dirname, '../../../shared/datasets'),
        description: 'labelled data of `rampart eval`, `npm run eval` and training (`train/`, `eval/`)',
      }),
      {
        env: 'RAMPART_DATASETS_DIR',
        docDefault: '`../shared/datasets` beside the installation',
      },
    ),
  },
  { additionalProperties: false },
);

/** The validated settings of one process, passed down from where they are loaded. */
export type AppConfig = Readonly<Static<typeof CONFIG_SCHEMA>>;
export type SettingName = keyof AppConfig;
