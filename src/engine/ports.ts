import type { BackendResult, BackendTask } from '../domain/backend.ts';
import type { ModelLoader } from '../domain/model-loader.ts';

/**
 * The ports the engine declares for what lives outside it: the appliance (src/server) builds the
 * concrete objects and passes them in, so the engine never reaches for a database, a models folder
 * or a network client itself.
 */

/** Where guardrails get their weights (models/model-library.ts is the appliance's). */
export interface ModelSource {
  /** The model `loader` reads, loaded when first asked for and then shared by everything built with this source. */
  load<T>(loader: ModelLoader<T>): T;
  /** What `loader` reads, read anew and not kept: data needed once, such as a seed to write into a store. */
  read<T>(loader: ModelLoader<T>): T;
}

/** What the pipeline needs of the model backends: ask one by name (backends/model-backends.ts answers). */
export interface BackendCaller {
  ask(name: string, task: BackendTask): Promise<BackendResult>;
}

/**
 * A profile's operator rules by kind (`keywords`, `regexes`): what an operator adds to a profile
 * beside its settings. Each guardrail that keeps rules reads its own kind (see the keyword
 * guardrail's); the engine passes them on unread.
 */
export type ProfileRules = Readonly<Record<string, readonly unknown[] | undefined>>;

/** Where the profiles' operator rules are kept (store/profiles.ts reads them from the database). */
export interface RuleSource<Rules extends ProfileRules = ProfileRules> {
  /** Every profile's rules by profile id, read with each configuration snapshot. */
  rulesByProfile(): Promise<ReadonlyMap<string, Rules>>;
}
