import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError } from '../errors.ts';
import { hubBase, hubHeaders, hubStatusError, unreachable, type HubSettings } from './hub-client.ts';

/**
 * Downloads one file of a hub repository to disk, resumably. @huggingface/hub cannot do this part:
 * its downloads return a Blob (the whole file in memory or re-fetched per slice), never append to a
 * partial file with an HTTP Range, and its file metadata is read after fetch has followed the
 * redirect to the storage host, so the hub's own headers (X-Linked-Etag: the SHA-256) are lost.
 */

export interface FileRef {
  repo: string;
  revision: string;
  /** Path in the repository. */
  path: string;
}

export interface DownloadedFile {
  path: string;
  size: number;
  sha256: string;
  /** X-Repo-Commit of the answer, when the hub sent one. */
  commit: string | undefined;
}

export interface DownloadOptions {
  /** Where the bytes go while they arrive; kept after an interruption so that the next attempt resumes. */
  partial: string;
  /** Where the complete, checked file is moved. */
  target: string;
  /** Called as bytes arrive: bytes of this file so far, and its size when known. */
  onProgress?: (done: number, total: number | undefined) => void;
  /** Attempts within this call when the connection breaks (each resumes where the last stopped). */
  attempts?: number;
  /** A SHA-256 the file must have besides the hub's (a registered model's record). */
  expectedSha256?: string;
  /** Stops the download (the server is stopping); the partial file stays for the next attempt. */
  signal?: AbortSignal | undefined;
}

const MAX_REDIRECTS = 5;
const DEFAULT_ATTEMPTS = 3;
const RETRY_DELAY_MS = 500;

/** What the hub says of a file in the headers of its first answer (before any redirect). */
interface Advertised {
  commit: string | undefined;
  sha256: string | undefined;
  size: number | undefined;
}

/** The resolve URL of a file: the revision as one path segment, each segment of the path encoded. */
function resolveUrl(settings: HubSettings, file: FileRef): URL {
  const path = file.path.split('/').map(encodeURIComponent).join('/');
  return new URL(`${hubBase(settings)}/${file.repo}/resolve/${encodeURIComponent(file.revision)}/${path}`);
}

/** An ETag-style header value without quotes or weak marker. */
function unquoted(value: string | null): string | undefined {
  return value?.replace(/^W\//, '').replace(/^"|"$/g, '') || undefined;
}

function advertisedBy(response: Response, into: Advertised): void {
  into.commit ??= response.headers.get('x-repo-commit') ?? undefined;
  const etag = unquoted(response.headers.get('x-linked-etag'))?.toLowerCase();
  // X-Linked-Etag is the SHA-256 of an LFS file; anything else in it is not a checksum we can test.
  if (etag && /^[0-9a-f]{64}$/.test(etag)) into.sha256 ??= etag;
  const size = Number(response.headers.get('x-linked-size') ?? Number.NaN);
  if (Number.isSafeInteger(size) && size >= 0) into.size ??= size;
}

/**
 * GETs the file from `offset` on, following redirects by hand so that the hub's headers are read and
 * the token never goes to another origin. Resolves to the final answer (200, 206 or 416).
 */
async function request(settings: HubSettings, file: FileRef, offset: number, advertised: Advertised, signal: AbortSignal | undefined): Promise<Response> {
  let url = resolveUrl(settings, file);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: hubHeaders(settings, url, offset > 0 ? { range: `bytes=${offset}-` } : {}),
        redirect: 'manual',
        signal: signal ?? null,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unreachable(settings, error);
    }
    advertisedBy(response, advertised);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    if (response.ok || response.status === 416) return response;
    await response.body?.cancel();
    throw hubStatusError(settings, response.status, file.repo, file.revision, file.path);
  }
  throw new AppError('hub_error', `The model hub redirected ${file.path} of ${file.repo} more than ${MAX_REDIRECTS} times.`);
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

/** Whether an error is the connection breaking (worth resuming) rather than a refusal. */
function isBrokenConnection(error: unknown): boolean {
  const text = `${(error as Error)?.message} ${(error as { cause?: { code?: string; message?: string } })?.cause?.code ?? ''} ${(error as { code?: string })?.code ?? ''}`;
  return /terminated|ECONNRESET|EPIPE|ETIMEDOUT|UND_ERR|socket|aborted|premature close/i.test(text);
}

export function diskFull(where: string, needed?: number): AppError {
  const room = needed === undefined ? 'is full' : `has no room for the ${needed} bytes still to come`;
  return new AppError('disk_full', `The disk holding ${where} ${room}: free some space (or use another --data-dir) and run the command again to resume.`);
}

/** Refuses a download the file system has no room for before its first byte is written. */
async function ensureRoom(folder: string, bytes: number): Promise<void> {
  const fs = await statfs(folder);
  if (fs.bavail * fs.bsize < bytes) throw diskFull(folder, bytes);
}

/** Bytes of `total` already written, when the answer resumes at `offset`; otherwise the download restarts at 0. */
function resumedFrom(response: Response, offset: number): number {
  if (offset === 0 || response.status !== 206) return 0;
  const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
  return Number(start) === offset ? offset : 0;
}

/** Total size from the answer's headers (Content-Range of a 206, else Content-Length of a 200). */
function totalOf(response: Response, from: number, advertised: Advertised): number | undefined {
  const range = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  if (range !== undefined) return Number(range);
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return advertised.size ?? (Number.isSafeInteger(length) ? from + length : undefined);
}

async function attempt(settings: HubSettings, file: FileRef, options: DownloadOptions, advertised: Advertised): Promise<DownloadedFile> {
  const offset = await sizeOf(options.partial);
  const response = await request(settings, file, offset, advertised, options.signal);
  const hash = createHash('sha256');
  let done: number;
  if (response.status === 416 && offset === 0)
    throw new AppError('hub_error', `The model hub refused to send ${file.path} of ${file.repo} (416 without a byte range).`);
  if (response.status === 416) {
    // Nothing left to send: the partial file may already be whole; the checks below decide.
    await response.body?.cancel();
    await hashFile(options.partial, hash);
    done = offset;
  } else {
    const from = resumedFrom(response, offset);
    if (from > 0) await hashFile(options.partial, hash);
    const total = totalOf(response, from, advertised);
    await mkdir(dirname(options.partial), { recursive: true });
    if (total !== undefined)
      await ensureRoom(dirname(options.partial), total - from).catch(async (error: unknown) => {
        await response.body?.cancel();
        throw error;
      });
    done = from;
    options.onProgress?.(done, total);
    // Each chunk is on disk before the next is read, so a broken connection keeps every byte received.
    const out = await open(options.partial, from > 0 ? 'a' : 'w');
    try {
      const reader = response.body?.getReader();
      for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
        const chunk = next.value;
        await out.write(chunk);
        hash.update(chunk);
        done += chunk.length;
        options.onProgress?.(done, total);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw diskFull(options.partial);
      throw error;
    } finally {
      await out.close();
    }
  }
  const sha256 = hash.digest('hex');
  const expected = [advertised.sha256, options.expectedSha256].filter((s) => s !== undefined);
  const sizeWrong = advertised.size !== undefined && advertised.size !== done;
  if (response.status === 416 && (sizeWrong || expected.length === 0)) {
    // A partial file the server says is complete, but that cannot be shown to be this file: start over.
    await rm(options.partial, { force: true });
    throw new RestartDownload();
  }
  if (sizeWrong || expected.some((s) => s !== sha256)) {
    await rm(options.partial, { force: true });
    const advertisedText = expected[0] ?? `${advertised.size} bytes`;
    throw new AppError(
      'checksum_mismatch',
      `The file ${file.path} of ${file.repo} does not match its checksum (SHA-256 ${sha256}, ${done} bytes; expected ${advertisedText}), so it was deleted and nothing was registered.`,
    );
  }
  await mkdir(dirname(options.target), { recursive: true });
  try {
    await rename(options.partial, options.target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw diskFull(options.target);
    throw error;
  }
  return { path: file.path, size: done, sha256, commit: advertised.commit };
}

/** The partial file was unusable and is gone; the next attempt starts from the first byte. */
class RestartDownload extends Error {}

/**
 * Downloads `file` to `options.target`, resuming `options.partial` when it exists. The SHA-256 of
 * the whole file is computed (over the kept part too) and compared with the hub's X-Linked-Etag and
 * `expectedSha256`; a mismatch deletes the bytes. A broken connection is retried from where it broke;
 * after the last attempt the partial file stays for the next run.
 */
export async function downloadFile(settings: HubSettings, file: FileRef, options: DownloadOptions): Promise<DownloadedFile> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let n = 1; ; n++) {
    const advertised: Advertised = { commit: undefined, sha256: undefined, size: undefined };
    try {
      return await attempt(settings, file, options, advertised);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (error instanceof RestartDownload && n < attempts) continue;
      if (error instanceof RestartDownload)
        throw new AppError('hub_error', `The model hub keeps refusing the byte ranges of ${file.path} of ${file.repo}.`, { cause: error });
      if (error instanceof AppError || !isBrokenConnection(error)) throw error;
      if (n >= attempts) {
        const kept = await sizeOf(options.partial);
        throw new AppError(
          'download_interrupted',
          `The download of ${file.path} from ${file.repo} broke off ${attempts} times (${kept} bytes kept); run the same command again to resume it.`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * n));
    }
  }
}
