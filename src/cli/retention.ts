import type { Command } from 'commander';
import { getRetention, pruneEvents, updateRetention } from '../events/retention.ts';
import { cliActor, printJson, printTable, withDataDirOption, withStore } from './context.ts';

interface RetentionFlags {
  dataDir?: string;
  json?: boolean;
  maxAgeDays?: string;
  maxEvents?: string;
  auditMaxAgeDays?: string;
}

const whole = (raw: string) => (/^\d+$/.test(raw) ? Number(raw) : raw);

/** How long events are kept; the server prunes every ten minutes, `prune` does it now. */
export function registerRetentionCommands(program: Command): void {
  const group = program.command('retention').description('event retention: by age and by count');
  const show = (settings: object, json?: boolean) =>
    json ? printJson(settings) : printTable([settings as Record<string, unknown>], ['max_age_days', 'max_events', 'audit_max_age_days']);

  withDataDirOption(group.command('show').description('show the retention settings').option('--json', 'print JSON')).action(async (flags: RetentionFlags) => {
    show(await withStore(flags, getRetention), flags.json);
  });

  withDataDirOption(
    group
      .command('set')
      .description('change retention; options left out keep their values')
      .option('--max-age-days <days>', 'delete check events older than this (default 30)')
      .option('--max-events <n>', 'keep at most this many check events (default 1000000)')
      .option('--audit-max-age-days <days>', 'delete audit events older than this (default 365)')
      .option('--json', 'print JSON'),
  ).action(async (flags: RetentionFlags) => {
    const input: Record<string, unknown> = {};
    if (flags.maxAgeDays !== undefined) input.max_age_days = whole(flags.maxAgeDays);
    if (flags.maxEvents !== undefined) input.max_events = whole(flags.maxEvents);
    if (flags.auditMaxAgeDays !== undefined) input.audit_max_age_days = whole(flags.auditMaxAgeDays);
    show(await withStore(flags, (store) => updateRetention(store, cliActor(), input)), flags.json);
  });

  withDataDirOption(group.command('prune').description('delete the events retention no longer keeps, now').option('--json', 'print JSON')).action(
    async (flags: RetentionFlags) => {
      const deleted = await withStore(flags, (store) => pruneEvents(store));
      if (flags.json) printJson({ deleted });
      else process.stdout.write(`deleted ${deleted.check_events} check event(s) and ${deleted.audit_events} audit event(s)\n`);
    },
  );
}
