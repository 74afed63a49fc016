import { performance } from 'node:perf_hooks';
import type { TObject, Static } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { BackendQuestion } from '../backends/model-backend.ts';
import type { ModerationCategory } from '../models/heads.ts';
import type { ModelLibrary } from '../models/model-library.ts';
import type { Store } from '../store/store.ts';
import type { AnalysedText } from '../text/analysed-text.ts';

/** Which endpoint a check came through: input-check (user prompt) or output-check (LLM answer). */
export type Direction = 'input' | 'output';

/** The members of `checks`, in response order. Every response carries all of them. */
export const GUARDRAIL_NAMES = ['llm', 'vector', 'content_moderation', 'system_prompt', 'pii', 'keyword', 'regex'] as const;
export type GuardrailName = (typeof GUARDRAIL_NAMES)[number];

/** A character range of the submitted message (UTF-16 offsets, end exclusive) that triggered a guardrail. */
export interface TextSpan {
  start: number;
  end: number;
  label: string;
}

/** A replacement the pipeline applies to build `sanitized_message` (e.g. PII masking). */
export interface Redaction {
  start: number;
  end: number;
  replacement: string;
  /**
   * Also replaced in what is passed on (Forwarding mode's request or answer) when the guardrail is
   * enforced: the PII `mask` action. Otherwise the range is masked in `sanitized_message` only.
   */
  forward?: boolean;
}

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

/** Operator rules of a security profile, handed to the guardrails that use them. */
export interface KeywordRule {
  id: string;
  keyword: string;
  wholeWord: boolean;
  scope: RuleScope;
}
export interface RegexRule {
  id: string;
  name: string;
  pattern: string;
  caseInsensitive: boolean;
  scope: RuleScope;
}
export type RuleScope = 'input' | 'output' | 'both';
export interface ProfileRules {
  keywords: readonly KeywordRule[];
  regexes: readonly RegexRule[];
}

/** What the appliance lends a guardrail that keeps state of its own (e.g. the threat-vector index). */
export interface GuardrailServices {
  /** The shared database. */
  store: Store;
  /** This node's data directory (for files such as a persisted index). */
  dataDir: string;
  log: Logger;
  /** Registers a function to run once the configuration is loaded and after every reload (a change by the CLI, the dashboard or another node). */
  onConfigReload(listener: () => Promise<void>): void;
}

/** What a guardrail is built with. */
export interface GuardrailResources {
  /** The models it loads its weights from; guardrails built with one library share them. */
  models: ModelLibrary;
  /**
   * The appliance's services, for guardrails that keep state in the database. Absent offline
   * (evaluation, training), where the vector filter checks against the shipped seed alone.
   */
  services?: GuardrailServices;
}

/** A guardrail at work: built once by its definition with its resources, and owned by whoever built it (the appliance). */
export interface Guardrail<S extends TObject = TObject, Compiled = unknown, R extends TObject = TObject> {
  /** Builds per-profile state (compiled rules, thresholds) once per configuration revision. */
  compile(settings: Static<S>, rules: ProfileRules): Compiled;
  /** Whether the guardrail has anything to check in this context (e.g. a system prompt to protect). */
  applies?(ctx: CheckContext, compiled: Compiled): boolean;
  check(ctx: CheckContext, compiled: Compiled): GuardrailVerdict<Static<R>> | Promise<GuardrailVerdict<Static<R>>>;
}

/**
 * A guardrail: one module, one registry line. The pipeline decides whether it runs (profile switch,
 * protection level, direction); the guardrail only judges the text.
 */
export interface GuardrailDefinition<S extends TObject = TObject, Compiled = unknown, R extends TObject = TObject> {
  readonly name: GuardrailName;
  /** Dashboard / docs title, e.g. "LLM Guardrail". */
  readonly title: string;
  readonly directions: readonly Direction[];
  /** Profile settings of this guardrail besides `enabled`, with defaults (JSON Schema via TypeBox). */
  readonly settings: S;
  /**
   * The guardrail's own members of its `checks` block when it ran (JSON Schema via TypeBox, closed):
   * the published check-response schema is composed from these (see check-blocks.ts), and `check`
   * must return exactly these fields.
   */
  readonly result: R;
  /**
   * true for a guardrail that reads the message with a model of its own, whose tables (megabytes of
   * weights, vocabularies, stored vectors) a check walks through: the pipeline lets the other checks
   * started with this one reach it first (`runChecks`).
   */
  readonly runsModel?: boolean;
  /** Builds the guardrail, loading its weights or other assets, before its first check. */
  create(resources: GuardrailResources): Promise<Guardrail<S, Compiled, R>>;
  /** Present on guardrails whose verdict follows from one score: they can ask a model backend too (profile setting `backend_mode`). */
  readonly backend?: BackendHook<Compiled, Static<R>>;
}

/** A guardrail with the definition it was built from: what the pipeline runs. */
export interface LoadedGuardrail {
  readonly definition: GuardrailDefinition;
  readonly guardrail: Guardrail;
}

/** Builds guardrails with the same resources, in order; `onLoaded` learns how long each took. */
export async function loadGuardrails(
  definitions: readonly GuardrailDefinition[],
  resources: GuardrailResources,
  onLoaded: (name: GuardrailName, ms: number) => void = () => {},
): Promise<LoadedGuardrail[]> {
  const loaded: LoadedGuardrail[] = [];
  for (const definition of definitions) {
    const started = performance.now();
    loaded.push({ definition, guardrail: await definition.create(resources) });
    onLoaded(definition.name, performance.now() - started);
  }
  return loaded;
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

/** Identity helper that keeps the settings, compiled and result types inferred. */
export function defineGuardrail<S extends TObject, Compiled, R extends TObject>(
  definition: GuardrailDefinition<S, Compiled, R>,
): GuardrailDefinition<S, Compiled, R> {
  return definition;
}
