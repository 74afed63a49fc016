import { AppError } from '../errors.ts';

export interface UpstreamTarget {
  /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 */
  baseUrl: string;
  credential: string | null;
}

/**
 * Aborts when the upstream stays silent for `ms`: until the answer starts, and between streamed
 * chunks (`touch()` on each). A long stream that keeps flowing is never cut.
 */
export class IdleDeadline {
  readonly #controller = new AbortController();
  readonly #ms: number;
  #timer: NodeJS.Timeout;

  constructor(ms: number, parent?: AbortSignal) {
    this.#ms = ms;
    this.#timer = this.#arm();
    parent?.addEventListener('abort', () => this.#controller.abort(parent.reason), { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  #arm(): NodeJS.Timeout {
    return setTimeout(() => this.#controller.abort(new DOMException('the upstream LLM did not answer in time', 'TimeoutError')), this.#ms).unref();
  }

  touch(): void {
    clearTimeout(this.#timer);
    this.#timer = this.#arm();
  }

  /** Stops the clock (answer complete) and cancels anything still running (client gone). */
  end(): void {
    clearTimeout(this.#timer);
    if (!this.#controller.signal.aborted) this.#controller.abort(new DOMException('finished', 'AbortError'));
  }
}

/** `${base}/${path}` without doubling or dropping the slash. */
export function upstreamUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}

function headersFor(target: UpstreamTarget, json: boolean, traceparent: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: json ? 'application/json' : 'text/event-stream' };
  if (json) headers['content-type'] = 'application/json';
  if (target.credential) headers.authorization = `Bearer ${target.credential}`;
  // The proxy takes no part in the trace: the caller's context goes on unchanged, as W3C asks of intermediaries.
  if (traceparent) headers.traceparent = traceparent;
  return headers;
}

/**
 * Calls the upstream LLM. Transport failures become 502/504 AppErrors; an upstream HTTP error is
 * returned as is (its status and body are the client's to see), except 5xx, reported as 502.
 */
export async function callUpstream(
  target: UpstreamTarget,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; stream?: boolean; signal: AbortSignal; traceparent?: string | undefined },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(upstreamUrl(target.baseUrl, path), {
      method: init.method,
      headers: headersFor(target, !init.stream, init.traceparent),
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: init.signal,
      redirect: 'error',
    });
  } catch (error) {
    throw transportError(error);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new AppError('upstream_error', `The upstream LLM answered HTTP ${response.status}.`);
  }
  return response;
}

/** A failed fetch or body read: a deadline aborts with a TimeoutError, anything else is unreachable. */
export function transportError(error: unknown): AppError {
  if ((error as { name?: string }).name === 'TimeoutError')
    return new AppError('upstream_timeout', 'The upstream LLM did not answer in time.', { cause: error });
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return new AppError('upstream_unreachable', `The upstream LLM could not be reached${cause ? ` (${cause})` : ''}.`, { cause: error });
}

/** Reads a JSON body, turning anything that is not JSON into a 502. */
export async function readUpstreamJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('upstream_invalid_response', 'The upstream LLM answered with something that is not JSON.');
  }
}
