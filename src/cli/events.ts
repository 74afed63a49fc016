import type { Command } from 'commander';
import { AppError } from '../errors.ts';
import { auditEventJson, checkEventJson } from '../events/event-json.ts';
import { listAuditEvents } from '../store/audit.ts';
import { listCheckEvents, traceIdOf, type CheckEventFilter } from '../store/check-events.ts';
import { printJson, printTable, withDataDirOption, withStore } from './context.ts';

interface EventFlags {
  dataDir?: string;
  json?: boolean;
  limit?: string;
  runtimeLlm?: string;
  verdict?: string;
  direction?: string;
  since?: string;
  traceId?: string;
  correlationId?: string;
}

function limitOf(flags: EventFlags): number {
  const limit = flags.limit === undefined ? 50 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new AppError('invalid_field', 'The --limit flag must be a whole number from 1 to 10000.');
  return limit;
}

export function registerEventCommands(program: Command): void {
  const events = program.command('events').description('check events: verdicts and scores of every check (never the message text)');
  withDataDirOption(
    events
      .command('list')
      .description('list recent check events, newest first')
      .option('--limit <n>', 'how many (default 50)')
      .option('--runtime-llm <id>', 'only this Runtime LLM (id)')
      .option('--verdict <verdict>', 'allowed, blocked or monitored (a guardrail in monitor mode would have blocked)')
      .option('--direction <direction>', 'input or output')
      .option('--since <iso-time>', 'only events at or after this time')
      .option('--trace-id <trace-id>', 'only events of this W3C trace id (32 hex characters, from the traceparent the application sent)')
      .option('--correlation-id <id>', 'only events carrying this id as trace id, request id, or LiteLLM call or trace id')
      .option('--json', 'print JSON'),
  ).action(async (flags: EventFlags) => {
    const filter: CheckEventFilter = { limit: limitOf(flags) };
    if (flags.runtimeLlm) filter.runtimeLlmId = flags.runtimeLlm;
    if (flags.verdict) {
      if (flags.verdict !== 'allowed' && flags.verdict !== 'blocked' && flags.verdict !== 'monitored')
        throw new AppError('invalid_field', 'The --verdict flag must be allowed, blocked or monitored.');
      filter.verdict = flags.verdict;
    }
    if (flags.direction) {
      if (flags.direction !== 'input' && flags.direction !== 'output') throw new AppError('invalid_field', 'The --direction flag must be input or output.');
      filter.direction = flags.direction;
    }
    if (flags.since) filter.since = flags.since;
    if (flags.traceId) filter.traceId = traceIdOf(flags.traceId);
    if (flags.correlationId) filter.correlationId = flags.correlationId.trim();
    const rows = await withStore(flags, (store) => listCheckEvents(store.db, filter));
    if (flags.json) printJson(rows.map(checkEventJson));
    else
      printTable(
        rows.map((e) => ({
          time: e.createdAt,
          runtime_llm: e.runtimeLlmId,
          direction: e.direction,
          verdict: e.verdict,
          blocked_by: e.blockedBy.join(',') || null,
          monitored_by: e.monitoredBy?.join(',') || null,
          ms: e.executionTimeMs.toFixed(3),
        })),
        ['time', 'runtime_llm', 'direction', 'verdict', 'blocked_by', 'monitored_by', 'ms'],
      );
  });

  const audit = program.command('audit').description('audit trail of administrative actions');
  withDataDirOption(
    audit
      .command('list')
      .description('list recent administrative actions, newest first')
      .option('--limit <n>', 'how many (default 50)')
      .option('--json', 'print JSON'),
  ).action(async (flags: EventFlags) => {
    const rows = await withStore(flags, (store) => listAuditEvents(store.db, limitOf(flags)));
    if (flags.json) printJson(rows.map(auditEventJson));
    else
      printTable(
        rows.map((e) => ({ time: e.createdAt, actor: e.actor, action: e.action, target: e.targetId })),
        ['time', 'actor', 'action', 'target'],
      );
  });
}
