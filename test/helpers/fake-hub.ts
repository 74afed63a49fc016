import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeOnnxClassifier } from './onnx-classifier.ts';

/** A repository the fake hub serves. */
export interface FakeRepo {
  id: string;
  /** 40 hex digits; `main` resolves to it. */
  commit: string;
  files: Record<string, Buffer>;
  /** The model card's front matter as the metadata's cardData (null: no cardData at all). */
  cardData?: Record<string, unknown> | null;
  /**
   * Answers 401 without a token, 403 with another one than the hub's: for everything, or (as the Hub
   * does for gated models) for the files only, the metadata staying public.
   */
  gated?: boolean | 'files';
  /** X-Linked-Etag to advertise instead of the real SHA-256, by path. */
  advertisedSha256?: Record<string, string>;
  /** X-Linked-Size to advertise instead of the real size, by path. */
  advertisedSize?: Record<string, number>;
}

export interface HubRequest {
  host: 'hub' | 'storage';
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

/** Files that the hub keeps in LFS: served by a redirect to the storage host, with X-Linked-Etag. */
const isLfs = (path: string) => path.endsWith('.onnx') || path.endsWith('_data') || path === 'tokenizer.json';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const gitBlobSha1 = (bytes: Buffer) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');

/**
 * A Hugging Face Hub on loopback, as the official clients see it (see the Hub HTTP API contract in
 * docs/model-pull.md): repository metadata at a revision, and file downloads that answer with
 * X-Repo-Commit and, for LFS files, a 302 to a storage server on another port with X-Linked-Etag
 * (SHA-256) and X-Linked-Size. The storage server honours Range. Every request is recorded.
 */
export class FakeHub {
  readonly requests: HubRequest[] = [];
  readonly token = 'hf_fake_token_7c2e91';
  url = '';
  storageUrl = '';
  /** Cut the connection after this many bytes of each LFS download, this many times. */
  cut: { path: string; afterBytes: number; times: number } | undefined;
  /** While set, LFS downloads wait until it resolves. */
  hold: Promise<void> | undefined;
  readonly #repos = new Map<string, FakeRepo>();
  readonly #hub: Server;
  readonly #storage: Server;

  constructor(repos: readonly FakeRepo[] = []) {
    for (const repo of repos) this.add(repo);
    this.#hub = createServer((req, res) => void this.#serveHub(req, res));
    this.#storage = createServer((req, res) => void this.#serveStorage(req, res));
  }

  add(repo: FakeRepo): void {
    this.#repos.set(repo.id, repo);
  }

  async start(): Promise<void> {
    for (const server of [this.#hub, this.#storage]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#hub.address() as AddressInfo).port}`;
    this.storageUrl = `http://127.0.0.1:${(this.#storage.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const server of [this.#hub, this.#storage]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** Requests for one file of a repository, at the hub and at the storage host. */
  downloads(repo: string, path: string): HubRequest[] {
    const blob = this.#repos.get(repo)?.files[path];
    return this.requests.filter(
      (r) =>
        (r.host === 'hub' && r.path.startsWith(`/${repo}/resolve/`) && r.path.endsWith(`/${path}`)) ||
        (r.host === 'storage' && blob !== undefined && r.path === `/blobs/${repo}/${sha256(blob)}`),
    );
  }

  #record(host: HubRequest['host'], req: IncomingMessage): void {
    this.requests.push({ host, method: req.method ?? 'GET', path: decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname), headers: req.headers });
  }

  /** 401/403 for a gated repository without the right token, else undefined. */
  #refusal(repo: FakeRepo, req: IncomingMessage): number | undefined {
    if (!repo.gated) return undefined;
    const auth = req.headers.authorization;
    if (auth === undefined) return 401;
    return auth === `Bearer ${this.token}` ? undefined : 403;
  }

  #repoAt(path: string, marker: string): { repo: FakeRepo | undefined; revision: string; rest: string } | undefined {
    const at = path.indexOf(`/${marker}/`);
    if (at < 0) return undefined;
    const id = path.slice(path.startsWith('/api/models/') ? '/api/models/'.length : 1, at);
    const [revision = '', ...rest] = path.slice(at + marker.length + 2).split('/');
    return { repo: this.#repos.get(id), revision, rest: rest.join('/') };
  }

  async #serveHub(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.#record('hub', req);
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const api = path.startsWith('/api/models/') ? this.#repoAt(path, 'revision') : undefined;
    const file = api ? undefined : this.#repoAt(path, 'resolve');
    const target = api ?? file;
    if (!target?.repo) return json(res, 404, { error: 'Repository not found' }, { 'x-error-code': 'RepoNotFound' });
    const { repo, revision } = target;
    const refused = repo.gated === 'files' && api ? undefined : this.#refusal(repo, req);
    if (refused) return json(res, refused, { error: 'Access to this model is restricted' }, { 'x-error-code': 'GatedRepo' });
    if (revision !== 'main' && revision !== repo.commit) return json(res, 404, { error: 'Invalid rev id' }, { 'x-error-code': 'RevisionNotFound' });
    if (api) {
      return json(res, 200, {
        _id: `id-${repo.id}`,
        id: repo.id,
        sha: repo.commit,
        private: false,
        gated: repo.gated ? 'manual' : false,
        lastModified: '2025-01-01T00:00:00.000Z',
        pipeline_tag: 'text-classification',
        siblings: Object.keys(repo.files).map((rfilename) => ({ rfilename })),
        ...(repo.cardData === null ? {} : { cardData: repo.cardData ?? { license: 'apache-2.0' } }),
      });
    }
    const bytes = repo.files[target.rest];
    if (!bytes) return json(res, 404, { error: 'Entry not found' }, { 'x-error-code': 'EntryNotFound' });
    const headers = { 'x-repo-commit': repo.commit };
    if (isLfs(target.rest)) {
      res.writeHead(302, {
        ...headers,
        location: `${this.storageUrl}/blobs/${repo.id}/${sha256(bytes)}`,
        etag: `"${repo.advertisedSha256?.[target.rest] ?? sha256(bytes)}"`,
        'x-linked-etag': `"${repo.advertisedSha256?.[target.rest] ?? sha256(bytes)}"`,
        'x-linked-size': String(repo.advertisedSize?.[target.rest] ?? bytes.length),
      });
      return void res.end();
    }
    sendBytes(req, res, bytes, { ...headers, etag: `"${gitBlobSha1(bytes)}"` });
  }

  async #serveStorage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.#record('storage', req);
    const [, id, hash] = /^\/blobs\/(.+)\/([0-9a-f]{64})$/.exec(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)) ?? [];
    const found = Object.entries(this.#repos.get(id ?? '')?.files ?? {}).find(([, b]) => sha256(b) === hash);
    if (!found) return json(res, 404, { error: 'no such blob' });
    if (this.hold) await this.hold;
    const [path, bytes] = found;
    const cut = this.cut;
    if (cut?.path === path && cut.times > 0) {
      cut.times--;
      const start = rangeStart(req) ?? 0;
      res.writeHead(start > 0 ? 206 : 200, {
        'content-length': String(bytes.length - start),
        ...(start > 0 ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
      });
      // The connection breaks a moment after the bytes went out, as a real one does mid-file.
      res.write(bytes.subarray(start, start + cut.afterBytes), () => setTimeout(() => res.destroy(), 200));
      return;
    }
    sendBytes(req, res, bytes, {});
  }
}

function rangeStart(req: IncomingMessage): number | undefined {
  const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  return match ? Number(match[1]) : undefined;
}

/** 200 with the bytes, or 206 from a `Range: bytes=N-`, or 416 past the end. */
function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, headers: Record<string, string>): void {
  const start = rangeStart(req);
  if (start === undefined) {
    res.writeHead(200, { ...headers, 'content-length': String(bytes.length), 'accept-ranges': 'bytes' });
    return void res.end(bytes);
  }
  if (start >= bytes.length) {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${bytes.length}` });
    return void res.end();
  }
  res.writeHead(206, { ...headers, 'content-length': String(bytes.length - start), 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` });
  res.end(bytes.subarray(start));
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export interface ClassifierRepoOptions {
  id: string;
  /** Default: SAFE / INJECTION. */
  labels?: string[];
  /** Where the ONNX file goes; several paths hold the same model. Default: onnx/model_quantized.onnx. */
  onnxPaths?: string[];
  cardData?: Record<string, unknown> | null;
  readme?: string;
  gated?: boolean | 'files';
  /** Leave tokenizer.json / config.json out. */
  without?: string[];
  commit?: string;
}

/**
 * A text-classification repository as exported for transformers.js: config.json (id2label, positions),
 * tokenizer.json and the ONNX model, written by test/helpers/onnx-classifier.ts (a tiny real classifier:
 * its words ignore, override, jailbreak and disregard score as attacks).
 */
export function classifierRepo(options: ClassifierRepoOptions): FakeRepo {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-fake-repo-'));
  try {
    writeOnnxClassifier(dir);
    const labels = options.labels ?? ['SAFE', 'INJECTION'];
    const config = {
      architectures: ['BertForSequenceClassification'],
      model_type: 'bert',
      max_position_embeddings: 64,
      id2label: Object.fromEntries(labels.map((l, i) => [String(i), l])),
      label2id: Object.fromEntries(labels.map((l, i) => [l, i])),
    };
    const files: Record<string, Buffer> = {
      'config.json': Buffer.from(JSON.stringify(config, null, 2)),
      'tokenizer.json': readFileSync(join(dir, 'tokenizer.json')),
      '.gitattributes': Buffer.from('*.onnx filter=lfs diff=lfs merge=lfs -text\n'),
    };
    for (const path of options.onnxPaths ?? ['onnx/model_quantized.onnx']) files[path] = readFileSync(join(dir, 'model.onnx'));
    if (options.readme !== undefined) files['README.md'] = Buffer.from(options.readme);
    for (const left of options.without ?? []) delete files[left];
    return {
      id: options.id,
      commit: options.commit ?? createHash('sha1').update(options.id).digest('hex'),
      files,
      ...(options.cardData !== undefined ? { cardData: options.cardData } : {}),
      ...(options.gated ? { gated: options.gated } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same repository as a folder on disk (for `rampart model import`). */
export function writeRepoFolder(repo: FakeRepo, dir: string): string {
  for (const [path, bytes] of Object.entries(repo.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  return dir;
}
