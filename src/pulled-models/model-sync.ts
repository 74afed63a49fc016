import type { Logger } from 'pino';
import type { HubSettings } from '../hub/hub-client.ts';
import { listPulledModels, type PulledModel } from '../store/pulled-models.ts';
import type { Store } from '../store/store.ts';
import { checkFolder, isModelLocked, modelFolder, withModelLock } from './model-folder.ts';
import { fetchRegistered } from './model-pull.ts';
import type { ModelFilesStatus } from './model-status.ts';

export interface ModelFilesSyncOptions {
  store: Store;
  dataDir: string;
  hub: HubSettings;
  log: Logger;
  /** Whether this thread downloads what is missing; one thread per node does, the others only check. */
  fetches: boolean;
  /** Called once a model's files are in place here, so that its backend loads. */
  onPlaced: () => Promise<void>;
  /** Aborted when the server stops: a download under way stops too (its partial file stays). */
  signal: AbortSignal;
}

/** While a copy is not in place, how often it is looked at again (an import or another thread may bring it). */
const RECHECK_MS = 5_000;
/** How long after a failed download the hub is tried again (a configuration reload tries at once). */
const RETRY_MS = 60_000;

/**
 * Keeps this node's copies of the registered models in line with the database: at start and after
 * every configuration reload it compares each model folder with the recorded checksums, and downloads
 * the recorded commit of a pulled model that is missing or different (an imported one waits for
 * `rampart model import` on this node). Until a copy is in place its backend cannot load, so the
 * guardrails asking it follow their on_error.
 */
export class ModelFilesSync {
  readonly #options: ModelFilesSyncOptions;
  #status = new Map<string, ModelFilesStatus>();
  /** When the last download of a model failed on this thread. */
  readonly #failedAt = new Map<string, number>();
  readonly #fetching = new Set<string>();
  #checking: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: ModelFilesSyncOptions) {
    this.#options = options;
  }

  /** Each registered model's state on this node. */
  status(): Record<string, ModelFilesStatus> {
    return Object.fromEntries(this.#status);
  }

  /** Checks every model now (downloads run in the background); a check asked for while one runs follows it. */
  async check(reload = false): Promise<void> {
    if (reload) this.#failedAt.clear();
    if (this.#checking) {
      this.#again = true;
      return this.#checking;
    }
    this.#checking = (async () => {
      do {
        this.#again = false;
        await this.#checkAll();
      } while (this.#again && !this.#closed);
    })().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #checkAll(): Promise<void> {
    clearTimeout(this.#timer);
    let models: PulledModel[];
    try {
      models = await listPulledModels(this.#options.store.db);
    } catch (error) {
      this.#options.log.error({ err: error }, 'reading the pulled models failed');
      return;
    }
    const next = new Map<string, ModelFilesStatus>();
    let placed = false;
    for (const model of models) {
      const before = this.#status.get(model.name);
      const status = this.#fetching.has(model.name) ? before! : await this.#look(model);
      next.set(model.name, status);
      if (status.state === 'present' && before !== undefined && before.state !== 'present') placed = true;
    }
    this.#status = next;
    if (placed) await this.#options.onPlaced();
    if (!this.#closed && [...next.values()].some((s) => s.state !== 'present')) {
      this.#timer = setTimeout(() => void this.check(), RECHECK_MS).unref();
    }
  }

  async #look(model: PulledModel): Promise<ModelFilesStatus> {
    const { dataDir } = this.#options;
    let found: Awaited<ReturnType<typeof checkFolder>>;
    try {
      found = await checkFolder(modelFolder(dataDir, model.name), model.files, model.manifest);
    } catch (error) {
      return { state: 'failed', error: `the model folder cannot be read: ${(error as Error).message}` };
    }
    if (found.state === 'present') return { state: 'present' };
    const status: ModelFilesStatus = {
      state: found.state,
      ...(found.missing.length > 0 ? { missing: found.missing } : {}),
      ...(found.mismatched.length > 0 ? { mismatched: found.mismatched } : {}),
    };
    if (model.source !== 'hub') {
      return { ...status, error: `an imported model: import its folder or archive on this node with rampart model import <dir|.tar.gz> --name ${model.name}` };
    }
    if (await isModelLocked(dataDir, model.name)) return { ...status, state: 'fetching' };
    if (!this.#options.fetches) return status;
    const failedAt = this.#failedAt.get(model.name);
    // The last failure (and its reason) stands until the hub is tried again.
    if (failedAt !== undefined && Date.now() - failedAt < RETRY_MS) return this.#status.get(model.name) ?? status;
    this.#fetch(model);
    return { ...status, state: 'fetching' };
  }

  /** Downloads the registered commit of a pulled model in the background. */
  #fetch(model: PulledModel): void {
    const { store, dataDir, hub, log, signal } = this.#options;
    this.#fetching.add(model.name);
    log.info({ model: model.name, repo: model.repo, commit: model.commit }, 'fetching the files of a pulled model missing on this node');
    void withModelLock(dataDir, model.name, () => fetchRegistered({ store, dataDir, hub, actor: { id: 'node' }, signal }, model, undefined), 'skip')
      .then(
        (outcome) => {
          this.#failedAt.delete(model.name);
          if (outcome) log.info({ model: model.name, commit: model.commit }, 'pulled model files in place on this node');
        },
        (error: unknown) => {
          if (signal.aborted) return;
          this.#failedAt.set(model.name, Date.now());
          const message = error instanceof Error ? error.message : String(error);
          this.#status.set(model.name, { ...this.#status.get(model.name), state: 'failed', error: message });
          log.error({ model: model.name, error: message }, 'fetching the files of a pulled model failed; its guardrails follow on_error');
        },
      )
      .finally(() => {
        this.#fetching.delete(model.name);
        if (!this.#closed) void this.check();
      });
  }

  /** Stops looking (the caller aborts `signal` to stop a download under way). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#checking;
  }
}
