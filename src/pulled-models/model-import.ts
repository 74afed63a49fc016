import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, posix, relative, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract } from 'tar';
import { attachmentOf, checkAttachment, checkNewName, registeredAs, type AttachRequest } from '../admin/pulled-models.ts';
import { validateBackendName } from '../admin/model-backends.ts';
import { AppError } from '../errors.ts';
import { diskFull } from '../hub/file-download.ts';
import type { ModelFile } from '../store/pulled-models.ts';
import { classifierFiles, localName } from './classifier-files.ts';
import { classifierManifest, jsonObject } from './classifier-manifest.ts';
import { checkFolder, modelFolder, modelsRoot, stagingFolder, withModelLock } from './model-folder.ts';
import { checkAgainstRecord, discard, install, type InstallContext, type InstallOutcome } from './model-install.ts';
import { checkLicense, isPermissive, readmeLicense } from './model-license.ts';

/** `rampart model import`: a folder laid out like a hub repository, or a .tar.gz of one. */
export interface ImportRequest {
  source: string;
  name: unknown;
  file?: string | undefined;
  attach: AttachRequest;
  positiveLabels?: string[] | undefined;
  acceptLicense: boolean;
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/** Every file under `root` as a repository path (forward slashes), hidden files and folders (.git) left out. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join(posix.sep))
    .filter((p) => !p.split('/').some((part) => part.startsWith('.')))
    .sort();
}

/** The folder of an unpacked archive that holds the model: its top, or the one folder it contains. */
async function modelRoot(unpacked: string): Promise<string> {
  const entries = (await readdir(unpacked, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  const only = entries.length === 1 && entries[0]!.isDirectory() ? entries[0]!.name : undefined;
  return only === undefined ? unpacked : join(unpacked, only);
}

/**
 * Unpacks a .tar.gz next to the model folders (same file system). tar keeps every entry inside the
 * folder: absolute paths and `..` are refused, links cannot point outside.
 */
async function unpack(dataDir: string, archive: string): Promise<string> {
  const into = await mkdtemp(join(modelsRoot(dataDir), '.import-'));
  try {
    await extract({ file: archive, cwd: into, strict: true, preservePaths: false });
  } catch (error) {
    await rm(into, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw diskFull(modelsRoot(dataDir));
    throw new AppError('invalid_field', `${archive} is not a readable .tar.gz: ${(error as Error).message.replace(/\.$/, '')}.`, {
      details: { field: 'source' },
      cause: error,
    });
  }
  return into;
}

/** Copies one file into the staging folder, computing its SHA-256 on the way. */
async function copyHashed(from: string, to: string, path: string): Promise<ModelFile> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: 'wx' }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw diskFull(to);
    throw error;
  }
  return { path, local: posix.basename(to), size, sha256: hash.digest('hex') };
}

async function readJson(root: string, path: string, source: string): Promise<Record<string, unknown>> {
  return jsonObject(source, path, await readFile(join(root, path), 'utf8'));
}

/**
 * Imports a classifier from a folder or .tar.gz (air-gapped appliances): the same file choice,
 * manifest generation, licence check and registration as a pull, without contacting any hub. For a
 * model another node registered, the files must have the recorded checksums; this node gets its copy.
 */
export async function importModel(ctx: InstallContext, request: ImportRequest): Promise<InstallOutcome> {
  if (request.name === undefined)
    throw new AppError('invalid_field', 'An import needs --name: the name of the model and its backend.', { details: { field: 'name' } });
  const name = validateBackendName(request.name);
  const attachment = attachmentOf(request.attach);
  const source = resolve(request.source);
  const kind = await stat(source).then(
    (s) => (s.isDirectory() ? 'folder' : s.isFile() ? 'file' : undefined),
    () => undefined,
  );
  if (kind === undefined) throw new AppError('invalid_field', `${request.source} is neither a folder nor a .tar.gz file.`, { details: { field: 'source' } });
  if (kind === 'file' && !(await isGzip(source)))
    throw new AppError('invalid_field', `${request.source} is not a .tar.gz file (gzip-compressed tar).`, { details: { field: 'source' } });
  return (await withModelLock(ctx.dataDir, name, async () => {
    const existing = await registeredAs(ctx.store, name);
    if (existing && (await checkFolder(modelFolder(ctx.dataDir, name), existing.files, existing.manifest)).state === 'present') {
      throw new AppError('conflict', `Model ${name} is already registered and its files are in place on this node.`);
    }
    if (!existing) {
      await checkNewName(ctx.store, name);
      await checkAttachment(ctx.store, attachment, name);
    }
    const unpacked = kind === 'file' ? await unpack(ctx.dataDir, source) : undefined;
    const staging = await stagingFolder(ctx.dataDir, name);
    try {
      const root = unpacked ? await modelRoot(unpacked) : source;
      const paths = await filesUnder(root);
      const label = request.source;
      if (existing) {
        const files: ModelFile[] = [];
        for (const wantedFile of existing.files) {
          // Laid out like the repository, or like a model folder copied from another node.
          const path = [wantedFile.path, wantedFile.local].find((p) => paths.includes(p));
          if (path === undefined)
            throw new AppError('checksum_mismatch', `${label} has no ${wantedFile.path}, a file of the registered model ${name}; nothing was changed.`);
          files.push(await copyHashed(join(root, path), join(staging, wantedFile.local), wantedFile.path));
        }
        checkAgainstRecord(existing, files, label);
        return await install(ctx, staging, { ...existing, files: existing.files }, attachment, existing);
      }
      const chosen = classifierFiles(label, paths, request.file);
      const license = chosen.readme ? readmeLicense(await readFile(join(root, chosen.readme), 'utf8')) : undefined;
      // A folder that states no licence is usually the operator's own export (Optimum writes no
      // README.md): it is imported and recorded without one. A stated licence is checked as in a pull.
      if (license !== undefined) checkLicense(label, license, request.acceptLicense);
      const manifest = classifierManifest({
        source: label,
        config: await readJson(root, chosen.config, label),
        tokenizer: await readJson(root, chosen.tokenizer, label),
        tokenizerConfig: chosen.tokenizerConfig ? await readJson(root, chosen.tokenizerConfig, label) : undefined,
        positiveLabels: request.positiveLabels,
      });
      const files: ModelFile[] = [];
      for (const path of [chosen.config, chosen.tokenizer, chosen.tokenizerConfig, chosen.onnx, ...chosen.onnxData].filter((p) => p !== undefined)) {
        files.push(await copyHashed(join(root, path), join(staging, localName(chosen, path)), path));
      }
      const model = {
        name,
        source: 'import' as const,
        repo: null,
        revision: null,
        commit: null,
        onnxFile: chosen.onnx,
        files,
        manifest,
        license: license ?? null,
        licenseAccepted: license !== undefined && !isPermissive(license),
      };
      return await install(ctx, staging, model, attachment, undefined);
    } finally {
      await discard(staging);
      if (unpacked) await rm(unpacked, { recursive: true, force: true });
    }
  })) as InstallOutcome;
}
