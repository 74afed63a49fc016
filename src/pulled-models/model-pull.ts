import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { attachmentOf, checkAttachment, checkNewName, registeredAs, type AttachRequest, type Attachment } from '../admin/pulled-models.ts';
import { validateBackendName } from '../admin/model-backends.ts';
import { AppError } from '../errors.ts';
import { downloadFile } from '../hub/file-download.ts';
import { repoInfo, validateRepoId, validateRevision, type HubSettings } from '../hub/hub-client.ts';
import type { ModelFile, PulledModel } from '../store/pulled-models.ts';
import type { Store } from '../store/store.ts';
import { classifierFiles, localName, type ClassifierFiles } from './classifier-files.ts';
import { classifierManifest, jsonObject } from './classifier-manifest.ts';
import { checkFolder, modelFolder, partialPath, removeEmptyDownloads, stagingFolder, withModelLock } from './model-folder.ts';
import { discard, install, type InstallContext, type InstallOutcome } from './model-install.ts';
import { checkLicense, isPermissive, readmeLicense } from './model-license.ts';

/** `rampart model pull` (and the dashboard's pull): what to fetch and what to do with it. */
export interface PullRequest {
  repo: unknown;
  revision?: unknown;
  /** The ONNX file of the repository (--file). */
  file?: string | undefined;
  name?: unknown;
  attach: AttachRequest;
  positiveLabels?: string[] | undefined;
  acceptLicense: boolean;
}

export interface PullProgress {
  phase: 'metadata' | 'downloading' | 'checking';
  /** The file being downloaded. */
  file?: string;
  done?: number;
  total?: number | undefined;
}

export interface PullContext extends InstallContext {
  hub: HubSettings;
  onProgress?: (progress: PullProgress) => void;
  /** Stops the downloads (the server is stopping); partial files stay for the next pull. */
  signal?: AbortSignal | undefined;
}

/** A model name from a repository id: its last part, as a backend may be named. */
export function defaultModelName(repo: string): string {
  const last = repo.split('/').at(-1) ?? repo;
  return last
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64)
    .toLowerCase();
}

/** The request with its fields checked, before anything is asked of the hub. */
function validated(request: PullRequest) {
  const repo = validateRepoId(request.repo);
  const revision = validateRevision(request.revision ?? 'main');
  const name = validateBackendName(request.name ?? defaultModelName(repo));
  return { repo, revision, name, attachment: attachmentOf(request.attach) };
}

/** Refuses a request that cannot succeed whatever the hub says (bad fields, a name in use, an unknown profile). */
export async function checkPullRequest(store: Store, request: PullRequest): Promise<{ repo: string; revision: string; name: string }> {
  const { repo, revision, name, attachment } = validated(request);
  if (!(await registeredAs(store, name))) {
    await checkNewName(store, name);
    await checkAttachment(store, attachment, name);
  }
  return { repo, revision, name };
}

/**
 * Downloads `paths` of a repository commit into `staging` (each resumable, its SHA-256 checked
 * against the hub's X-Linked-Etag and, for a registered model, against the record), and checks that
 * every answer came from the same commit.
 */
async function fetchFiles(
  ctx: PullContext,
  at: { repo: string; revision: string; commit: string },
  paths: readonly { path: string; local: string; sha256?: string }[],
  staging: string,
): Promise<ModelFile[]> {
  const fetched: ModelFile[] = [];
  for (const { path, local, sha256 } of paths) {
    ctx.onProgress?.({ phase: 'downloading', file: path, done: 0 });
    const file = await downloadFile(
      ctx.hub,
      { repo: at.repo, revision: at.revision, path },
      {
        partial: partialPath(ctx.dataDir, at.repo, at.commit, path),
        target: join(staging, local),
        onProgress: (done, total) => ctx.onProgress?.({ phase: 'downloading', file: path, done, total }),
        signal: ctx.signal,
        ...(sha256 ? { expectedSha256: sha256 } : {}),
      },
    );
    if (file.commit !== undefined && file.commit !== at.commit) {
      throw new AppError(
        'hub_error',
        `Revision ${at.revision} of ${at.repo} moved to another commit during the pull (${file.commit}, was ${at.commit}); run the pull again.`,
      );
    }
    fetched.push({ path, local, size: file.size, sha256: file.sha256 });
  }
  return fetched;
}

async function readJson(staging: string, local: string, source: string): Promise<Record<string, unknown>> {
  return jsonObject(source, local, await readFile(join(staging, local), 'utf8'));
}

/** The companion files (fetched first, so a bad model fails before the large download) and the ONNX weights. */
function partsOf(files: ClassifierFiles): { small: { path: string; local: string }[]; large: { path: string; local: string }[] } {
  const entry = (path: string) => ({ path, local: localName(files, path) });
  return {
    small: [files.config, files.tokenizer, files.tokenizerConfig].filter((p) => p !== undefined).map(entry),
    large: [files.onnx, ...files.onnxData].map(entry),
  };
}

/** A pull of a model no node registered yet: metadata, licence, manifest, files, then registration. */
async function pullNew(ctx: PullContext, request: PullRequest, checked: ReturnType<typeof validated>): Promise<InstallOutcome> {
  const { repo, revision, name, attachment } = checked;
  await checkNewName(ctx.store, name);
  await checkAttachment(ctx.store, attachment, name);
  ctx.onProgress?.({ phase: 'metadata' });
  const info = await repoInfo(ctx.hub, repo, revision);
  const files = classifierFiles(repo, info.files, request.file);
  const at = { repo, revision, commit: info.commit };
  const staging = await stagingFolder(ctx.dataDir, name);
  try {
    let license = info.license;
    if (!info.hasCard && files.readme) {
      await fetchFiles(ctx, at, [{ path: files.readme, local: 'README.md' }], staging);
      license = readmeLicense(await readFile(join(staging, 'README.md'), 'utf8'));
    }
    checkLicense(repo, license, request.acceptLicense);
    const { small, large } = partsOf(files);
    const fetched = await fetchFiles(ctx, at, small, staging);
    const manifest = classifierManifest({
      source: repo,
      config: await readJson(staging, 'config.json', repo),
      tokenizer: await readJson(staging, 'tokenizer.json', repo),
      tokenizerConfig: files.tokenizerConfig ? await readJson(staging, 'tokenizer_config.json', repo) : undefined,
      positiveLabels: request.positiveLabels,
    });
    fetched.push(...(await fetchFiles(ctx, at, large, staging)));
    ctx.onProgress?.({ phase: 'checking' });
    const model = {
      name,
      source: 'hub' as const,
      repo,
      revision,
      commit: info.commit,
      onnxFile: files.onnx,
      files: fetched,
      manifest,
      license: license ?? null,
      licenseAccepted: !isPermissive(license),
    };
    return await install(ctx, staging, model, attachment, undefined);
  } finally {
    await discard(staging);
    await removeEmptyDownloads(ctx.dataDir);
  }
}

/** A node's copy of a model another node registered: the recorded commit's files, checked against the recorded checksums. */
export async function fetchRegistered(ctx: PullContext, existing: PulledModel, attachment: Attachment | undefined): Promise<InstallOutcome> {
  if (existing.source !== 'hub' || existing.repo === null || existing.commit === null) {
    throw new AppError(
      'conflict',
      `Model ${existing.name} was imported, not pulled from a hub: import the same folder or archive on this node with rampart model import.`,
    );
  }
  const at = { repo: existing.repo, revision: existing.commit, commit: existing.commit };
  const staging = await stagingFolder(ctx.dataDir, existing.name);
  try {
    const files = await fetchFiles(ctx, at, existing.files, staging);
    ctx.onProgress?.({ phase: 'checking' });
    return await install(ctx, staging, { ...existing, files }, attachment, existing);
  } finally {
    await discard(staging);
    await removeEmptyDownloads(ctx.dataDir);
  }
}

/**
 * Pulls a text classifier from the hub into `<data-dir>/models/<name>/` and registers it as an onnx
 * backend (see docs/model-pull.md). On any failure nothing is registered and no file is left but the
 * partial download a later pull resumes.
 */
export async function pullModel(ctx: PullContext, request: PullRequest): Promise<InstallOutcome> {
  const checked = validated(request);
  return (await withModelLock(ctx.dataDir, checked.name, async () => {
    const existing = await registeredAs(ctx.store, checked.name);
    if (!existing) return pullNew(ctx, request, checked);
    if (existing.source !== 'hub' || existing.repo !== checked.repo) {
      throw new AppError(
        'conflict',
        `A model named ${existing.name} is already registered from ${existing.repo ?? 'an import'}; choose another --name or remove it with rampart model remove ${existing.name}.`,
      );
    }
    if (request.revision !== undefined && checked.revision !== existing.revision && checked.revision !== existing.commit) {
      throw new AppError(
        'conflict',
        `Model ${existing.name} is registered at revision ${existing.revision} (commit ${existing.commit}); to change it, remove it and pull the other revision under a new name.`,
      );
    }
    const here = await checkFolder(modelFolder(ctx.dataDir, existing.name), existing.files, existing.manifest);
    if (here.state === 'present') {
      throw new AppError('conflict', `Model ${existing.name} is already pulled (commit ${existing.commit}) and its files are in place on this node.`);
    }
    return fetchRegistered(ctx, existing, checked.attachment);
  })) as InstallOutcome;
}
