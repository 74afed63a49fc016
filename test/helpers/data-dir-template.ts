import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { loadAppConfig } from '../../src/config/app-config.ts';
import { prepareDataDirectory } from '../../src/server/data-directory.ts';
import { createLogger } from '../../src/server/logger.ts';
import { REPO_ROOT } from './cli.ts';
import { freshDatabaseEnv } from './database.ts';

/**
 * A data directory as the first start leaves it (`prepareDataDirectory`: schema, TLS certificate,
 * credentials key, threat store seeded, bootstrap administrator delivered), prepared once per test
 * run and copied for each appliance: preparing one takes about a second of seeding, copying one a
 * few milliseconds.
 *
 * The prepared copy is kept in node_modules/.cache/rampart-tests under a key of what it is made
 * from: the appliance's code (the migrations among it) and the models' manifests (the threat seed
 * and the encoder that computed it). On PostgreSQL the database is a template database of the run's
 * server, from which each appliance's database is created (`CREATE DATABASE … TEMPLATE …`), and the
 * files beside it are kept for that server only.
 */
const CACHE = join(REPO_ROOT, 'node_modules/.cache/rampart-tests');

/** Settings that change what a first start writes: an appliance given one of them is prepared from scratch. */
const PREPARATION_SETTINGS = [
  'RAMPART_DATA_DIR',
  'RAMPART_DATABASE_URL',
  'RAMPART_CREDENTIALS_KEY',
  'RAMPART_TLS_CERT',
  'RAMPART_TLS_KEY',
  'RAMPART_MODELS_DIR',
];

/** Prepared copies of other keys are removed once they are this old (another checkout's run may still be using a recent one). */
const STALE_MS = 60 * 60 * 1000;

export function preparableFromTemplate(env: Record<string, string> = {}): boolean {
  return !PREPARATION_SETTINGS.some((name) => env[name] !== undefined);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function templateKey(): string {
  const models = join(REPO_ROOT, 'models');
  const manifests = readdirSync(models)
    .map((name) => join(models, name, 'manifest.json'))
    .filter((file) => existsSync(file));
  const hash = createHash('sha256');
  for (const file of [...filesUnder(join(REPO_ROOT, 'src')), ...manifests].sort())
    hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Runs the first-start preparation on `dataDir`, with its log discarded. */
async function prepare(dataDir: string, databaseUrl: string): Promise<void> {
  const config = loadAppConfig(
    { dataDir, host: '127.0.0.1', apiPort: '0', dashboardPort: '0', workers: '1' },
    { ...process.env, RAMPART_DATABASE_URL: databaseUrl },
  );
  await prepareDataDirectory(config, createLogger('silent'));
}

function removeStale(key: string): void {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (!name.includes(key) && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** Moves `staging` to `dir` unless another test process got there first (then `dir` is theirs, as good). */
function publish(staging: string, dir: string): void {
  try {
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
}

async function sqliteTemplate(key: string): Promise<string> {
  const dir = join(CACHE, `data-dir-${key}`);
  if (existsSync(dir)) return dir;
  mkdirSync(CACHE, { recursive: true });
  removeStale(key);
  const staging = mkdtempSync(join(CACHE, `staging-${key}-`));
  await prepare(staging, '');
  publish(staging, dir);
  return dir;
}

/** Serialises the preparation of the server's template database among the run's test processes. */
const TEMPLATE_LOCK = 0x72616d70;

async function postgresTemplate(key: string, server: string): Promise<{ dir: string; database: string }> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    // Identifies the server itself: a later run's server may listen on the same port.
    const { rows } = await client.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()');
    const database = `rampart_template_${key}`;
    const dir = join(CACHE, `data-dir-${key}-pg-${rows[0]!.id}`);
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount === 1 && existsSync(dir)) return { dir, database };
      if (found.rowCount === 1) await client.query(`DROP DATABASE ${database}`);
      mkdirSync(CACHE, { recursive: true });
      removeStale(key);
      rmSync(dir, { recursive: true, force: true });
      await client.query(`CREATE DATABASE ${database}`);
      const staging = mkdtempSync(join(CACHE, `staging-${key}-`));
      await prepare(staging, databaseUrl(server, database));
      publish(staging, dir);
      return { dir, database };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await client.end();
  }
}

function databaseUrl(server: string, database: string): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface PreparedDataDir {
  dataDir: string;
  /** The appliance's database as environment (RAMPART_DATABASE_URL on PostgreSQL; empty on SQLite). */
  env: Record<string, string>;
}

export interface NewDataDirOptions {
  /** false: an empty data directory and database, for the appliance's own first start. */
  prepared?: boolean;
  /** The embedded SQLite store even when the suite runs on PostgreSQL. */
  sqlite?: boolean;
}

/**
 * A new data directory (and, when the suite runs on PostgreSQL, a new database) as a first start
 * leaves it, or empty.
 */
export async function newDataDir(options: NewDataDirOptions = {}): Promise<PreparedDataDir> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-test-'));
  const server = options.sqlite ? undefined : process.env.RAMPART_TEST_POSTGRES_URL;
  if (options.prepared === false) return { dataDir, env: server ? await freshDatabaseEnv() : {} };
  const key = templateKey();
  if (!server) {
    cpSync(await sqliteTemplate(key), dataDir, { recursive: true });
    return { dataDir, env: {} };
  }
  const template = await postgresTemplate(key, server);
  cpSync(template.dir, dataDir, { recursive: true });
  const database = `rampart_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${database} TEMPLATE ${template.database}`);
  } finally {
    await client.end();
  }
  return { dataDir, env: { RAMPART_DATABASE_URL: databaseUrl(server, database) } };
}
