import type { CheckResponse, ErrorCode, ErrorResponse } from './contract.ts';

/** Anything the client throws. */
export class RampartError extends Error {
  override name = 'RampartError';
}

/** The appliance answered with an error: its HTTP status and the `code` of its error body. */
export class RampartApiError extends RampartError {
  override name = 'RampartApiError';
  readonly status: number;
  readonly code: ErrorCode;
  /** The request id of the answer: it finds the request in the appliance's log. */
  readonly requestId: string | undefined;
  /** invalid_field about one member: its dotted path. */
  readonly field: string | undefined;
  /** Seconds the appliance asked to wait (`Retry-After`), when it did. */
  readonly retryAfterSeconds: number | undefined;
  /** The whole error body, for codes that carry more members. */
  readonly body: ErrorResponse;

  constructor(status: number, body: ErrorResponse, retryAfterSeconds: number | undefined) {
    super(body.error.message);
    this.status = status;
    this.code = body.error.code;
    this.requestId = body.error.request_id;
    this.field = body.error.field;
    this.retryAfterSeconds = retryAfterSeconds;
    this.body = body;
  }
}

/**
 * The appliance could not be reached or gave no usable answer: connection refused or reset, name
 * not found, TLS failure, timeout, or a 502/503/504 after the last retry. This is what `failOpen`
 * lets through.
 */
export class RampartUnavailableError extends RampartError {
  override name = 'RampartUnavailableError';
  readonly code: 'unreachable' | 'timeout' | 'unavailable';

  constructor(code: RampartUnavailableError['code'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** The appliance answered 200 with something that is not a check response. */
export class RampartProtocolError extends RampartError {
  override name = 'RampartProtocolError';
}

/** A guardrail blocked the text (thrown by the AI SDK middleware): the verdict is in `check`. */
export class RampartBlockedError extends RampartError {
  override name = 'RampartBlockedError';
  readonly direction: 'input' | 'output';
  readonly check: CheckResponse;

  constructor(direction: 'input' | 'output', check: CheckResponse) {
    super(`Rampart blocked the ${direction === 'input' ? 'prompt' : 'answer'} (${check.blocked_by.join(', ')}); request id ${check.request_id}.`);
    this.direction = direction;
    this.check = check;
  }
}
