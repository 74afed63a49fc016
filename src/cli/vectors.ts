import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { AppError } from '../errors.ts';
import { parseListFilter, threatEntryJson, type RawListFilter } from '../guardrails/vector/entry-json.ts';
import { prepareThreatStore } from '../guardrails/vector/prepare-store.ts';
import { approveThreat, proposeThreat, rejectThreat, removeThreat } from '../guardrails/vector/review.ts';
import type { ThreatEntry } from '../domain/threats.ts';
import { SENTENCE_ENCODER } from '../guardrails/vector/encoder/encoder.ts';
import { SHIPPED_SEED_SOURCE } from '../guardrails/vector/seed.ts';
import type { Store } from '../store/store.ts';
import { ThreatVectorRepository } from '../store/threat-vectors.ts';
import { cliActor, modelLibrary, printJson, printTable, withDataDirOption, withStore } from './context.ts';

interface Flags {
  dataDir?: string;
  json?: boolean;
}

/** The threat store of the database a command opened. */
const threatsOf = (store: Store) => new ThreatVectorRepository(store);

const preview = (text: string | null) => (text === null ? null : text.length > 60 ? `${text.slice(0, 57).replace(/\s+/g, ' ')}…` : text.replace(/\s+/g, ' '));

function print(entries: readonly ThreatEntry[], json: boolean | undefined): void {
  if (json) printJson(entries.map(threatEntryJson));
  else
    printTable(
      entries.map((e) => ({ id: e.id, status: e.status, origin: e.origin, family: e.family, text: preview(e.text) })),
      ['id', 'status', 'origin', 'family', 'text'],
    );
}

function printOne(entry: ThreatEntry, json: boolean | undefined): void {
  if (json) printJson(threatEntryJson(entry));
  else process.stdout.write(`${entry.id} ${entry.status} (${entry.family})\n`);
}

function proposalText(flags: { text?: string; textFile?: string }): string | undefined {
  if (flags.text !== undefined && flags.textFile !== undefined) throw new AppError('invalid_field', 'Give --text or --text-file, not both.');
  if (flags.textFile === undefined) return flags.text;
  return readFileSync(flags.textFile === '-' ? 0 : flags.textFile, 'utf8');
}

export function registerVectorCommands(program: Command): void {
  const vectors = program.command('vectors').description('threat-vector store of the vector filter: review proposals, list and remove entries');

  withDataDirOption(
    vectors
      .command('list')
      .description('list store entries in id order')
      .option('--status <status>', 'proposed, active, rejected or removed')
      .option('--origin <origin>', 'seed or operator')
      .option('--family <family>', 'only this family')
      .option('--after <id>', 'paging: entries after this id')
      .option('--limit <n>', 'how many (default 50)')
      .option('--json', 'print JSON'),
  ).action(async (flags: Flags & RawListFilter) => {
    const filter = parseListFilter(flags);
    print(await withStore(flags, (store) => threatsOf(store).list(filter)), flags.json);
  });

  withDataDirOption(vectors.command('stats').description('entries per status and origin').option('--json', 'print JSON')).action(async (flags: Flags) => {
    const counts = await withStore(flags, (store) => threatsOf(store).count());
    if (flags.json) printJson(counts);
    else printTable(counts, ['status', 'origin', 'count']);
  });

  withDataDirOption(vectors.command('show <id>').description('one entry, with its full text').option('--json', 'print JSON')).action(
    async (id: string, flags: Flags) => {
      const entry = await withStore(flags, (store) => threatsOf(store).find(id));
      if (!entry) throw new AppError('not_found', `Threat vector ${id} does not exist.`);
      if (flags.json) printJson(threatEntryJson(entry));
      else
        process.stdout.write(
          `${Object.entries(threatEntryJson(entry))
            .map(([k, v]) => `${k}: ${v ?? '-'}`)
            .join('\n')}\n`,
        );
    },
  );

  withDataDirOption(
    vectors
      .command('propose')
      .description('propose a message for the store (it is only used once approved)')
      .option('--text <text>', 'the message')
      .option('--text-file <file>', 'read the message from a file (- for standard input)')
      .option('--event <id>', 'the recorded text of this check event (a blocked or missed message)')
      .option('--family <family>', 'family of the attack, e.g. jailbreak/roleplay (default: operator)')
      .option('--category <category>', 'free-form sub-label')
      .option('--note <note>', 'why it belongs in the store')
      .option('--json', 'print JSON'),
  ).action(async (flags: Flags & { text?: string; textFile?: string; event?: string; family?: string; category?: string; note?: string }) => {
    const text = proposalText(flags);
    const entry = await withStore(flags, (store) =>
      proposeThreat(threatsOf(store), cliActor(), { text, eventId: flags.event, family: flags.family, category: flags.category, note: flags.note }),
    );
    printOne(entry, flags.json);
  });

  withDataDirOption(vectors.command('approve <id>').description('approve a proposal: encode it and add it to the store').option('--json', 'print JSON')).action(
    async (id: string, flags: Flags) => {
      printOne(
        await withStore(flags, (store, config) => approveThreat(threatsOf(store), cliActor(), id, modelLibrary(config).load(SENTENCE_ENCODER))),
        flags.json,
      );
    },
  );

  withDataDirOption(
    vectors.command('reject <id>').description('reject a proposal').option('--reason <reason>', 'recorded in the audit trail').option('--json', 'print JSON'),
  ).action(async (id: string, flags: Flags & { reason?: string }) => {
    printOne(await withStore(flags, (store) => rejectThreat(threatsOf(store), cliActor(), id, flags.reason)), flags.json);
  });

  withDataDirOption(
    vectors
      .command('reencode')
      .description(
        'bring the store up to the installed encoder now: its seed vectors in, active operator entries re-encoded from their text (servers also do this when they start)',
      )
      .option('--json', 'print JSON'),
  ).action(async (flags: Flags) => {
    const { encoder, prepared } = await withStore(flags, async (store, config) => {
      const models = modelLibrary(config);
      const encoder = models.load(SENTENCE_ENCODER);
      return { encoder, prepared: await prepareThreatStore(threatsOf(store), encoder, models.read(SHIPPED_SEED_SOURCE)) };
    });
    const result = {
      encoder: encoder.version,
      seed_added: prepared.seedAdded,
      seed_updated: prepared.seedUpdated,
      seed_dropped: prepared.seedDropped,
      reencoded: prepared.reencoded,
    };
    if (flags.json) printJson(result);
    else
      process.stdout.write(
        `encoder ${result.encoder}: ${result.seed_added} seed entries added, ${result.seed_updated} updated, ${result.seed_dropped} dropped; ${result.reencoded} operator entries re-encoded\n`,
      );
  });

  withDataDirOption(
    vectors.command('remove <id>').description('take an active entry (seed or operator) out of the store').option('--json', 'print JSON'),
  ).action(async (id: string, flags: Flags) => {
    printOne(await withStore(flags, (store) => removeThreat(threatsOf(store), cliActor(), id)), flags.json);
  });
}
