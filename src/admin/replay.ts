import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Type, type Static } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { BackendCaller } from '../engine/ports.ts';
import type { GuardrailSlot } from '../engine/guardrail.ts';
import { GUARDRAIL_NAMES } from '../guardrails/registry.ts';
import { compileProfile, runChecks, verdictOf } from '../engine/pipeline.ts';
import { CHECK_VERDICTS, type CheckVerdict } from '../domain/check.ts';
import { AppError } from '../errors.ts';
import { DIRECTION, guardrailNameList } from '../events/event-json.ts';
import { integerEnum, keyedObject, partialKeyedObject, stringEnum } from '../json-schema.ts';
import { listCheckEvents, type CheckEvent } from '../store/check-events.ts';
import type { Store } from '../store/store.ts';
import { ENTITY_TYPES, type EntityType } from '../guardrails/pii/entities.ts';
import { PROTECTION_LEVELS } from '../domain/protection.ts';
import { getProfile } from './profiles.ts';
import { NOT_REPLAYABLE_REASONS, reconcileReplayedCheck, type NotReplayableReason } from './replay-record.ts';
import { requireRuntimeLlm } from './runtime-llms.ts';
import { parseSince } from './time-parameters.ts';

/** Most recent checks of the period replayed at most: replay runs every guardrail on each one. */
export const MAX_REPLAYED_CHECKS = 2000;
/** Changed checks listed one by one in a report; all are counted. */
const MAX_LISTED_CHANGES = 200;

export interface ReplayInput {
  /** Candidate security profile, id or name. */
  profile: string;
  /** Runtime LLM whose recorded checks are replayed, id or name. */
  runtimeLlm: string;
  /** Start of the period: a duration back from now (30m, 24h, 7d) or an ISO 8601 time. */
  since: string;
}

const VERDICT = stringEnum(CHECK_VERDICTS);
const VERDICT_COUNTS = keyedObject(CHECK_VERDICTS, Type.Integer());
const EVENT_LINK = Type.String({ description: 'The check on the Events page of the dashboard' });

const NOT_REPLAYABLE_CHECK_SCHEMA = Type.Object(
  {
    event_id: Type.String(),
    time: Type.String(),
    direction: DIRECTION,
    reasons: Type.Array(stringEnum(NOT_REPLAYABLE_REASONS)),
    guardrails: guardrailNameList('The guardrails whose verdict could not be judged'),
    link: EVENT_LINK,
  },
  { additionalProperties: false },
);
type NotReplayableCheck = Static<typeof NOT_REPLAYABLE_CHECK_SCHEMA>;

const CHANGED_CHECK_SCHEMA = Type.Object(
  {
    event_id: Type.String(),
    time: Type.String(),
    direction: DIRECTION,
    recorded_verdict: VERDICT,
    candidate_verdict: VERDICT,
    recorded_blocked_by: guardrailNameList(),
    candidate_blocked_by: guardrailNameList(),
    candidate_monitored_by: guardrailNameList(),
    link: EVENT_LINK,
  },
  { additionalProperties: false },
);
type ChangedCheck = Static<typeof CHANGED_CHECK_SCHEMA>;

/** The report of a what-if replay (`rampart profile replay --json` and POST /api/profiles/{id}/replay). */
export const REPLAY_REPORT_SCHEMA = Type.Object(
  {
    profile: Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false, description: 'The candidate profile' }),
    runtime_llm: Type.Object(
      { id: Type.String(), name: Type.String(), level: integerEnum(PROTECTION_LEVELS), monitor: Type.Boolean(), profile_id: Type.String() },
      { additionalProperties: false, description: 'The Runtime LLM whose checks were replayed' },
    ),
    since: Type.String({ description: 'Start of the period, ISO 8601' }),
    checks_replayed: Type.Integer({ description: 'Checks of the period with recorded text, all run through the candidate' }),
    checks_compared: Type.Integer({
      description: 'Of those, the checks the candidate could judge from what was recorded: the counts below are over these',
    }),
    checks_without_text: Type.Integer({ description: 'Checks of the period recorded without text (before text recording was switched on): not replayed' }),
    truncated: Type.Boolean({ description: `More checks than ${MAX_REPLAYED_CHECKS.toLocaleString('en-US')}: the most recent were replayed` }),
    verdicts: Type.Object({ recorded: VERDICT_COUNTS, candidate: VERDICT_COUNTS }, { additionalProperties: false }),
    changed: Type.Integer({ description: 'Checks whose verdict would change' }),
    changed_by_guardrail: partialKeyedObject(
      GUARDRAIL_NAMES,
      Type.Object({ newly_detected: Type.Integer(), no_longer_detected: Type.Integer() }, { additionalProperties: false }),
      { description: 'Per guardrail whose verdict would change on some check' },
    ),
    changes: Type.Array(CHANGED_CHECK_SCHEMA, { description: `The changed checks, at most ${MAX_LISTED_CHANGES} of them` }),
    carried_over: Type.Object(
      { checks: Type.Integer(), entity_types: partialKeyedObject(ENTITY_TYPES, Type.Integer()) },
      { additionalProperties: false, description: 'Checks whose PII verdict was judged from the entities recorded when their text was masked' },
    ),
    not_replayable: Type.Object(
      {
        checks: Type.Integer(),
        by_reason: keyedObject(NOT_REPLAYABLE_REASONS, Type.Integer()),
        events: Type.Array(NOT_REPLAYABLE_CHECK_SCHEMA, { description: `At most ${MAX_LISTED_CHANGES} of them` }),
      },
      { additionalProperties: false, description: 'Checks left out of the counts: what was recorded cannot tell what the candidate would do' },
    ),
    notes: Type.Array(Type.String(), { description: 'What was carried over and what was not replayable, in sentences' }),
  },
  { additionalProperties: false },
);
export type ReplayReport = Static<typeof REPLAY_REPORT_SCHEMA>;

/** Guardrails that fired on a check, whether they blocked or (in monitor mode) only reported. */
const fired = (blockedBy: readonly string[], monitoredBy: readonly string[] = []) => new Set([...blockedBy, ...monitoredBy]);

const verdictCounts = (): Record<CheckVerdict, number> => ({ allowed: 0, blocked: 0, monitored: 0 });

/** Checks of the period, newest first, that kept their message text (PII masked). */
async function recordedChecks(store: Store, runtimeLlmId: string, since: string): Promise<{ events: CheckEvent[]; withoutText: number; truncated: boolean }> {
  const events: CheckEvent[] = [];
  let withoutText = 0;
  let before: string | undefined;
  for (;;) {
    const page = await listCheckEvents(store.db, { runtimeLlmId, since, limit: 1000, ...(before ? { before } : {}) });
    for (const event of page) {
      if (typeof event.messageText === 'string' && event.messageText.length > 0) events.push(event);
      else withoutText += 1;
    }
    if (events.length > MAX_REPLAYED_CHECKS) return { events: events.slice(0, MAX_REPLAYED_CHECKS), withoutText, truncated: true };
    if (page.length < 1000) return { events, withoutText, truncated: false };
    before = page.at(-1)!.id;
  }
}

/**
 * What-if: runs a Runtime LLM's recorded checks of a period through a candidate profile (at the
 * Runtime LLM's protection level and monitor mode) and reports which would change verdict. Nothing
 * is stored. The recorded text is what replays, PII masked: the PII verdict is judged from the
 * entities recorded with it, and checks whose verdict the recording cannot tell are reported apart
 * (see reconcileReplayedCheck). With `backends`, guardrails ask the model backends the candidate
 * profile names, as live checks do.
 */
export async function replayProfile(
  store: Store,
  guardrails: readonly GuardrailSlot[],
  log: Logger,
  input: ReplayInput,
  backends?: BackendCaller,
): Promise<ReplayReport> {
  const llm = await requireRuntimeLlm(store, input.runtimeLlm);
  const candidate = await getProfile(store, input.profile);
  const since = parseSince(input.since);
  const { events, withoutText, truncated } = await recordedChecks(store, llm.id, since);
  if (events.length === 0) {
    const current = await getProfile(store, llm.profileId);
    throw new AppError(
      'conflict',
      current.settings.record_message_text
        ? `Runtime LLM ${JSON.stringify(llm.name)} has no check with recorded message text since ${since}; nothing to replay.`
        : `Runtime LLM ${JSON.stringify(llm.name)} records no message text (its profile ${JSON.stringify(current.name)} has record_message_text off), so there is nothing to replay; switch it on and let checks accumulate.`,
    );
  }

  const compiled = compileProfile(guardrails, candidate, llm.level, llm.monitor);
  const recorded = verdictCounts();
  const replayed = verdictCounts();
  const byGuardrail = new Map<string, { newly_detected: number; no_longer_detected: number }>();
  const changes: ChangedCheck[] = [];
  const carried = { checks: 0, entity_types: {} as Partial<Record<EntityType, number>> };
  const notReplayable = {
    checks: 0,
    by_reason: Object.fromEntries(NOT_REPLAYABLE_REASONS.map((r) => [r, 0])) as Record<NotReplayableReason, number>,
    events: [] as NotReplayableCheck[],
  };
  for (const event of events) {
    // Live checks served by this process go between replayed ones, so a long replay does not stall them.
    await yieldToEventLoop();
    const outcome = await runChecks(
      compiled,
      { direction: event.direction, message: event.messageText!, runtimeLlm: { id: llm.id, name: llm.name, mode: llm.mode, systemPrompt: llm.systemPrompt } },
      (guardrail, err) => log.error({ err, guardrail, event_id: event.id }, 'guardrail failed in a replay'),
      backends,
    );
    const check = reconcileReplayedCheck(event, outcome, compiled);
    if (!check.replayable) {
      notReplayable.checks += 1;
      for (const reason of check.reasons) notReplayable.by_reason[reason] += 1;
      if (notReplayable.events.length < MAX_LISTED_CHANGES) {
        notReplayable.events.push({
          event_id: event.id,
          time: event.createdAt,
          direction: event.direction,
          reasons: check.reasons,
          guardrails: check.guardrails,
          link: eventLink(event.id),
        });
      }
      continue;
    }
    if (check.carried.length > 0) {
      carried.checks += 1;
      for (const type of check.carried) carried.entity_types[type] = (carried.entity_types[type] ?? 0) + 1;
    }
    const verdict = verdictOf({ injection_detected: check.blockedBy.length > 0, monitored_by: check.monitoredBy });
    recorded[event.verdict] += 1;
    replayed[verdict] += 1;
    const before = fired(event.blockedBy, event.monitoredBy);
    const after = fired(check.blockedBy, check.monitoredBy);
    for (const name of GUARDRAIL_NAMES) {
      if (before.has(name) === after.has(name)) continue;
      const entry = byGuardrail.get(name) ?? { newly_detected: 0, no_longer_detected: 0 };
      entry[after.has(name) ? 'newly_detected' : 'no_longer_detected'] += 1;
      byGuardrail.set(name, entry);
    }
    if (verdict !== event.verdict) {
      changes.push({
        event_id: event.id,
        time: event.createdAt,
        direction: event.direction,
        recorded_verdict: event.verdict,
        candidate_verdict: verdict,
        recorded_blocked_by: event.blockedBy,
        candidate_blocked_by: check.blockedBy,
        candidate_monitored_by: check.monitoredBy,
        link: eventLink(event.id),
      });
    }
  }
  return {
    profile: { id: candidate.id, name: candidate.name },
    runtime_llm: { id: llm.id, name: llm.name, level: llm.level, monitor: llm.monitor, profile_id: llm.profileId },
    since,
    checks_replayed: events.length,
    checks_compared: events.length - notReplayable.checks,
    checks_without_text: withoutText,
    truncated,
    verdicts: { recorded, candidate: replayed },
    changed: changes.length,
    changed_by_guardrail: Object.fromEntries(GUARDRAIL_NAMES.filter((n) => byGuardrail.has(n)).map((n) => [n, byGuardrail.get(n)!])),
    changes: changes.slice(0, MAX_LISTED_CHANGES),
    carried_over: { checks: carried.checks, entity_types: inTypeOrder(carried.entity_types) },
    not_replayable: notReplayable,
    notes: replayNotes(carried, notReplayable),
  };
}

const inTypeOrder = (counts: Partial<Record<EntityType, number>>) => Object.fromEntries(ENTITY_TYPES.filter((t) => counts[t]).map((t) => [t, counts[t]!]));

const eventLink = (id: string) => `/#/events?event=${encodeURIComponent(id)}`;

const REASON_TEXT: Readonly<Record<NotReplayableReason, string>> = {
  text_cut: 'text cut at the recording limit',
  system_prompt_not_recorded: 'an answer compared with a forwarded system prompt, which is not recorded',
  evidence_masked: 'a verdict that depends on masked text',
  masking_not_recorded: 'masked text recorded before what the masking removed was kept',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function replayNotes(
  carried: { checks: number; entity_types: Partial<Record<EntityType, number>> },
  notReplayable: { checks: number; by_reason: Record<NotReplayableReason, number> },
): string[] {
  const notes: string[] = [];
  if (carried.checks > 0) {
    const types = Object.entries(inTypeOrder(carried.entity_types))
      .map(([type, n]) => `${type} ${n}`)
      .join(', ');
    notes.push(
      `Carried over: the PII verdict of ${plural(carried.checks, 'check')} was judged from the entities recorded when the text was masked (${types}), with this profile's PII settings.`,
    );
  }
  if (notReplayable.checks > 0) {
    const reasons = NOT_REPLAYABLE_REASONS.filter((r) => notReplayable.by_reason[r] > 0)
      .map((r) => `${notReplayable.by_reason[r]} with ${REASON_TEXT[r]}`)
      .join('; ');
    notes.push(`Not replayable: ${plural(notReplayable.checks, 'check')} left out of the counts (${reasons}).`);
  }
  return notes;
}
