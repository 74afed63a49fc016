import type { Logger } from 'pino';
import type { Actor } from '../domain/actor.ts';
import { AppError } from '../errors.ts';
import type { HubSettings } from '../hub/hub-client.ts';
import { newId, nowIso } from '../ids.ts';
import { findModelPull, insertModelPull, listModelPulls, pruneModelPulls, updateModelPull, type ModelPullRecord } from '../store/pulled-models.ts';
import type { Store } from '../store/store.ts';
import { checkPullRequest, pullModel, type PullProgress, type PullRequest } from './model-pull.ts';

/**
 * Pulls started from the dashboard run in the server that received them; their progress is written
 * to the database, so that whichever server thread or node answers the dashboard's polling sees it.
 */

export interface PullJobContext {
  store: Store;
  dataDir: string;
  hub: HubSettings;
  log: Logger;
  /** Runs after a successful pull (this node loads the new backend at once). */
  onPulled: () => Promise<void>;
  /** Aborted when the server stops: the download stops, its partial file stays for the next pull. */
  signal: AbortSignal;
}

/** Progress is written at most this often (and whenever the phase or the file changes). */
const WRITE_EVERY_MS = 500;
/** A running pull writes at least this often; one silent for STALE_MS stopped with its server. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;
const KEEP_DAYS = 7;

const STOPPED = {
  code: 'download_interrupted',
  message: 'The pull stopped without finishing (its server stopped); start it again to resume the download.',
} as const;

/** A running pull whose server stopped shows as failed, with what to do. */
function current(pull: ModelPullRecord): ModelPullRecord {
  if (pull.state !== 'running' || Date.now() - Date.parse(pull.updatedAt) < STALE_MS) return pull;
  return { ...pull, state: 'failed', error: STOPPED };
}

export async function findPull(store: Store, id: string): Promise<ModelPullRecord> {
  const pull = await findModelPull(store.db, id);
  if (!pull) throw new AppError('not_found', `No model pull has the id ${JSON.stringify(id)}.`);
  return current(pull);
}

export async function recentPulls(store: Store): Promise<ModelPullRecord[]> {
  return (await listModelPulls(store.db, 20)).map(current);
}

/** Checks the request, records the pull and starts it; resolves to its record at once. */
export async function startPull(ctx: PullJobContext, actor: Actor, request: PullRequest): Promise<ModelPullRecord> {
  const { repo, revision, name } = await checkPullRequest(ctx.store, request);
  const now = nowIso();
  let pull: ModelPullRecord = {
    id: newId('pull'),
    repo,
    revision,
    name,
    state: 'running',
    phase: 'metadata',
    file: null,
    bytesDone: 0,
    bytesTotal: null,
    error: null,
    actor: actor.id,
    createdAt: now,
    updatedAt: now,
  };
  await pruneModelPulls(ctx.store.db, new Date(Date.now() - KEEP_DAYS * 86_400_000).toISOString());
  await insertModelPull(ctx.store.db, pull);
  let written = 0;
  // Writes go one after the other, so the last state written is the last one reached.
  let writing = Promise.resolve();
  const save = (next: ModelPullRecord): Promise<void> => {
    pull = next;
    written = Date.now();
    const snapshot = pull;
    writing = writing.then(() =>
      updateModelPull(ctx.store.db, { ...snapshot, updatedAt: nowIso() }).catch((error: unknown) =>
        ctx.log.warn({ err: error, pull: snapshot.id }, 'recording the progress of a model pull failed'),
      ),
    );
    return writing;
  };
  const onProgress = (p: PullProgress) => {
    const changed = p.phase !== pull.phase || (p.file ?? null) !== pull.file;
    const next = { ...pull, phase: p.phase, file: p.file ?? null, bytesDone: p.done ?? 0, bytesTotal: p.total ?? null };
    if (changed || Date.now() - written >= WRITE_EVERY_MS) void save(next);
    else pull = next;
  };
  const heartbeat = setInterval(() => void save(pull), HEARTBEAT_MS).unref();
  void pullModel({ store: ctx.store, dataDir: ctx.dataDir, hub: ctx.hub, actor, onProgress, signal: ctx.signal }, request)
    .then(
      async () => {
        clearInterval(heartbeat);
        // This node takes the model up before the pull shows as succeeded.
        await ctx.onPulled();
        await save({ ...pull, state: 'succeeded', phase: 'done' });
      },
      async (error: unknown) => {
        clearInterval(heartbeat);
        if (ctx.signal.aborted) return save({ ...pull, state: 'failed', error: STOPPED });
        const code = error instanceof AppError ? error.code : 'internal_error';
        if (!(error instanceof AppError)) ctx.log.error({ err: error, pull: pull.id }, 'a model pull failed');
        await save({
          ...pull,
          state: 'failed',
          error: { code, message: error instanceof AppError ? error.message : 'The pull failed; the server log has the details.' },
        });
      },
    )
    .catch((error: unknown) => ctx.log.error({ err: error, pull: pull.id }, 'finishing a model pull failed'));
  return pull;
}
