import { HubApiError, modelInfo } from '@huggingface/hub';
import { AppError } from '../errors.ts';
import { VERSION } from '../version.ts';

/** Where the hub is and who we are to it: HF_ENDPOINT and HF_TOKEN, as the official clients read them. */
export interface HubSettings {
  endpoint: string;
  token: string | undefined;
}

/** What a pull needs to know of a repository at one revision. */
export interface RepoInfo {
  repo: string;
  revision: string;
  /** The commit the revision resolved to. */
  commit: string;
  /** Every file of the repository at that commit (paths in the repository). */
  files: string[];
  /** The model card's `license` (its `license_name` when that is `other`), if the card states one. */
  license: string | undefined;
  /** Whether the card came with the metadata; without one the licence can only come from README.md. */
  hasCard: boolean;
}

/** A repository id: `owner/name` (or a legacy single name), as the hub spells them. */
const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}(\/[A-Za-z0-9][A-Za-z0-9_.-]{0,95})?$/;
/** A branch, tag or commit; `refs/pr/1` style references too, never `..`. */
const REVISION = /^[A-Za-z0-9_.\-/]{1,200}$/;

export function validateRepoId(repo: unknown): string {
  if (typeof repo !== 'string' || !REPO_ID.test(repo) || repo.includes('..')) {
    throw new AppError(
      'invalid_field',
      `A repository id is owner/name as on the model hub, e.g. protectai/deberta-v3-base-prompt-injection-v2; got ${JSON.stringify(repo)}.`,
      { details: { field: 'repo' } },
    );
  }
  return repo;
}

export function validateRevision(revision: unknown): string {
  if (typeof revision !== 'string' || !REVISION.test(revision) || revision.split('/').includes('..')) {
    throw new AppError('invalid_field', `A revision is a branch, tag or commit of the repository, e.g. main; got ${JSON.stringify(revision)}.`, {
      details: { field: 'revision' },
    });
  }
  return revision;
}

/** The endpoint as messages show it: without credentials an operator may have put in the URL. */
function shownEndpoint(settings: HubSettings): string {
  const url = new URL(hubBase(settings));
  url.username = '';
  url.password = '';
  return url.href.replace(/\/+$/, '');
}

/** The endpoint without a trailing slash. */
export function hubBase(settings: HubSettings): string {
  return settings.endpoint.replace(/\/+$/, '');
}

/**
 * Request headers for `url`: the token goes to the hub's own origin only, never to the storage host a
 * file download is redirected to (its signed URL needs none, and the token must not leak there).
 */
export function hubHeaders(settings: HubSettings, url: URL, extra: Record<string, string> = {}): Record<string, string> {
  const toHub = url.origin === new URL(hubBase(settings)).origin;
  return { 'user-agent': `rampart/${VERSION}`, ...extra, ...(settings.token && toHub ? { authorization: `Bearer ${settings.token}` } : {}) };
}

/**
 * fetch for @huggingface/hub's calls with our headers. The library's own `accessToken` parameter
 * insists on tokens that start with `hf_`; the Hub, its mirrors and the official Python client take
 * any bearer token, so the header is set here instead.
 */
function hubFetch(settings: HubSettings): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), ...hubHeaders(settings, url) } });
  };
}

/** The one-sentence failure of a hub answer with this status about the repository or, with `path`, one of its files. */
export function hubStatusError(settings: HubSettings, status: number, repo: string, revision: string, path?: string): AppError {
  if (status === 401 || status === 403) {
    return settings.token
      ? new AppError(
          'hub_unauthorized',
          `The model hub refused the token in HF_TOKEN for ${repo}: accept the repository's terms on its page with the account of that token, or use a token with access to it.`,
        )
      : new AppError(
          'hub_unauthorized',
          `The model hub refused access to ${repo}: it is gated or private (or does not exist), so accept its terms on its page and set HF_TOKEN to an access token of that account.`,
        );
  }
  if (status === 404) {
    return path === undefined
      ? new AppError('not_found', `The model hub has no repository ${repo} or no revision ${revision} of it: check the repository id and --revision.`)
      : new AppError('not_found', `The model hub has no file ${path} in ${repo} at revision ${revision}.`);
  }
  return new AppError('hub_error', `The model hub answered ${status} for ${path ?? 'the metadata'} of ${repo} at revision ${revision}.`);
}

/** A failure of fetch itself (no answer at all), as one sentence naming the endpoint. */
export function unreachable(settings: HubSettings, error: unknown): AppError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new AppError(
    'hub_unreachable',
    `The model hub at ${shownEndpoint(settings)} could not be reached (${detail}); check HF_ENDPOINT and the network, or import the model with rampart model import.`,
    { cause: error },
  );
}

/** The licence a model card (its front matter) states: `license`, or `license_name` when that is `other`. */
export function cardLicense(card: Record<string, unknown> | undefined): string | undefined {
  const license = card?.license;
  const name = card?.license_name;
  if (license === 'other' && typeof name === 'string' && name.length > 0) return name;
  if (typeof license === 'string' && license.length > 0) return license;
  if (Array.isArray(license) && license.every((l) => typeof l === 'string')) return license.join(', ');
  return undefined;
}

/** The repository's metadata at `revision`: the commit it resolves to, its files and its card's licence. */
export async function repoInfo(settings: HubSettings, repo: string, revision: string): Promise<RepoInfo> {
  let info: { sha?: unknown; filePaths?: unknown; cardData?: unknown };
  try {
    info = (await modelInfo({
      name: repo,
      revision,
      hubUrl: hubBase(settings),
      additionalFields: ['sha', 'filePaths', 'cardData'],
      fetch: hubFetch(settings),
    })) as typeof info;
  } catch (error) {
    if (error instanceof HubApiError) throw hubStatusError(settings, error.statusCode, repo, revision);
    if (error instanceof SyntaxError)
      throw new AppError('hub_error', `The model hub at ${shownEndpoint(settings)} answered the metadata of ${repo} with something that is not JSON.`, {
        cause: error,
      });
    throw unreachable(settings, error);
  }
  const files = info.filePaths;
  if (!Array.isArray(files) || files.some((f) => typeof f !== 'string')) {
    throw new AppError('hub_error', `The model hub's metadata of ${repo} lists no files (siblings).`);
  }
  if (typeof info.sha !== 'string' || !/^[0-9A-Za-z._-]{1,100}$/.test(info.sha)) {
    throw new AppError('hub_error', `The model hub's metadata of ${repo} does not say which commit revision ${revision} is (sha).`);
  }
  const card = info.cardData && typeof info.cardData === 'object' && !Array.isArray(info.cardData) ? (info.cardData as Record<string, unknown>) : undefined;
  return { repo, revision, commit: info.sha, files: files as string[], license: cardLicense(card), hasCard: card !== undefined };
}
