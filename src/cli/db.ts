import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { Command } from 'commander';
import { AppError } from '../errors.ts';
import { recordAudit } from '../store/audit.ts';
import { countRows, DUMPED_TABLES, dumpDatabase, isPristine, restoreDatabase, type DumpLine } from '../store/portable-dump.ts';
import { cliActor, printJson, printTable, withDataDirOption, withStore } from './context.ts';

async function* readDump(path: string): AsyncGenerator<DumpLine> {
  let lineNumber = 0;
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line) as DumpLine;
    } catch {
      throw new AppError('invalid_field', `Line ${lineNumber} of ${path} is not JSON.`);
    }
  }
}

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('the database: status, and moving data between SQLite and PostgreSQL');

  withDataDirOption(db.command('status').description('which database this node uses, its schema and row counts').option('--json', 'print JSON')).action(
    async (flags: { dataDir?: string; json?: boolean }) => {
      const status = await withStore(flags, async (store) => {
        const counts: Record<string, number> = {};
        for (const { name } of DUMPED_TABLES) counts[name] = await countRows(store.db, name);
        return { kind: store.kind, location: store.location, rows: counts };
      });
      if (flags.json) printJson(status);
      else {
        process.stdout.write(`${status.kind} database at ${status.location}\n\n`);
        printTable(
          Object.entries(status.rows).map(([table, rows]) => ({ table, rows })),
          ['table', 'rows'],
        );
      }
    },
  );

  withDataDirOption(
    db
      .command('export')
      .description('write every profile, Runtime LLM, key hash, rule, administrator, setting and event as JSON lines')
      .option('--output <file>', 'write to this file (created readable by its owner only) instead of standard output'),
  ).action(async (flags: { dataDir?: string; output?: string }) => {
    const out = flags.output ? createWriteStream(flags.output, { mode: 0o600 }) : process.stdout;
    let rows = 0;
    await withStore(flags, async (store) => {
      for await (const line of dumpDatabase(store.db)) {
        if ('table' in line) rows++;
        if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
      }
    });
    if (flags.output) {
      out.end();
      await once(out, 'finish');
      process.stderr.write(`exported ${rows} rows to ${flags.output}\n`);
    }
  });

  withDataDirOption(
    db
      .command('import')
      .description("load a dump made by `db export` into this node's database, replacing what it holds")
      .requiredOption('--input <file>', 'the dump file')
      .option('--replace', 'confirm replacing a database that already holds data')
      .option('--json', 'print JSON'),
  ).action(async (flags: { dataDir?: string; input: string; replace?: boolean; json?: boolean }) => {
    const counts = await withStore(flags, async (store) => {
      if (!flags.replace && !(await isPristine(store.db))) {
        throw new AppError('conflict', 'This database already holds data; pass --replace to overwrite it with the dump.');
      }
      const restored = await restoreDatabase(store.db, readDump(flags.input));
      await recordAudit(store.db, { actor: cliActor().id, action: 'db.import', targetType: 'database', targetId: null, details: { rows: restored } });
      await store.notifyConfigChanged();
      return restored;
    });
    if (flags.json) printJson({ imported: counts });
    else
      printTable(
        Object.entries(counts).map(([table, rows]) => ({ table, rows })),
        ['table', 'rows'],
      );
  });
}
