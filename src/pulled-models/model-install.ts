import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Actor } from '../domain/actor.ts';
import { updateProfileSettings } from '../admin/profiles.ts';
import { registerPulledModel, type Attachment } from '../admin/pulled-models.ts';
import { AppError } from '../errors.ts';
import type { StoredModelBackend } from '../store/model-backends.ts';
import type { ModelFile, PulledModel } from '../store/pulled-models.ts';
import type { Store } from '../store/store.ts';
import { manifestText, placeFolder, removeFolder, writeStamp } from './model-folder.ts';

/** What a pull or import needs besides its request. */
export interface InstallContext {
  store: Store;
  dataDir: string;
  actor: Actor;
}

/** What a pull or import did. */
export interface InstallOutcome {
  model: PulledModel;
  /** The backend registered with the model; absent when the model was registered before (by another node). */
  backend?: StoredModelBackend;
  /** false: the model was already registered, and this node got its files. */
  registered: boolean;
  /** Where this node runs it. */
  device: 'cpu' | 'cuda';
  attachment?: Attachment;
}

/** Loads the classifier once, as its backend will, so that a model the runtime cannot feed is refused before it is registered. */
async function loadTest(folder: string, source: string): Promise<'cpu' | 'cuda'> {
  // onnxruntime loads only for this step.
  const { OnnxClassifier } = await import('../backends/onnx-classifier.ts');
  let classifier: Awaited<ReturnType<typeof OnnxClassifier.load>>;
  try {
    classifier = await OnnxClassifier.load(folder, { intraOpThreads: null });
  } catch (error) {
    throw new AppError(
      'model_unsupported',
      `The ONNX model of ${source} cannot be run as a classifier backend: ${(error as Error).message.replace(/\.$/, '')}.`,
      { cause: error },
    );
  }
  const { device } = classifier;
  await classifier.close();
  return device;
}

/**
 * Finishes a staging folder that holds the model's files: writes its manifest and checksum stamp,
 * test-loads it, moves it into `<data-dir>/models/<name>` and registers it (or, for a model that is
 * registered already, only places this node's copy). A failed registration takes the folder away again.
 */
export async function install(
  ctx: InstallContext,
  staging: string,
  model: Omit<PulledModel, 'id' | 'backendId' | 'createdAt' | 'updatedAt'>,
  attachment: Attachment | undefined,
  existing: PulledModel | undefined,
): Promise<InstallOutcome> {
  await writeFile(join(staging, 'manifest.json'), manifestText(model.manifest));
  await writeStamp(staging, model.files);
  const device = await loadTest(staging, model.repo ?? model.name);
  await placeFolder(ctx.dataDir, staging, model.name);
  if (existing) {
    if (attachment) await attach(ctx, attachment, existing.name);
    return { model: existing, registered: false, device, ...(attachment ? { attachment } : {}) };
  }
  try {
    const { model: registered, backend } = await registerPulledModel(ctx.store, ctx.actor, model, attachment);
    return { model: registered, backend, registered: true, device, ...(attachment ? { attachment } : {}) };
  } catch (error) {
    await removeFolder(ctx.dataDir, model.name);
    throw error;
  }
}

/** Points a guardrail at a model that was registered before. */
function attach(ctx: InstallContext, attachment: Attachment, name: string): Promise<unknown> {
  return updateProfileSettings(ctx.store, ctx.actor, attachment.profile, {
    guardrails: { [attachment.guardrail]: { backend_mode: attachment.mode, backend: name } },
  });
}

/** Refuses files that differ from a registered model's: every node must run the same bytes. */
export function checkAgainstRecord(existing: PulledModel, files: readonly ModelFile[], source: string): void {
  for (const wanted of existing.files) {
    const got = files.find((f) => f.local === wanted.local);
    if (!got || got.sha256 !== wanted.sha256) {
      throw new AppError(
        'checksum_mismatch',
        `The ${wanted.local} of ${source} differs from the registered model ${existing.name} (SHA-256 ${got?.sha256 ?? 'missing'}, registered ${wanted.sha256}); nothing was changed.`,
      );
    }
  }
}

/** Removes a staging folder whatever happened (after a successful install it was renamed away). */
export function discard(staging: string): Promise<void> {
  return rm(staging, { recursive: true, force: true });
}
