import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { BackendQuestion } from '../domain/backend.ts';
import type { Direction, Redaction, TextSpan } from '../domain/check.ts';
import type { ModelLoader } from '../domain/model-loader.ts';
import type { ModerationCategory } from '../domain/moderation.ts';
import type { ProtectionLevel } from '../domain/protection.ts';
import type { AnalysedText } from '../text/analysed-text.ts';
import type { ModelSource, ProfileRules } from './ports.ts';

/** What one guardrail concluded about one message; `Fields` is the static type of its result schema. */
export interface GuardrailVerdict<Fields extends object = Record<string, unknown>> {
  /** true when the guardrail found a violation that blocks the message under the profile's settings. */
  detected: boolean;
  /** Guardrail-specific members of its `checks` block, as its `result` schema declares them; the pipeline adds `enabled`. */
  fields: Fields;
  /** The guardrail's main score in [0, 1], recorded in events and metrics, when it has one. */
  score?: number;
  /** Ranges of the message that triggered, for explanations and highlighting. */
  spans?: TextSpan[];
  /** Ranges to mask in `sanitized_message`; those marked `forward` are masked in what is passed on too. */
  redactions?: Redaction[];
}

/** The Runtime LLM a check runs for, as far as guardrails need to know it. */
export interface RuntimeLlmContext {
  id: string;
  name: string;
  mode: 'forwarding' | 'non-forwarding';
  /** Registered system prompt (optional), enables output-side leakage detection in Non-forwarding mode. */
  systemPrompt: string | null;
}

/** Everything a guardrail may look at for one check. */
export interface CheckContext {
  direction: Direction;
  /** The message exactly as submitted. Offsets in verdicts refer to it. */
  message: string;
  /** Shared normalised views of `message`, computed lazily once per check. */
  text: AnalysedText;
  /** output-check only: the user prompt that led to the answer in `message`. */
  prompt?: string | undefined;
  runtimeLlm: RuntimeLlmContext;
  /** Forwarding mode only: the system prompt sent upstream with this request. */
  systemPrompt?: string | undefined;
  /** Forwarding mode only: a canary token planted in the system prompt for this request. */
  canary?: string | undefined;
}

/**
 * The ports of guardrails that keep state in the appliance's database, each declared by its own
 * guardrail folder (a TypeScript module augmentation of this interface, as Fastify plugins declare
 * their decorators) and built by the appliance (src/server). The vector filter's threat store is one.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the guardrails that declare ports.
export interface GuardrailPorts {}

/** What the appliance lends a guardrail that keeps state of its own (e.g. the threat-vector index). */
export interface GuardrailServices extends GuardrailPorts {
  /** This node's data directory (for files such as a persisted index). */
  dataDir: string;
  log: Logger;
  /** Registers a function to run once the configuration is loaded and after every reload (a change by the CLI, the dashboard or another node). */
  onConfigReload(listener: () => Promise<void>): void;
}

/** What a guardrail is built with. */
export interface GuardrailResources {
  /** Where it loads its weights from; guardrails built with one source share them. */
  models: ModelSource;
  /**
   * The appliance's services, for guardrails that keep state in the database. Absent offline
   * (evaluation, training), where the vector filter checks against the shipped seed alone.
   */
  services?: GuardrailServices;
}

/** A guardrail at work: built once by its definition with its resources, and owned by whoever built it (the appliance). */
export interface Guardrail<S extends TObject = TObject, Compiled = unknown, R extends TObject = TObject> {
  /**
   * Builds per-profile state (compiled rules, thresholds) once per configuration revision, from the
   * profile's settings of this guardrail and the profile's operator rules (a guardrail that keeps
   * rules reads its own kind; the others ignore them).
   */
  compile(settings: Static<S>, rules: ProfileRules): Compiled;
  /** Whether the guardrail has anything to check in this context (e.g. a system prompt to protect). */
  applies?(ctx: CheckContext, compiled: Compiled): boolean;
  check(ctx: CheckContext, compiled: Compiled): GuardrailVerdict<Static<R>> | Promise<GuardrailVerdict<Static<R>>>;
}

/**
 * A guardrail: one folder, one registry line (src/guardrails/registry.ts). The pipeline decides
 * whether it runs (profile switch, protection level, direction); the guardrail only judges the text.
 */
export interface GuardrailDefinition<S extends TObject = TObject, Compiled = unknown, R extends TObject = TObject, N extends string = string> {
  /** Its member of `checks` and of a profile's `guardrails` settings. */
  readonly name: N;
  /** Dashboard / docs title, e.g. "LLM Guardrail". */
  readonly title: string;
  readonly directions: readonly Direction[];
  /**
   * The protection levels that switch it on when its profile does not say (absent: level 3 alone,
   * which runs every guardrail). A definition standing in for a registered guardrail in a test runs
   * at the levels of the one it stands in for unless it names its own.
   */
  readonly levels?: readonly ProtectionLevel[];
  /** Profile settings of this guardrail besides `enabled`, with defaults (JSON Schema via TypeBox). */
  readonly settings: S;
  /**
   * Profile attributes the product specification names for this guardrail, valid even where a
   * definition standing in for it (a test's) does not declare them; its own `settings` refine them
   * (e.g. a calibrated default threshold).
   */
  readonly specSettings?: TProperties;
  /**
   * The guardrail's own members of its `checks` block when it ran (JSON Schema via TypeBox, closed):
   * the published check-response schema is composed from these (see check-blocks.ts), and `check`
   * must return exactly these fields.
   */
  readonly result: R;
  /** The kind of operator rules it reads from its profile (see ProfileRules), when it keeps rules. */
  readonly rules?: string;
  /** What its block found, in words an operator reads (the dashboard's rows of a check); none when it found nothing. */
  summarise?(fields: Static<R>): string[];
  /**
   * true for a guardrail that reads the message with a model of its own, whose tables (megabytes of
   * weights, vocabularies, stored vectors) a check walks through: the pipeline lets the other checks
   * started with this one reach it first (`runChecks`).
   */
  readonly runsModel?: boolean;
  /** The loaders of the weights it reads, so that a server can read them once for all its threads. */
  readonly loaders?: readonly ModelLoader<unknown>[];
  /** Builds the guardrail, loading its weights or other assets, before its first check. */
  create(resources: GuardrailResources): Promise<Guardrail<S, Compiled, R>>;
  /** Present on guardrails whose verdict follows from one score: they can ask a model backend too (profile setting `backend_mode`). */
  readonly backend?: BackendHook<Compiled, Static<R>>;
}

/**
 * One member of `checks` as the pipeline runs it: a registered guardrail's name and the protection
 * levels that switch it on, with the guardrail when one is loaded (absent: not available in this
 * build or test, and its block says so).
 */
export interface GuardrailSlot {
  readonly name: string;
  readonly levels: readonly ProtectionLevel[];
  /** The guardrail, with the definition it was built from. */
  readonly loaded?: { readonly definition: GuardrailDefinition; readonly guardrail: Guardrail };
}

/** How a guardrail puts its question to a model backend and turns a score into its verdict. */
export interface BackendHook<Compiled, Fields extends object = Record<string, unknown>> {
  /** What a backend is asked on this check, or undefined when a backend has nothing to judge here. */
  question(ctx: CheckContext): BackendQuestion | undefined;
  /** The application's rules the backend judges the message against (see BackendTask.policy), when the profile asks for it. */
  policy?(ctx: CheckContext, compiled: Compiled): string | undefined;
  /**
   * The verdict for a score in [0, 1] (the built-in model's, the backend's, or the higher of the two),
   * with the hazard categories the backend named when its score counted. `check` is `decide` on the
   * built-in score.
   */
  decide(ctx: CheckContext, compiled: Compiled, score: number, categories?: readonly ModerationCategory[]): GuardrailVerdict<Fields>;
}

/** Identity helper that keeps the settings, compiled, result and name types inferred. */
export function defineGuardrail<S extends TObject, Compiled, R extends TObject, N extends string>(
  definition: GuardrailDefinition<S, Compiled, R, N>,
): GuardrailDefinition<S, Compiled, R, N> {
  return definition;
}
