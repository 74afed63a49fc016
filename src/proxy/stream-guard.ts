import type { Writable } from 'node:stream';
import { applyRedactions, type CheckOutcome } from '../engine/pipeline.ts';
import { AppError, errorTypeOf, OUTPUT_BLOCKED, type ErrorCode } from '../errors.ts';
import type { ChatGuard, CheckedText, GuardedRequest } from './chat-guard.ts';
import type { ChatChoice } from './openai-shapes.ts';
import { SseParser, sseEvent } from './sse.ts';
import { transportError, type IdleDeadline } from './upstream.ts';

interface ChoiceState {
  released: string;
  pending: string;
  full: string;
  finishReason: string | null;
}

/** Unwinds the relay after the stream was ended with an error event. */
class StreamStopped extends Error {}

export interface StreamRelayOptions {
  upstream: Response;
  guard: ChatGuard;
  guarded: GuardedRequest;
  out: Writable;
  deadline: IdleDeadline;
  requestId: string;
  /** The verdict the error event of a blocked answer carries as `rampart` (the route words verdicts). */
  blockedVerdict(checked: CheckedText): unknown;
}

/**
 * Relays an upstream SSE answer to the client with output checks. Incremental mode holds text back
 * until it has been checked, `stream_chunk_chars` at a time, each chunk checked together with the
 * last `stream_overlap_chars` already released; the first violation cuts the stream with an error
 * event (text released before it stays released — the documented trade-off). Buffer mode checks the
 * whole answer before sending any of it. Either way the complete answer is checked and recorded last.
 */
export class StreamRelay {
  readonly #o: StreamRelayOptions;
  readonly #choices = new Map<number, ChoiceState>();
  #template: Record<string, unknown> = { object: 'chat.completion.chunk' };
  #usageChunk: unknown;

  constructor(options: StreamRelayOptions) {
    this.#o = options;
  }

  get #settings() {
    return this.#o.guard.settings;
  }

  async run(): Promise<void> {
    try {
      await this.#relay();
    } catch (error) {
      if (!(error instanceof StreamStopped)) {
        const failure = error instanceof AppError ? error : transportError(error);
        this.#fail({ code: failure.code, message: failure.message });
      }
    } finally {
      this.#o.deadline.end();
      this.#o.out.end();
    }
  }

  async #relay(): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const body = this.#o.upstream.body;
    if (!body) throw transportError(new Error('Empty body.'));
    for await (const bytes of body) {
      this.#o.deadline.touch();
      for (const data of parser.push(decoder.decode(bytes as Uint8Array, { stream: true }))) {
        if (data === '[DONE]') return this.#finish();
        await this.#onChunk(data);
      }
    }
    for (const data of parser.flush()) if (data !== '[DONE]') await this.#onChunk(data);
    await this.#finish();
  }

  async #onChunk(data: string): Promise<void> {
    let chunk: { choices?: ChatChoice[]; usage?: unknown; [key: string]: unknown };
    try {
      chunk = JSON.parse(data);
    } catch {
      this.#fail({ code: 'upstream_invalid_response', message: 'The upstream LLM sent a stream event that is not JSON.' });
      throw new StreamStopped();
    }
    const { choices, ...template } = chunk;
    if (Object.keys(template).length > 0) this.#template = { ...template, usage: undefined };
    if (!Array.isArray(choices) || choices.length === 0) {
      if (chunk.usage !== undefined) this.#usageChunk = chunk;
      return;
    }
    for (const choice of choices) {
      const state = this.#state(choice.index ?? 0);
      const { content, ...rest } = choice.delta ?? {};
      // Role and tool-call deltas carry no answer text: they pass straight through.
      if (Object.keys(rest).length > 0) this.#emitDelta(choice.index ?? 0, rest);
      if (typeof content === 'string') {
        state.pending += content;
        state.full += content;
      }
      if (choice.finish_reason) state.finishReason = choice.finish_reason;
      if (this.#settings.stream_mode === 'incremental' && state.pending.length >= this.#settings.stream_chunk_chars) {
        await this.#checkAndRelease(choice.index ?? 0, state);
      }
    }
  }

  #state(index: number): ChoiceState {
    let state = this.#choices.get(index);
    if (!state) this.#choices.set(index, (state = { released: '', pending: '', full: '', finishReason: null }));
    return state;
  }

  async #checkAndRelease(index: number, state: ChoiceState): Promise<void> {
    const overlap = state.released.slice(-this.#settings.stream_overlap_chars);
    const outcome = await this.#o.guard.checkAnswer(this.#o.guarded, overlap + state.pending, false);
    if (outcome.injection_detected) {
      // The window that blocks is the verdict of record.
      await this.#o.guard.checkAnswer(this.#o.guarded, overlap + state.pending, true);
      this.#violation(outcome, index);
    }
    const shifted = outcome.redactions
      .map((r) => ({ ...r, start: Math.max(0, r.start - overlap.length), end: r.end - overlap.length }))
      .filter((r) => r.end > 0);
    this.#emitDelta(index, { content: applyRedactions(state.pending, shifted) });
    state.released += state.pending;
    state.pending = '';
  }

  async #finish(): Promise<void> {
    for (const [index, state] of this.#choices) {
      if (this.#settings.stream_mode === 'incremental') {
        if (state.pending) await this.#checkAndRelease(index, state);
        const outcome = await this.#o.guard.checkAnswer(this.#o.guarded, state.full, true);
        if (outcome.injection_detected) this.#violation(outcome, index);
      } else {
        const outcome = await this.#o.guard.checkAnswer(this.#o.guarded, state.full, true);
        if (outcome.injection_detected) {
          this.#emitDelta(index, { content: this.#settings.refusal_message });
          state.finishReason = 'content_filter';
        } else {
          this.#emitDelta(index, { content: outcome.masked_message ?? state.full });
        }
      }
      this.#emit({ ...this.#template, choices: [{ index, delta: {}, finish_reason: state.finishReason ?? 'stop' }] });
    }
    if (this.#usageChunk !== undefined) this.#emit(this.#usageChunk);
    this.#o.out.write(sseEvent('[DONE]'));
  }

  #emitDelta(index: number, delta: Record<string, unknown>): void {
    this.#emit({ ...this.#template, choices: [{ index, delta, finish_reason: null }] });
  }

  #emit(data: unknown): void {
    this.#o.out.write(sseEvent(data));
  }

  #violation(outcome: CheckOutcome, index: number): never {
    this.#fail({
      code: OUTPUT_BLOCKED,
      message: `The answer was blocked by ${outcome.blocked_by.join(', ')}.`,
      rampart: this.#o.blockedVerdict({ index, outcome }),
    });
    throw new StreamStopped();
  }

  /** Ends the stream with an OpenAI-style error event (clients raise it as an error), typed like the same error outside a stream. */
  #fail(error: { code: ErrorCode | typeof OUTPUT_BLOCKED; message: string; [key: string]: unknown }): void {
    const { code, message, ...details } = error;
    this.#emit({ error: { message, type: errorTypeOf(code), code, param: null, request_id: this.#o.requestId, ...details } });
  }
}
