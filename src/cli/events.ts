import type { Command } from 'commander';
import { requireRuntimeLlm } from '../admin/runtime-llms.ts';
import { parseSince } from '../admin/time-parameters.ts';
import { GUARDRAIL_NAMES, type GuardrailName } from '../guardrails/registry.ts';
import { AppError } from '../errors.ts';
import { listRuntimeLlms } from '../store/runtime-llms.ts';
import { auditEventJson, checkEventJson } from '../events/event-json.ts';
import { CHECK_VERDICTS, type CheckVerdict } from '../domain/check.ts';
import { orList } from '../schema-wording.ts';
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
  guardrail?: string;
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
  const events = program
    .command('events')
    .description('check events: verdict, scores and timing of every check; message text only when the profile records it (PII masked)');
  withDataDirOption(
    events
      .command('list')
      .description('list recent check events, newest first')
      .option('--limit <n>', 'how many (default 50)')
      .option('--runtime-llm <runtime-llm>', 'only this Runtime LLM (id or name)')
      .option('--verdict <verdict>', `${orList(CHECK_VERDICTS)} (a guardrail in monitor mode would have blocked)`)
      .option('--direction <direction>', 'input or output')
      .option('--guardrail <guardrail>', `only events this guardrail blocked or would have blocked (${GUARDRAIL_NAMES.join(', ')})`)
      .option('--since <period>', 'only events since then: a duration (30m, 24h, 7d) or an ISO 8601 time')
      .option('--trace-id <trace-id>', 'only events of this W3C trace id (32 hex characters, from the traceparent the application sent)')
      .option('--correlation-id <id>', 'only events carrying this id as trace id, request id, or LiteLLM call or trace id')
      .option('--json', 'print JSON'),
  ).action(async (flags: EventFlags) => {
    const filter: CheckEventFilter = { limit: limitOf(flags) };
    if (flags.verdict) {
      if (!(CHECK_VERDICTS as readonly string[]).includes(flags.verdict))
        throw new AppError('invalid_field', `The --verdict flag must be ${orList(CHECK_VERDICTS)}.`);
      filter.verdict = flags.verdict as CheckVerdict;
    }
    if (flags.direction) {
      if (flags.direction !== 'input' && flags.direction !== 'output') throw new AppError('invalid_field', 'The --direction flag must be input or output.');
      filter.direction = flags.direction;
    }
    if (flags.guardrail) {
      if (!GUARDRAIL_NAMES.includes(flags.guardrail as GuardrailName))
        throw new AppError('invalid_field', `The --guardrail flag must be one of ${GUARDRAIL_NAMES.join(', ')}.`);
      filter.blockedBy = flags.guardrail as GuardrailName;
    }
    if (flags.since !== undefined) filter.since = parseSince(flags.since, '--since flag');
    if (flags.traceId) filter.traceId = traceIdOf(flags.traceId);
    if (flags.correlationId) filter.correlationId = flags.correlationId.trim();
    const { rows, names } = await withStore(flags, async (store) => {
      if (flags.runtimeLlm !== undefined) filter.runtimeLlmId = (await requireRuntimeLlm(store, flags.runtimeLlm)).id;
      const llms = await listRuntimeLlms(store.db);
      return { rows: await listCheckEvents(store.db, filter), names: new Map(llms.map((l) => [l.id, l.name])) };
    });
    if (flags.json) printJson(rows.map(checkEventJson));
    else
      printTable(
        rows.map((e) => ({
          id: e.id,
          time: e.createdAt,
          // A deleted Runtime LLM's events keep its id.
          runtime_llm: names.get(e.runtimeLlmId) ?? e.runtimeLlmId,
          direction: e.direction,
          verdict: e.verdict,
          blocked_by: e.blockedBy.join(',') || null,
          monitored_by: e.monitoredBy?.join(',') || null,
          ms: e.executionTimeMs.toFixed(3),
        })),
        ['id', 'time', 'runtime_llm', 'direction', 'verdict', 'blocked_by', 'monitored_by', 'ms'],
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
