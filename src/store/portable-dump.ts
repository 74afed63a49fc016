import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { bumpConfigRevision } from './revision.ts';

/**
 * Tables a dump carries, parents before children, with their key column. Sessions stay behind
 * (they are bound to one appliance), and so does the configuration revision (an import bumps it).
 */
export const DUMPED_TABLES: readonly { name: keyof Database; key: string }[] = [
  { name: 'model_backends', key: 'id' },
  { name: 'pulled_models', key: 'id' },
  { name: 'security_profiles', key: 'id' },
  { name: 'runtime_llms', key: 'id' },
  { name: 'api_keys', key: 'id' },
  { name: 'keyword_rules', key: 'id' },
  { name: 'regex_rules', key: 'id' },
  { name: 'admin_users', key: 'id' },
  { name: 'settings', key: 'key' },
  { name: 'audit_events', key: 'id' },
  { name: 'check_events', key: 'id' },
  { name: 'threat_vectors', key: 'id' },
];

export const DUMP_FORMAT = 'rampart-dump';
const PAGE = 1000;

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: 1;
  migrations: string[];
  created_at: string;
}

export type DumpLine = DumpHeader | { table: string; row: Record<string, unknown> };

/** Every row of the dumped tables, page by page (keyset pagination keeps memory flat). */
export async function* dumpDatabase(db: Kysely<Database>): AsyncGenerator<DumpLine> {
  yield { format: DUMP_FORMAT, version: 1, migrations: Object.keys(await migrationProvider.getMigrations()).sort(), created_at: new Date().toISOString() };
  for (const { name, key } of DUMPED_TABLES) {
    let after: unknown = null;
    for (;;) {
      const page = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(name)} ${after === null ? sql`` : sql`where ${sql.ref(key)} > ${after}`} order by ${sql.ref(key)} limit ${PAGE}`.execute(db);
      for (const row of page.rows) yield { table: name, row };
      if (page.rows.length < PAGE) break;
      after = page.rows[page.rows.length - 1]![key];
    }
  }
}

/** How many rows a table holds. */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Whether a database holds nothing but what a fresh install creates (the default profile). */
export async function isPristine(db: Kysely<Database>): Promise<boolean> {
  for (const { name } of DUMPED_TABLES) {
    const allowed = name === 'security_profiles' ? 1 : 0;
    if ((await countRows(db, name)) > allowed) return false;
  }
  return true;
}

/**
 * Replaces the dumped tables' contents with the dump's rows, in one transaction: an import that
 * fails leaves the database as it was.
 */
export async function restoreDatabase(db: Kysely<Database>, lines: AsyncIterable<DumpLine>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const tables = new Set<string>(DUMPED_TABLES.map((t) => t.name));
  await db.transaction().execute(async (trx) => {
    for (const { name } of [...DUMPED_TABLES].reverse()) await sql`delete from ${sql.table(name)}`.execute(trx);
    let header: DumpHeader | undefined;
    let batch: { table: string; rows: Record<string, unknown>[] } = { table: '', rows: [] };
    const flush = async () => {
      if (batch.rows.length === 0) return;
      await trx
        .insertInto(batch.table as keyof Database)
        .values(batch.rows as never)
        .execute();
      counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
      batch = { table: '', rows: [] };
    };
    for await (const line of lines) {
      if (!header) {
        if (!('format' in line) || line.format !== DUMP_FORMAT || line.version !== 1) throw new Error('This is not a Rampart dump (bad header).');
        const unknown = line.migrations.filter((m) => !known.has(m));
        if (unknown.length > 0) throw new Error(`The dump comes from a newer Rampart (schema ${unknown.join(', ')}); upgrade this one first.`);
        header = line;
        continue;
      }
      if (!('table' in line) || !tables.has(line.table)) throw new Error(`Unexpected line in the dump: ${JSON.stringify(line).slice(0, 80)}`);
      if (batch.table !== line.table || batch.rows.length >= 200) await flush();
      batch.table = line.table;
      batch.rows.push(line.row);
    }
    if (!header) throw new Error('The dump is empty.');
    await flush();
    await bumpConfigRevision(trx);
  });
  return counts;
}
