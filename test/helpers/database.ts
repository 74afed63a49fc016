import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The database a test appliance uses. When the suite runs against PostgreSQL
 * (RAMPART_TEST_POSTGRES_URL set by scripts/with-postgres.sh), every appliance gets a fresh database
 * on that server; otherwise the embedded SQLite file in its data directory.
 */
export async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const server = process.env.RAMPART_TEST_POSTGRES_URL;
  if (!server) return {};
  const name = `rampart_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { RAMPART_DATABASE_URL: url.toString() };
}

export const usingPostgres = (): boolean => Boolean(process.env.RAMPART_TEST_POSTGRES_URL);
