import type { GuardrailSlot } from '../engine/guardrail.ts';
import { compileProfile, type CompiledProfile } from '../engine/pipeline.ts';
import { toSecurityProfile, type SecurityProfile } from '../admin/profiles.ts';
import { hashApiKey, hashesEqual, looksLikeApiKey } from '../keys/api-key.ts';
import { listActiveKeys } from '../store/api-keys.ts';
import { listProfiles } from '../store/profiles.ts';
import { readConfigRevision } from '../store/revision.ts';
import { listRuntimeLlms, type RuntimeLlm } from '../store/runtime-llms.ts';
import type { Store } from '../store/store.ts';
import type { OperatorRules } from '../domain/rules.ts';
import type { RuleSource } from '../engine/ports.ts';

// A lookup by hash prefix only reveals timing about 32 bits of a SHA-256, never about the key.
const KEY_BUCKET_CHARS = 8;
// How often an unknown key may make this process read the configuration revision (see refreshForUnknownKey).
const UNKNOWN_KEY_RECHECK_MS = 100;

/** An immutable view of the configuration at one revision. */
interface Snapshot {
  revision: number;
  /** Active keys bucketed by the first characters of their hash; the full hash is compared in constant time. */
  keys: Map<string, { hash: string; runtimeLlmId: string }[]>;
  runtimeLlms: Map<string, RuntimeLlm>;
  profiles: Map<string, SecurityProfile | Error>;
  compiled: Map<string, CompiledProfile | Error>;
}

export interface Caller {
  runtimeLlm: RuntimeLlm;
  profile: CompiledProfile | Error;
  /** The profile opted in to keeping message text (PII masked) in events. */
  recordMessageText: boolean;
}

export interface LiveConfigOptions {
  store: Store;
  /** Where the profiles' operator rules are read from (the guardrails that keep rules read their own kind). */
  rules: RuleSource<OperatorRules>;
  /** The guardrails profiles are compiled for. */
  guardrails: readonly GuardrailSlot[];
  onReloadError: (error: unknown) => void;
}

/**
 * The configuration a server checks with: Runtime LLMs, key hashes and compiled profiles, held in
 * memory and reloaded when the database's configuration revision changes (another process — the CLI,
 * another node — or this one wrote to it).
 */
export class LiveConfig {
  readonly #options: LiveConfigOptions;
  #snapshot: Snapshot | undefined;
  #reloading: Promise<void> | undefined;
  readonly #reloadListeners: (() => Promise<void>)[] = [];
  #unknownKeyCheckedAt = 0;

  constructor(options: LiveConfigOptions) {
    this.#options = options;
  }

  get revision(): number {
    return this.#snapshot?.revision ?? 0;
  }

  /** Loads the current configuration; call once before serving. */
  async load(): Promise<void> {
    this.#snapshot = await this.#readSnapshot();
  }

  /**
   * Reloads when another connection changed the configuration. Cheap when nothing changed (SQLite
   * answers from a pragma), so it runs before every check: a regenerated key stops working at once.
   */
  async refreshIfChanged(force = false): Promise<void> {
    // A reload already under way (started by the poll timer, say) may carry the change this caller must see.
    if (this.#reloading) await this.#reloading;
    if (!force && !this.#options.store.changedSinceLastCall()) return;
    this.#reloading ??= this.#reloadIfNewRevision().finally(() => {
      this.#reloading = undefined;
    });
    await this.#reloading;
  }

  /**
   * An unknown key may belong to a Runtime LLM created a moment ago through another connection whose
   * change notice (PostgreSQL NOTIFY) has not arrived yet: read the revision, but at most once per
   * interval, so a flood of bad keys cannot turn into a flood of queries.
   */
  async refreshForUnknownKey(): Promise<void> {
    const now = Date.now();
    if (now - this.#unknownKeyCheckedAt < UNKNOWN_KEY_RECHECK_MS) return;
    this.#unknownKeyCheckedAt = now;
    await this.refreshIfChanged(true);
  }

  /** Runs `listener` after every reload that brought a new revision. */
  onReload(listener: () => Promise<void>): void {
    this.#reloadListeners.push(listener);
  }

  async #reloadIfNewRevision(): Promise<void> {
    try {
      const revision = await readConfigRevision(this.#options.store.db);
      if (revision === this.#snapshot?.revision) return;
      this.#snapshot = await this.#readSnapshot();
      for (const listener of this.#reloadListeners) await listener();
    } catch (error) {
      // Keep serving with the configuration we have; the next change retries.
      this.#options.onReloadError(error);
    }
  }

  async #readSnapshot(): Promise<Snapshot> {
    const { db } = this.#options.store;
    // Read the revision first: a change racing with this read triggers another reload later.
    const revision = await readConfigRevision(db);
    const [keys, llms, storedProfiles, rules] = await Promise.all([
      listActiveKeys(db),
      listRuntimeLlms(db),
      listProfiles(db),
      this.#options.rules.rulesByProfile(),
    ]);
    const profiles = new Map<string, SecurityProfile | Error>();
    for (const stored of storedProfiles) {
      try {
        profiles.set(stored.id, toSecurityProfile(stored, rules.get(stored.id)));
      } catch (error) {
        profiles.set(stored.id, error instanceof Error ? error : new Error(String(error)));
      }
    }
    const buckets = new Map<string, { hash: string; runtimeLlmId: string }[]>();
    for (const key of keys) {
      const bucket = buckets.get(key.keyHash.slice(0, KEY_BUCKET_CHARS)) ?? [];
      bucket.push({ hash: key.keyHash, runtimeLlmId: key.runtimeLlmId });
      buckets.set(key.keyHash.slice(0, KEY_BUCKET_CHARS), bucket);
    }
    return {
      revision,
      keys: buckets,
      runtimeLlms: new Map(llms.map((l) => [l.id, l])),
      profiles,
      compiled: new Map(),
    };
  }

  /** The Runtime LLM an API key belongs to, with its compiled profile; undefined for unknown keys. */
  authenticate(apiKey: string): Caller | undefined {
    const snapshot = this.#snapshot;
    if (!snapshot || !looksLikeApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const candidate = snapshot.keys.get(hash.slice(0, KEY_BUCKET_CHARS))?.find((k) => hashesEqual(k.hash, hash));
    if (!candidate) return undefined;
    const runtimeLlm = snapshot.runtimeLlms.get(candidate.runtimeLlmId);
    if (!runtimeLlm) return undefined;
    const settings = snapshot.profiles.get(runtimeLlm.profileId);
    const recordMessageText = !(settings instanceof Error) && settings?.settings.record_message_text === true;
    return { runtimeLlm, profile: this.#compiledFor(snapshot, runtimeLlm), recordMessageText };
  }

  #compiledFor(snapshot: Snapshot, llm: RuntimeLlm): CompiledProfile | Error {
    const cacheKey = `${llm.profileId}:${llm.level}:${llm.monitor}`;
    let compiled = snapshot.compiled.get(cacheKey);
    if (!compiled) {
      const profile = snapshot.profiles.get(llm.profileId) ?? new Error(`Profile ${llm.profileId} does not exist.`);
      try {
        compiled = profile instanceof Error ? profile : compileProfile(this.#options.guardrails, profile, llm.level, llm.monitor);
      } catch (error) {
        compiled = error instanceof Error ? error : new Error(String(error));
      }
      snapshot.compiled.set(cacheKey, compiled);
    }
    return compiled;
  }
}
