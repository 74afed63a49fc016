import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RampartApiError, RampartClient, RampartUnavailableError, type RampartClientOptions } from '../../clients/typescript/src/index.ts';
import { backoffMs, retryAfterSeconds } from '../../clients/typescript/src/retry.ts';

const KEY = 'rmp_test-key-for-a-fake-appliance';
const VERDICT = { injection_detected: false, execution_time: 1, checks: {}, blocked_by: [], monitored_by: [], request_id: 'req_fake' };
const errorBody = (code: string, message: string) => ({ error: { code, message, type: 'api_error', request_id: 'req_fake' } });

/** A stand-in appliance on loopback whose answers the test scripts, one per request, recording when each came. */
class FakeAppliance {
  readonly arrivals: { at: number; headers: IncomingMessage['headers']; body: string }[] = [];
  script: ((res: ServerResponse) => void)[] = [];
  readonly #server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      this.arrivals.push({ at: performance.now(), headers: req.headers, body });
      const next = this.script.shift();
      if (next) next(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERDICT));
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const answer =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('TypeScript client: retries, timeouts, fail open or closed', () => {
  const fake = new FakeAppliance();
  const clients: RampartClient[] = [];
  const clientOf = (options: Partial<RampartClientOptions> = {}) => {
    const client = new RampartClient({ baseUrl: fake.url, apiKey: KEY, retryBaseMs: 5, ...options });
    clients.push(client);
    return client;
  };

  before(() => fake.start());
  after(async () => {
    for (const client of clients) client.close();
    await fake.stop();
  });

  it('retries a 429 after the Retry-After the appliance asked for, then answers', async () => {
    fake.arrivals.length = 0;
    fake.script = [answer(429, errorBody('rate_limited', 'Slow down.'), { 'retry-after': '1' })];
    const result = await clientOf().inputCheck('hello', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', requestId: 'job-17' });
    assert.equal(result.injection_detected, false);
    assert.equal(fake.arrivals.length, 2);
    assert.ok(fake.arrivals[1]!.at - fake.arrivals[0]!.at >= 950, 'the retry waited for Retry-After: 1');
    assert.equal(fake.arrivals[1]!.headers['x-api-key'], KEY);
    assert.equal(fake.arrivals[1]!.headers.traceparent, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    assert.equal(fake.arrivals[1]!.headers['x-request-id'], 'job-17');
    assert.deepEqual(JSON.parse(fake.arrivals[1]!.body), { message: 'hello' });
  });

  it('retries 503s with backoff up to the retry limit', async () => {
    fake.arrivals.length = 0;
    fake.script = [answer(503, errorBody('unavailable', 'Busy.')), answer(503, errorBody('unavailable', 'Busy.'))];
    const result = await clientOf({ retries: 2 }).outputCheck({ message: 'an answer', prompt: 'a question' });
    assert.equal(result.injection_detected, false);
    assert.equal(fake.arrivals.length, 3);
  });

  it('gives up when Retry-After is longer than the longest wait, with a typed error carrying the code', async () => {
    fake.arrivals.length = 0;
    fake.script = [answer(429, errorBody('rate_limited', 'The rate limit of this API key is exceeded; try again in 2 minutes.'), { 'retry-after': '120' })];
    const error = await clientOf({ retryMaxMs: 1000 })
      .inputCheck('hello')
      .catch((e: unknown) => e);
    assert.ok(error instanceof RampartApiError, String(error));
    assert.equal(error.code, 'rate_limited');
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterSeconds, 120);
    assert.equal(error.requestId, 'req_fake');
    assert.equal(fake.arrivals.length, 1);
  });

  it('never retries nor fails open on a client mistake', async () => {
    fake.arrivals.length = 0;
    fake.script = [answer(401, errorBody('invalid_api_key', 'Invalid API key.'))];
    const error = await clientOf({ failOpen: true })
      .inputCheck('hello')
      .catch((e: unknown) => e);
    assert.ok(error instanceof RampartApiError);
    assert.equal(error.code, 'invalid_api_key');
    assert.equal(fake.arrivals.length, 1);
  });

  it('503s to the last attempt fail closed by default, open when asked', async () => {
    const busy = () => [answer(503, errorBody('unavailable', 'Busy.')), answer(503, errorBody('unavailable', 'Busy.'))];
    fake.script = busy();
    const closed = await clientOf({ retries: 1 })
      .inputCheck('hello')
      .catch((e: unknown) => e);
    assert.ok(closed instanceof RampartUnavailableError);
    assert.equal(closed.code, 'unavailable');
    fake.script = busy();
    const open = await clientOf({ retries: 1, failOpen: true }).inputCheck('hello');
    assert.equal(open.failed_open, true);
    assert.equal(open.injection_detected, false);
  });

  it('times out an attempt that gets no answer', async () => {
    fake.script = [() => {}];
    const error = await clientOf({ timeoutMs: 200, retries: 0 })
      .inputCheck('hello')
      .catch((e: unknown) => e);
    assert.ok(error instanceof RampartUnavailableError, String(error));
    assert.equal(error.code, 'timeout');
  });

  it('an unreachable appliance fails closed by default and open when asked', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const closed = await clientOf({ baseUrl, retries: 1 })
      .inputCheck('hello')
      .catch((e: unknown) => e);
    assert.ok(closed instanceof RampartUnavailableError, String(closed));
    assert.equal(closed.code, 'unreachable');
    assert.match(closed.message, /ECONNREFUSED/);
    const reported: RampartUnavailableError[] = [];
    const open = await clientOf({ baseUrl, retries: 1, failOpen: true, onFailOpen: (e) => reported.push(e) }).outputCheck('an answer');
    assert.equal(open.failed_open, true);
    assert.equal(open.injection_detected, false);
    assert.equal(reported.length, 1);
    assert.equal(reported[0]!.code, 'unreachable');
  });

  it('reads Retry-After as seconds or as a date, and backs off exponentially within bounds', () => {
    assert.equal(retryAfterSeconds('3'), 3);
    assert.equal(retryAfterSeconds(new Date(Date.now() + 5000).toUTCString()), 5);
    assert.equal(retryAfterSeconds('soon'), undefined);
    assert.equal(retryAfterSeconds(undefined), undefined);
    const top = () => 1;
    assert.deepEqual(
      [0, 1, 2, 3, 10].map((attempt) => backoffMs(attempt, 100, 1000, undefined, top)),
      [100, 200, 400, 800, 1000],
    );
    assert.equal(
      backoffMs(0, 100, 1000, undefined, () => 0),
      50,
      'jitter never goes below half',
    );
    assert.equal(backoffMs(0, 100, 1000, 2, top), 2000, 'Retry-After is the least wait');
  });
});
