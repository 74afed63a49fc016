import { GUARDRAIL_NAMES } from '../guardrails/registry.ts';
import type { BackendResult, BackendTask } from '../domain/backend.ts';
import type { BackendCaller } from '../engine/ports.ts';
import type { Direction } from '../domain/check.ts';
import { guardrailBackends, type GuardrailBackend, type ProfileSettings } from '../engine/profile-settings.ts';
import type { CheckFunction, CheckResponseLike } from './classification.ts';
import type { DatasetRow } from './dataset-files.ts';
import { markdownCell } from './markdown-cell.ts';

/** What a guardrail's model backend added on the rows of one label (or of all of them). */
export interface LabelContribution {
  /** Rows the guardrail ran on. */
  rows: number;
  /** Detected by the guardrail with its built-in model alone. */
  builtIn: number;
  /** Detected on the backend's answer alone (its score against the guardrail's threshold). */
  backend: number;
  /** Detected by both. */
  both: number;
  /** Detected by the guardrail as the profile configures it (backend mode, cascade band, on_error for failures). */
  configured: number;
  /** Rows on which the backend was asked as the profile configures it (cascade: the built-in score was in the band). */
  askedAsConfigured: number;
  /** Rows on which the backend gave no answer, and why. */
  failures: number;
  failureReasons: Record<string, number>;
  /** The backend's time per row (answers and failures), milliseconds; null when it was never asked. */
  latencyMs: { median: number; p99: number } | null;
}

export interface BackendContribution extends GuardrailBackend {
  byLabel: Record<string, LabelContribution>;
  overall: LabelContribution;
}

interface Tally extends Omit<LabelContribution, 'latencyMs'> {
  latencies: number[];
}

type Block = Record<string, unknown> | undefined;
type BackendBlock = { score?: number; error?: string; latency_ms?: number } | undefined;

/** Settings with every guardrail that asks a backend switched to `mode`: its built-in model alone, or its backend alone. */
export function withBackendMode(settings: ProfileSettings, mode: 'built-in' | 'backend'): ProfileSettings {
  const guardrails = { ...settings.guardrails };
  for (const { guardrail } of guardrailBackends(settings, GUARDRAIL_NAMES)) guardrails[guardrail] = { ...guardrails[guardrail], backend_mode: mode };
  return { ...settings, guardrails };
}

/**
 * Asks each backend once per message: a task asked again for the same message (the run as configured,
 * after the backend-alone run) gets the first answer, or failure, again.
 */
class AskedOncePerMessage implements BackendCaller {
  readonly #backends: BackendCaller;
  readonly #answers = new Map<string, Promise<BackendResult>>();

  constructor(backends: BackendCaller) {
    this.#backends = backends;
  }

  ask(name: string, task: BackendTask): Promise<BackendResult> {
    const key = JSON.stringify([name, task.question, task.direction, task.message, task.prompt ?? null, task.policy ?? null]);
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = this.#backends.ask(name, task);
      // Settled later by whoever awaits it; a failure must not count as unhandled meanwhile.
      answer.catch(() => {});
      this.#answers.set(key, answer);
    }
    return answer;
  }

  /** The next message starts. */
  forget(): void {
    this.#answers.clear();
  }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function emptyTally(): Tally {
  return { rows: 0, builtIn: 0, backend: 0, both: 0, configured: 0, askedAsConfigured: 0, failures: 0, failureReasons: {}, latencies: [] };
}

function contribution({ latencies, ...counts }: Tally): LabelContribution {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { ...counts, latencyMs: sorted.length === 0 ? null : { median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) } };
}

/**
 * Measures what a profile's model backends add, row by row of a labelled evaluation: each message is
 * checked with the backend-using guardrails on their built-in model alone, on their backend alone,
 * and as the profile configures them (the check response the evaluation scores). Each backend is
 * asked once per message.
 */
export class BackendEvaluation {
  readonly #uses: readonly GuardrailBackend[];
  readonly #caller: AskedOncePerMessage;
  readonly #configured: CheckFunction;
  readonly #builtIn: CheckFunction;
  readonly #backendAlone: CheckFunction;
  readonly #tallies = new Map<GuardrailBackend, Map<string, Tally>>();
  #last: { response: CheckResponseLike; builtIn: CheckResponseLike; backendAlone: CheckResponseLike } | undefined;

  /** `checkWith` builds the check function of the run for settings and a backend caller (see pipelineCheck). */
  constructor(settings: ProfileSettings, backends: BackendCaller, checkWith: (settings: ProfileSettings, backends?: BackendCaller) => CheckFunction) {
    this.#uses = guardrailBackends(settings, GUARDRAIL_NAMES);
    this.#caller = new AskedOncePerMessage(backends);
    this.#configured = checkWith(settings, this.#caller);
    this.#builtIn = checkWith(withBackendMode(settings, 'built-in'));
    this.#backendAlone = checkWith(withBackendMode(settings, 'backend'), this.#caller);
    for (const use of this.#uses) this.#tallies.set(use, new Map());
  }

  /** The evaluation's check function: the response as the profile configures it. */
  readonly check: CheckFunction = async (direction: Direction, message: string) => {
    this.#caller.forget();
    const builtIn = await this.#builtIn(direction, message);
    const backendAlone = await this.#backendAlone(direction, message);
    const response = await this.#configured(direction, message);
    this.#last = { response, builtIn, backendAlone };
    return response;
  };

  /** Counts a row with the response `check` just gave for it. */
  record(row: DatasetRow, response: CheckResponseLike): void {
    const last = this.#last;
    if (last?.response !== response) throw new Error('a row is recorded with the response of another check');
    for (const use of this.#uses) {
      const builtIn = last.builtIn.checks[use.guardrail];
      if (builtIn?.enabled !== true) continue;
      const alone = last.backendAlone.checks[use.guardrail];
      const configured = response.checks[use.guardrail];
      const tallies = this.#tallies.get(use)!;
      const tally = tallies.get(row.label) ?? emptyTally();
      tallies.set(row.label, tally);
      const answer = alone?.backend as BackendBlock;
      const byBuiltIn = builtIn.detected === true;
      const byBackend = typeof answer?.score === 'number' && alone?.detected === true;
      tally.rows++;
      if (byBuiltIn) tally.builtIn++;
      if (byBackend) tally.backend++;
      if (byBuiltIn && byBackend) tally.both++;
      if ((configured as Block)?.detected === true) tally.configured++;
      if ((configured as Block)?.backend !== undefined) tally.askedAsConfigured++;
      if (answer?.error !== undefined) {
        tally.failures++;
        tally.failureReasons[answer.error] = (tally.failureReasons[answer.error] ?? 0) + 1;
      }
      if (typeof answer?.latency_ms === 'number') tally.latencies.push(answer.latency_ms);
    }
  }

  report(): BackendContribution[] {
    return this.#uses.map((use) => {
      const tallies = [...this.#tallies.get(use)!].sort((a, b) => a[0].localeCompare(b[0]));
      const overall = emptyTally();
      for (const [, t] of tallies) {
        for (const key of ['rows', 'builtIn', 'backend', 'both', 'configured', 'askedAsConfigured', 'failures'] as const) overall[key] += t[key];
        for (const [reason, n] of Object.entries(t.failureReasons)) overall.failureReasons[reason] = (overall.failureReasons[reason] ?? 0) + n;
        overall.latencies.push(...t.latencies);
      }
      return { ...use, byLabel: Object.fromEntries(tallies.map(([label, t]) => [label, contribution(t)])), overall: contribution(overall) };
    });
  }
}

function share(n: number, of: number): string {
  return of === 0 ? '–' : `${n} (${((100 * n) / of).toFixed(1)}%)`;
}

function line(name: string, c: LabelContribution): string {
  const reasons = Object.entries(c.failureReasons)
    .sort()
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  const latency = c.latencyMs ? `${c.latencyMs.median.toFixed(1)} / ${c.latencyMs.p99.toFixed(1)}` : '–';
  return `| ${name} | ${c.rows} | ${share(c.builtIn, c.rows)} | ${share(c.backend, c.rows)} | ${share(c.both, c.rows)} | ${share(c.backend - c.both, c.rows)} | ${share(c.configured, c.rows)} | ${share(c.askedAsConfigured, c.rows)} | ${share(c.failures, c.rows)}${reasons ? ` (${reasons})` : ''} | ${latency} |`;
}

/** One Markdown table per guardrail that asks a backend: a line per label and overall. */
export function formatBackendContribution(report: readonly BackendContribution[]): string {
  return report
    .map((c) =>
      [
        `Model backend ${markdownCell(c.backend)} on the ${c.guardrail} guardrail (backend_mode ${c.mode}): detected per label`,
        '',
        '| label | rows | built-in | backend | both | backend only | as configured | backend asked as configured | backend failures | backend ms p50 / p99 |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...Object.entries(c.byLabel).map(([label, l]) => line(markdownCell(label), l)),
        line('**overall**', c.overall),
      ].join('\n'),
    )
    .join('\n\n');
}
