import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckResponse, ErrorResponse, InputCheckRequest, OutputCheckRequest } from './contract.ts';
import { RampartApiError, RampartProtocolError, RampartUnavailableError } from './errors.ts';
import { backoffMs, RETRIED_STATUSES, retryAfterSeconds, UNAVAILABLE_STATUSES } from './retry.ts';
import { Transport, type HttpAnswer } from './transport.ts';

const CHECK_PATH = '/apikey/api/guardrail/v1';

export interface RampartClientOptions {
  /** The check API listener, e.g. `https://rampart.internal` (port 443) or `https://127.0.0.1:8443`. */
  baseUrl: string | URL;
  /** The Runtime LLM's API key. */
  apiKey: string;
  /** PEM certificate to trust, e.g. the appliance's self-signed `data/tls/cert.pem`. */
  ca?: string | Buffer;
  /** Milliseconds one attempt may take (default 10,000). */
  timeoutMs?: number;
  /** Further attempts after a 429, a 503 or a connection failure (default 2). */
  retries?: number;
  /** First backoff in milliseconds, doubled per retry (default 250). */
  retryBaseMs?: number;
  /** Longest wait before a retry (default 10,000); a `Retry-After` beyond it ends the retries. */
  retryMaxMs?: number;
  /**
   * When the appliance cannot be reached (or answers 502/503/504 to the last attempt): false (the
   * default) throws RampartUnavailableError — fail closed; true answers "not blocked" with
   * `failed_open: true` — fail open. Client mistakes (401, 400, 413) are thrown either way.
   */
  failOpen?: boolean;
  /** Called with the error each time a check fails open (log it: the text went unchecked). */
  onFailOpen?: (error: RampartUnavailableError) => void;
}

export interface CallOptions {
  /** W3C `traceparent` of the caller's span, so the check's event joins the application's trace. */
  traceparent?: string;
  /** The caller's own correlation id (`X-Request-ID`: letters, digits and `._:-`, at most 64). */
  requestId?: string;
  signal?: AbortSignal;
}

/** A check verdict; `failed_open` when the appliance was unavailable and `failOpen` let the text through. */
export type CheckResult = (CheckResponse & { failed_open?: false }) | FailedOpenResult;

export interface FailedOpenResult {
  injection_detected: false;
  failed_open: true;
  blocked_by: [];
  monitored_by: [];
  /** Why no verdict was had. */
  error: RampartUnavailableError;
}

function isCheckResponse(value: unknown): value is CheckResponse {
  const v = value as Partial<CheckResponse> | null;
  return typeof v === 'object' && v !== null && typeof v.injection_detected === 'boolean' && Array.isArray(v.blocked_by) && typeof v.request_id === 'string';
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  const error = (value as Partial<ErrorResponse> | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A network failure or a timeout, as the error fail-open decides on. */
function unavailable(error: unknown, timedOut: boolean): RampartUnavailableError {
  if (timedOut) return new RampartUnavailableError('timeout', 'The Rampart appliance did not answer in time.', { cause: error });
  const code = (error as { code?: string }).code;
  return new RampartUnavailableError('unreachable', `The Rampart appliance could not be reached${code ? ` (${code})` : ''}.`, { cause: error });
}

/** Client of the Rampart check API: input-check before the LLM sees a prompt, output-check before the user sees an answer. */
export class RampartClient {
  readonly #options: Required<Omit<RampartClientOptions, 'ca' | 'onFailOpen' | 'baseUrl'>> & Pick<RampartClientOptions, 'onFailOpen'>;
  readonly #base: URL;
  readonly #transport: Transport;

  constructor(options: RampartClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required.');
    this.#base = new URL(options.baseUrl);
    if (this.#base.protocol !== 'https:' && this.#base.protocol !== 'http:') throw new TypeError('baseUrl must be an http or https URL.');
    this.#options = { timeoutMs: 10_000, retries: 2, retryBaseMs: 250, retryMaxMs: 10_000, failOpen: false, ...options };
    this.#transport = new Transport(this.#base, { ca: options.ca });
  }

  /** Checks a user prompt before it reaches the LLM. */
  inputCheck(request: InputCheckRequest | string, options: CallOptions = {}): Promise<CheckResult> {
    return this.#check('input-check', typeof request === 'string' ? { message: request } : request, options);
  }

  /** Checks an LLM answer (and, optionally, the prompt that led to it) before it reaches the user. */
  outputCheck(request: OutputCheckRequest | string, options: CallOptions = {}): Promise<CheckResult> {
    return this.#check('output-check', typeof request === 'string' ? { message: request } : request, options);
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.#transport.close();
  }

  async #check(route: string, body: InputCheckRequest | OutputCheckRequest, options: CallOptions): Promise<CheckResult> {
    try {
      return await this.#send(route, body, options);
    } catch (error) {
      if (!(error instanceof RampartUnavailableError) || !this.#options.failOpen) throw error;
      this.#options.onFailOpen?.(error);
      return { injection_detected: false, failed_open: true, blocked_by: [], monitored_by: [], error };
    }
  }

  async #send(route: string, body: InputCheckRequest | OutputCheckRequest, options: CallOptions): Promise<CheckResponse> {
    const url = new URL(`${this.#base.pathname.replace(/\/+$/, '')}${CHECK_PATH}/${route}`, this.#base);
    const headers: Record<string, string> = { 'x-api-key': this.#options.apiKey, accept: 'application/json' };
    if (options.traceparent) headers.traceparent = options.traceparent;
    if (options.requestId) headers['x-request-id'] = options.requestId;
    const payload = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.#options.retries;
      let answer: HttpAnswer;
      const timeout = AbortSignal.timeout(this.#options.timeoutMs);
      try {
        answer = await this.#transport.post(url, payload, headers, options.signal ? AbortSignal.any([options.signal, timeout]) : timeout);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const failure = unavailable(error, timeout.aborted);
        if (last) throw failure;
        await sleep(backoffMs(attempt, this.#options.retryBaseMs, this.#options.retryMaxMs, undefined), undefined, { signal: options.signal });
        continue;
      }
      const json = parseJson(answer.text);
      if (answer.status === 200) {
        if (!isCheckResponse(json)) throw new RampartProtocolError('The Rampart appliance answered 200 without a check response.');
        return json;
      }
      const retryAfter = retryAfterSeconds(answer.headers['retry-after']);
      const wait = backoffMs(attempt, this.#options.retryBaseMs, this.#options.retryMaxMs, retryAfter);
      if (RETRIED_STATUSES.has(answer.status) && !last && wait <= this.#options.retryMaxMs) {
        await sleep(wait, undefined, { signal: options.signal });
        continue;
      }
      if (isErrorResponse(json)) {
        const apiError = new RampartApiError(answer.status, json, retryAfter);
        if (UNAVAILABLE_STATUSES.has(answer.status)) throw new RampartUnavailableError('unavailable', apiError.message, { cause: apiError });
        throw apiError;
      }
      if (UNAVAILABLE_STATUSES.has(answer.status)) throw new RampartUnavailableError('unavailable', `The Rampart appliance answered HTTP ${answer.status}.`);
      throw new RampartProtocolError(`The Rampart appliance answered HTTP ${answer.status} without an error body.`);
    }
  }
}
