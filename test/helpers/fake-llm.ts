import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the upstream does with the next request. */
export interface FakeBehaviour {
  /** Answer text (default: echo the last user message). */
  answer?: (request: FakeRequest) => string;
  /** Answer with this HTTP status and JSON body instead. */
  status?: number;
  body?: unknown;
  /** Send this raw body (e.g. broken JSON) with status 200. */
  raw?: string;
  /** Wait before answering (ms), or between streamed chunks. */
  delayMs?: number;
  chunkDelayMs?: number;
  /** Streamed chunk size in characters. */
  chunkChars?: number;
}

export interface FakeRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: { model?: string; messages?: { role: string; content: unknown }[]; stream?: boolean } & Record<string, unknown>;
}

/**
 * An OpenAI-compatible chat-completions server on loopback (plain and streaming), standing in for
 * the upstream LLM of a Runtime LLM in Forwarding mode. It records every request it receives.
 */
export class FakeLlm {
  readonly requests: FakeRequest[] = [];
  behaviour: FakeBehaviour = {};
  #server: Server;
  url = '';

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v1`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: FakeRequest = { path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : {} };
    this.requests.push(request);
    const b = this.behaviour;
    if (b.delayMs) await sleep(b.delayMs);
    if (request.path.endsWith('/models')) return json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
    if (b.status) return json(res, b.status, b.body ?? { error: { message: 'upstream failure' } });
    if (b.raw !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(b.raw);
      return;
    }
    const lastUser = [...(request.body.messages ?? [])].reverse().find((m) => m.role === 'user');
    const answer = b.answer ? b.answer(request) : String(lastUser?.content ?? '');
    const base = { id: 'chatcmpl-fake', created: 1_700_000_000, model: request.body.model ?? 'fake-model' };
    if (!request.body.stream) {
      return json(res, 200, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (choice: unknown) => res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [choice] })}\n\n`);
    send({ index: 0, delta: { role: 'assistant' }, finish_reason: null });
    const size = b.chunkChars ?? 8;
    for (let i = 0; i < answer.length; i += size) {
      if (res.destroyed) return;
      send({ index: 0, delta: { content: answer.slice(i, i + size) }, finish_reason: null });
      if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    }
    send({ index: 0, delta: {}, finish_reason: 'stop' });
    res.end('data: [DONE]\n\n');
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A slow upstream is behaviour under test (timeouts, stalled streams, draining), not a wait for something. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
