import { BACKEND_MODES, type BackendMode } from '../engine/profile-settings.ts';
import { GUARDRAILS } from '../guardrails/registry.ts';
import { AppError } from '../errors.ts';
import { newId, nowIso } from '../ids.ts';
import { backendPathOf } from '../pulled-models/model-folder.ts';
import { deleteModelBackendRow, findModelBackend, insertModelBackend, type StoredModelBackend } from '../store/model-backends.ts';
import { updateProfileRow, type StoredProfile } from '../store/profiles.ts';
import { deletePulledModelRow, findPulledModel, insertPulledModel, listPulledModels, type PulledModel } from '../store/pulled-models.ts';
import type { Store } from '../store/store.ts';
import type { Actor } from '../domain/actor.ts';
import type { ModelFilesStatus, PulledModelFacts } from '../pulled-models/model-status.ts';
import { applyConfigChange } from '../store/config-change.ts';
import { backendUsers, defaultLimits, validateBackendName } from './model-backends.ts';
import { patchedProfile } from './profiles.ts';

/** Guardrails that can ask a model backend: those a pulled model can be attached to. */
export const BACKEND_GUARDRAILS: readonly string[] = GUARDRAILS.filter((g) => g.backend !== undefined).map((g) => g.name);
/** Mode a guardrail gets when --guardrail is given without --mode: the higher of both scores counts, so nothing the built-in model catches is lost. */
export const DEFAULT_ATTACH_MODE: BackendMode = 'both';
export const DEFAULT_PROFILE = 'default';

/** Which guardrail of which profile asks the new model, and how (--guardrail, --mode, --profile). */
export interface AttachRequest {
  guardrail?: string | undefined;
  mode?: string | undefined;
  profile?: string | undefined;
}

export interface Attachment {
  guardrail: string;
  mode: BackendMode;
  profile: string;
}

/** Checks the attach flags before anything is downloaded; undefined when no guardrail is to be set. */
export function attachmentOf(request: AttachRequest): Attachment | undefined {
  if (request.guardrail === undefined) {
    if (request.mode !== undefined || request.profile !== undefined) {
      throw new AppError('invalid_field', `--mode and --profile set a guardrail's backend, so they need --guardrail (${BACKEND_GUARDRAILS.join(', ')}).`, {
        details: { field: 'guardrail' },
      });
    }
    return undefined;
  }
  if (!BACKEND_GUARDRAILS.includes(request.guardrail)) {
    throw new AppError(
      'invalid_field',
      `The guardrail must be one of ${BACKEND_GUARDRAILS.join(', ')} (the guardrails that can ask a model backend); got ${JSON.stringify(request.guardrail)}.`,
      { details: { field: 'guardrail' } },
    );
  }
  const mode = request.mode ?? DEFAULT_ATTACH_MODE;
  if (!(BACKEND_MODES as readonly string[]).includes(mode)) {
    throw new AppError('invalid_field', `The mode must be one of ${BACKEND_MODES.join(', ')}; got ${JSON.stringify(mode)}.`, { details: { field: 'mode' } });
  }
  return { guardrail: request.guardrail, mode: mode as BackendMode, profile: request.profile ?? DEFAULT_PROFILE };
}

/** The profile with the guardrail pointed at backend `name`, validated but not written. */
function attachedProfile(store: Store, attachment: Attachment, name: string): Promise<StoredProfile> {
  return patchedProfile(store, attachment.profile, { guardrails: { [attachment.guardrail]: { backend_mode: attachment.mode, backend: name } } }, name);
}

/**
 * Refuses a name that a model or backend already has, before anything is downloaded. A model
 * registered by another node is not refused: its files are placed on this node (see `registeredAs`).
 */
export async function checkNewName(store: Store, name: string): Promise<void> {
  validateBackendName(name);
  if (await findPulledModel(store.db, name)) return;
  const backend = await findModelBackend(store.db, name);
  if (backend?.name === name) throw new AppError('conflict', `A model backend named ${JSON.stringify(name)} already exists; choose another --name.`);
}

/** The registered model of this name, if any. */
export function registeredAs(store: Store, name: string): Promise<PulledModel | undefined> {
  return findPulledModel(store.db, name);
}

/** Also checks, before a download, that the profile exists and takes the setting. */
export async function checkAttachment(store: Store, attachment: Attachment | undefined, name: string): Promise<void> {
  if (attachment) await attachedProfile(store, attachment, name);
}

/**
 * Registers a model whose files are in place: its record (checksums, origin, licence), an `onnx`
 * backend of the same name reading this node's copy, and, when asked, the guardrail of the profile;
 * in one transaction, so that a failure leaves nothing registered.
 */
export async function registerPulledModel(
  store: Store,
  actor: Actor,
  model: Omit<PulledModel, 'id' | 'backendId' | 'createdAt' | 'updatedAt'>,
  attachment: Attachment | undefined,
): Promise<{ model: PulledModel; backend: StoredModelBackend }> {
  await checkNewName(store, model.name);
  if (await findPulledModel(store.db, model.name)) throw new AppError('conflict', `A model named ${JSON.stringify(model.name)} is already registered.`);
  const profile = attachment ? await attachedProfile(store, attachment, model.name) : undefined;
  const now = nowIso();
  const backend: StoredModelBackend = {
    id: newId('mbk'),
    name: model.name,
    settings: { kind: 'onnx', path: backendPathOf(model.name), intraOpThreads: null, ...defaultLimits('onnx') },
    credential: null,
    createdAt: now,
    updatedAt: now,
  };
  const record: PulledModel = { ...model, id: newId('mdl'), backendId: backend.id, createdAt: now, updatedAt: now };
  await applyConfigChange(
    store,
    actor,
    {
      action: record.source === 'hub' ? 'model.pull' : 'model.import',
      targetType: 'model',
      targetId: record.id,
      details: {
        name: record.name,
        repo: record.repo,
        revision: record.revision,
        commit: record.commit,
        license: record.license,
        license_accepted: record.licenseAccepted,
        files: record.files.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
        backend_id: backend.id,
        ...(attachment ? { profile: attachment.profile, guardrail: attachment.guardrail, backend_mode: attachment.mode } : {}),
      },
    },
    async (trx) => {
      await insertModelBackend(trx, backend);
      await insertPulledModel(trx, record);
      if (profile) await updateProfileRow(trx, profile);
    },
  );
  return { model: record, backend };
}

export async function requirePulledModel(store: Store, name: string): Promise<PulledModel> {
  const model = await findPulledModel(store.db, name);
  if (!model) throw new AppError('not_found', `No pulled or imported model is named ${JSON.stringify(name)}.`);
  return model;
}

export function listPulledModelsOf(store: Store): Promise<PulledModel[]> {
  return listPulledModels(store.db);
}

/** Profiles whose guardrails ask the model's backend, as "profile/guardrail". */
async function modelUsers(store: Store, model: PulledModel): Promise<string[]> {
  const backend = await findModelBackend(store.db, model.backendId);
  return backend ? backendUsers(store, backend.name) : [];
}

/** The facts of a model's JSON that live outside its record: its backend, the profiles using it, this node's copy. */
export async function modelFacts(
  store: Store,
  model: PulledModel,
  device: 'cpu' | 'cuda',
  onThisNode: ModelFilesStatus | undefined,
): Promise<PulledModelFacts> {
  const backend = await findModelBackend(store.db, model.backendId);
  return { backend: backend?.name, usedBy: backend ? await backendUsers(store, backend.name) : [], device, onThisNode };
}

/** Unregisters a model and its backend; refused (409) while a guardrail of a profile asks it. */
/** The registered model `name` when no guardrail of a profile asks it, so it may be unregistered (409 otherwise). */
export async function requireUnusedModel(store: Store, name: string): Promise<PulledModel> {
  const model = await requirePulledModel(store, name);
  const users = await modelUsers(store, model);
  if (users.length > 0) {
    throw new AppError(
      'conflict',
      `Model ${JSON.stringify(name)} is used by ${users.join(', ')}; switch those guardrails to another backend or back to built-in first.`,
    );
  }
  return model;
}

export async function unregisterPulledModel(store: Store, actor: Actor, name: string): Promise<PulledModel> {
  const model = await requireUnusedModel(store, name);
  await applyConfigChange(
    store,
    actor,
    { action: 'model.remove', targetType: 'model', targetId: model.id, details: { name, repo: model.repo, commit: model.commit, backend_id: model.backendId } },
    async (trx) => {
      await deletePulledModelRow(trx, model.id);
      await deleteModelBackendRow(trx, model.backendId);
    },
  );
  return model;
}
