import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import { rawExchange } from '../helpers/raw-http.ts';
import { Random } from '../../training/random.ts';
import { waitUntil } from '../helpers/wait-until.ts';

/**
 * Robustness: ≥ 100k malformed and hostile requests to both listeners. Every answer must be a
 * client error or a normal answer — never a 5xx —, every error must come in the documented shape
 * `{error:{code,message,request_id}}` with its x-request-id, and the server must survive with its
 * memory back near where it started. The counts are printed as test diagnostics.
 */

const TOTAL = Number(process.env.RAMPART_FUZZ_REQUESTS ?? 100_000);
const CONCURRENCY = 48;

interface Shot {
  listener: 'api' | 'dashboard';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

// Seeded, so every run sends the same hostile requests.
const rng = new Random(0x2545f491);

const nest = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);

/** Hostile bodies for the JSON endpoints, built once (building them costs more than sending them). */
const HOSTILE_BODIES: readonly (Buffer | undefined)[] = (() => {
  const kinds: (() => string | Buffer | undefined)[] = [
    () => undefined,
    () => '',
    () => '{',
    () => '{"message": "unterminated',
    () => '{"message": "x"} trailing',
    () => '[]',
    () => 'null',
    () => '"just a string"',
    () => '12345',
    () => JSON.stringify({ message: rng.int(1000) }),
    () => JSON.stringify({ message: null }),
    () => JSON.stringify({ message: ['a', 'b'] }),
    () => JSON.stringify({ message: { nested: true } }),
    () => JSON.stringify({ message: 'ok', prompt: 42 }),
    () => JSON.stringify({ msg: 'wrong field' }),
    () => `{"message":"x","__proto__":{"polluted":true}}`,
    () => `{"message":"x","constructor":{"prototype":{"polluted":true}}}`,
    () => `{"message":"x","a":${nest(50_000, '[', ']', '1')}}`,
    () => `{"message":"x","a":${nest(20_000, '{"a":', '}', '1')}}`,
    () => `{"message":${nest(10_000, '[', ']', '"x"')}}`,
    () => JSON.stringify({ message: 'x'.repeat(40_000) }),
    () => JSON.stringify({ message: 'y', pad: 'z'.repeat(600_000) }),
    () => JSON.stringify({ message: '\ud800\udc00\ud800 lone \udfff surrogates' }),
    () => Buffer.concat([Buffer.from('{"message":"'), randomBytes(64), Buffer.from('"}')]),
    () => Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"message":"bom"}')]),
    () => randomBytes(rng.int(512)),
    () => JSON.stringify({ message: '\u0000\u001b[2J\u202e\u2066'.repeat(200) }),
    () => JSON.stringify({ message: '🧨'.repeat(8000) }),
    () => JSON.stringify({ messages: [{ role: 'user', content: nest(5_000, '[', ']', '"x"') }] }),
    () => JSON.stringify({ messages: 'not an array' }),
    () => JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'text', text: 7 }] }] }),
    () => JSON.stringify({ username: 'admin', password: 'x'.repeat(100_000) }),
    () => JSON.stringify({ username: ['admin'], password: { $ne: null } }),
  ];
  // Random-byte variants are drawn several times so the barrage does not repeat one pattern.
  return [...kinds, ...Array.from({ length: 8 }, () => kinds[23]!), ...Array.from({ length: 8 }, () => kinds[25]!)].map((make) => {
    const body = make();
    return body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  });
})();

function hostileHeaders(apiKey: string): Record<string, string> {
  const choices: (() => Record<string, string>)[] = [
    () => ({ 'content-type': 'application/json', 'x-api-key': apiKey }),
    () => ({ 'content-type': 'application/json' }),
    () => ({ 'content-type': 'application/json', 'x-api-key': `rmp_${'A'.repeat(43)}` }),
    () => ({ 'content-type': 'application/json', 'x-api-key': 'x'.repeat(4000) }),
    () => ({ 'content-type': 'text/plain', 'x-api-key': apiKey }),
    () => ({ 'content-type': 'application/json; charset=latin1', 'x-api-key': apiKey }),
    () => ({ 'content-type': 'multipart/form-data; boundary=x', 'x-api-key': apiKey }),
    () => ({ 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }),
    () => ({ 'content-type': 'application/json', authorization: `Basic ${'A'.repeat(3000)}` }),
    () => ({ 'content-type': 'application/json', 'x-api-key': apiKey, 'x-request-id': `../../etc/passwd;${'r'.repeat(500)}` }),
    () => ({ 'content-type': 'application/json', 'x-api-key': apiKey, cookie: `__Host-rampart_session=${'a'.repeat(2000)}` }),
    () => ({ 'content-type': 'application/json', 'x-csrf-token': 'forged', cookie: 'x=y' }),
    () => ({ 'content-type': 'application/json', 'x-api-key': apiKey, 'content-encoding': rng.pick(['gzip', 'br', 'deflate', 'zstd', 'gzip, br']) }),
    () => ({ 'content-type': `application/json; charset=${rng.pick(['utf-16', 'iso-8859-1', '"shift_jis"', 'UTF-8', 'bogus'])}`, 'x-api-key': apiKey }),
    () => ({ 'content-type': 'application/json', 'x-api-key': apiKey, host: rng.pick(['evil.example', 'a b', '[', '%', ':', 'x:99999', '[::1', '']) }),
  ];
  return rng.pick(choices)();
}

const API_PATHS = [
  '/apikey/api/guardrail/v1/input-check',
  '/apikey/api/guardrail/v1/output-check',
  '/v1/chat/completions',
  '/v1/models',
  '/healthz',
  '/nope',
  '/',
  '/%',
  '/a%zz',
  '/apikey/api/guardrail/v1/../v1/input-check',
  '/%ff%fe',
  `/docs/${'a'.repeat(2000)}`,
];
const DASHBOARD_PATHS = [
  '/api/auth/login',
  '/api/runtime-llms',
  '/api/profiles/default',
  '/api/playground/check',
  '/api/settings/siem',
  '/healthz',
  '/openapi.json',
  '/index.html',
  '/%',
  '/../../etc/passwd',
  `/api/${'x'.repeat(3000)}`,
  `/api/runtime-llms/${'y'.repeat(300)}`,
];
const METHODS = ['POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

function nextShot(apiKey: string): Shot {
  const listener = rng.int(4) === 0 ? 'dashboard' : 'api';
  const method = rng.pick(METHODS);
  const body = method === 'GET' || method === 'HEAD' ? undefined : rng.pick(HOSTILE_BODIES);
  return { listener, method, path: rng.pick(listener === 'api' ? API_PATHS : DASHBOARD_PATHS), headers: hostileHeaders(apiKey), ...(body ? { body } : {}) };
}

/** Whether an error answer is in the documented shape, its request id echoed in x-request-id. */
function documentedError(body: string, requestId: string | undefined): boolean {
  try {
    const { error } = JSON.parse(body) as { error?: { code?: unknown; message?: unknown; request_id?: unknown } };
    return (
      typeof error?.code === 'string' &&
      typeof error.message === 'string' &&
      error.message.length > 0 &&
      error.request_id === requestId &&
      requestId !== undefined
    );
  } catch {
    return false;
  }
}

interface Answer {
  status: number;
  /** False for an error answer that is not in the documented shape. */
  shaped: boolean;
}

function send(agent: Agent, port: number, shot: Shot): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, servername: 'localhost', agent, method: shot.method, path: shot.path, headers: shot.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const requestId = res.headers['x-request-id'] as string | undefined;
        const shaped = status < 400 || shot.method === 'HEAD' || documentedError(Buffer.concat(chunks).toString('utf8'), requestId);
        resolve({ status, shaped });
      });
      res.on('error', () => resolve({ status: -1, shaped: true }));
    });
    req.on('error', () => resolve({ status: -1, shaped: true })); // the server may close a connection it refuses; not a 5xx
    req.end(shot.body);
  });
}

/** Raw bytes a well-behaved client would never send, straight over TLS. */
const RAW_REQUESTS = [
  `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
  'POST /apikey/api/guardrail/v1/input-check HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\nhello',
  'POST /apikey/api/guardrail/v1/input-check HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZZ\r\nnot-a-chunk\r\n',
  'POST /apikey/api/guardrail/v1/input-check HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
  'BREW /coffee HTCPCP/1.0\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad\u0000Header: v\r\n\r\n',
  'GET /healthz HTTP/9.9\r\n\r\n',
  '\r\n\r\n\r\n',
  `GET ${'/a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  `${Array.from({ length: 500 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
  'GET / HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n',
  'GET /% HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  'POST /apikey/api/guardrail/v1/input-check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 16\r\nConnection: close\r\n\r\n{"message":"hi"}',
];

async function heapUsed(app: TestAppliance): Promise<number> {
  const metrics = (await app.api('/metrics')).text;
  return Number(/^rampart_nodejs_heap_size_used_bytes (\d+(\.\d+)?)/m.exec(metrics)?.[1] ?? Number.NaN);
}

describe('hostile requests', () => {
  let app: TestAppliance;
  let apiKey: string;
  let ca: string;
  const upstream = new FakeLlm();

  before(async () => {
    await upstream.start();
    app = await startAppliance({
      env: {
        RAMPART_RATE_LIMIT_PER_KEY: '0',
        RAMPART_RATE_LIMIT_PER_IP: '0',
        RAMPART_LOGIN_RATE_PER_IP: '1000000',
        // A modest heap makes V8 collect as it goes, so "back to baseline" measures retained memory,
        // not garbage not yet collected; a leak would exhaust it.
        NODE_OPTIONS: '--max-old-space-size=192',
      },
    });
    ({ apiKey } = await app.createRuntimeLlm('fuzzed', '--mode', 'forwarding', '--url', upstream.url));
    ca = readFileSync(join(app.dataDir, 'tls', 'cert.pem'), 'utf8');
  });
  after(async () => {
    assert.equal(await app.stop(), 0, 'the server shuts down cleanly after the barrage');
    await app.dispose();
    await upstream.stop();
  });

  it(`answers ${TOTAL} malformed and hostile requests on both listeners without a single 5xx`, async (t) => {
    const apiPort = Number(new URL(app.apiUrl).port);
    const dashboardPort = Number(new URL(app.dashboardUrl).port);
    // Warm up, then take the memory baseline.
    for (let i = 0; i < 200; i++) await app.inputCheck(apiKey, { message: 'warm-up' });
    const baseline = await heapUsed(app);

    const agents = { api: new Agent({ keepAlive: true, maxSockets: CONCURRENCY, ca }), dashboard: new Agent({ keepAlive: true, maxSockets: 8, ca }) };
    const statuses = new Map<number, number>();
    const misshapen: string[] = [];
    let sent = 0;
    const started = Date.now();
    const worker = async () => {
      while (sent < TOTAL) {
        sent++;
        const shot = nextShot(apiKey);
        const { status, shaped } = await send(agents[shot.listener], shot.listener === 'api' ? apiPort : dashboardPort, shot);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (!shaped) misshapen.push(`${status} ${shot.listener} ${shot.method} ${shot.path.slice(0, 40)}`);
      }
    };
    const raw = (async () => {
      for (let round = 0; round < 20; round++) {
        for (const payload of RAW_REQUESTS) {
          const answer = await rawExchange(round % 2 ? app.dashboardUrl : app.apiUrl, ca, payload);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 400 && !documentedError(answer.body, answer.headers['x-request-id']))
            misshapen.push(`${answer.status} raw ${payload.slice(0, 40)}`);
        }
      }
    })();
    await Promise.all([...Array.from({ length: CONCURRENCY }, worker), raw]);
    const seconds = (Date.now() - started) / 1000;
    agents.api.destroy();
    agents.dashboard.destroy();

    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
    t.diagnostic(
      `${sent + RAW_REQUESTS.length * 20} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} req/s); statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    assert.equal(serverErrors, 0, `5xx answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.deepEqual([...new Set(misshapen)], [], 'every error answer is in the documented shape');

    // The server still answers normally and its heap returns near the baseline (once the collector has run).
    const check = await app.inputCheck(apiKey, { message: 'What is the capital of Portugal?' });
    assert.equal(check.status, 200);
    let afterwards = 0;
    await waitUntil(
      'the heap to return within 64 MiB of the baseline',
      async () => {
        afterwards = await heapUsed(app);
        return afterwards < baseline + 64 * 2 ** 20;
      },
      { timeoutMs: 15_000, intervalMs: 250, state: () => `heap grew from ${baseline} to ${afterwards}` },
    );
    t.diagnostic(`heap used: ${(baseline / 2 ** 20).toFixed(1)} MiB before, ${(afterwards / 2 ** 20).toFixed(1)} MiB after`);
  });

  it('keeps serving while slow clients trickle their headers', async () => {
    const apiPort = Number(new URL(app.apiUrl).port);
    const sockets = Array.from({ length: 100 }, () => {
      const socket = connect({ host: '127.0.0.1', port: apiPort, ca, servername: 'localhost' }, () =>
        socket.write('POST /apikey/api/guardrail/v1/input-check HTTP/1.1\r\nHost: x\r\n'),
      );
      socket.on('error', () => {});
      return socket;
    });
    // The slow clients under test: one more header line per socket every 200 ms.
    const drip = setInterval(() => {
      for (const s of sockets) if (s.writable) s.write(`X-Slow-${rng.int(1e6)}: 1\r\n`);
    }, 200);
    try {
      for (let i = 0; i < 20; i++) assert.equal((await app.inputCheck(apiKey, { message: `normal request ${i}` })).status, 200);
    } finally {
      clearInterval(drip);
      for (const s of sockets) s.destroy();
    }
  });
});
