import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import type { HttpResponse } from '../helpers/https-client.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const FAILURES = 3;
const COOLDOWN_MS = 4_000;

describe("a model backend's circuit breaker in a server of two worker threads", () => {
  let app: TestAppliance;
  let apiKey: string;
  const judge = new FakeLlm();

  /** A new connection for each request, so the kernel spreads them over both threads. */
  const fresh = (path: string, body?: unknown): Promise<HttpResponse> =>
    app.api(path, { headers: { connection: 'close', ...(body ? { 'x-api-key': apiKey } : {}) }, ...(body ? { method: 'POST', body } : {}) });
  const check = (message: string) => fresh('/apikey/api/guardrail/v1/input-check', { message });
  /** Workers that refused a call to the judge because the breaker was open. */
  const refusingWorkers = () =>
    new Set(
      app.logs
        .filter((l) => l.msg === 'guardrail failed' && String((l.err as { message?: string } | undefined)?.message).includes('circuit breaker is open'))
        .map((l) => l.worker),
    );

  before(async () => {
    await judge.start();
    // The judge never answers within the backend's deadline.
    judge.behaviour = { delayMs: 10_000 };
    app = await startAppliance({ env: { RAMPART_WORKERS: '2' } });
    const created = await app.cli(
      'backend',
      'create',
      '--name',
      'slow-judge',
      '--kind',
      'llm_judge',
      '--url',
      judge.url,
      '--model',
      'slow',
      '--format',
      'llama_guard',
      '--timeout-ms',
      '200',
      '--breaker-failures',
      String(FAILURES),
      '--breaker-cooldown-ms',
      String(COOLDOWN_MS),
    );
    assert.equal(created.code, 0, created.stderr);
    const profile = await app.cli(
      'profile',
      'update',
      'default',
      '--set',
      'on_error=allow',
      '--set',
      'guardrails.llm.backend=slow-judge',
      '--set',
      'guardrails.llm.backend_mode=backend',
    );
    assert.equal(profile.code, 0, profile.stderr);
    ({ apiKey } = await app.createRuntimeLlm('breaker-app', '--level', '2'));
    // Both threads have loaded the backend once ten answers in a row (over new connections) name it.
    let inARow = 0;
    await waitUntil('both threads to load the backend', async () => {
      inARow = (await fresh('/readyz')).json.checks.model_backends?.['slow-judge'] ? inARow + 1 : 0;
      return inARow >= 10;
    });
  });
  after(async () => {
    await app.dispose();
    await judge.stop();
  });

  it('costs at most breaker_failures timeouts for the whole server, and /readyz reports the shared state from either thread', async () => {
    // Checks go on until both threads have refused a call on the open breaker.
    for (let i = 0; i < 60 && refusingWorkers().size < 2; i++) {
      const res = await check(`question number ${i}`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.checks.llm.error.code, 'backend_failed');
    }
    assert.deepEqual([...refusingWorkers()].sort(), [1, 2], 'both threads served checks while the breaker was open');
    assert.equal(judge.requests.length, FAILURES, 'the judge was called breaker_failures times in all, not per thread');

    const seen = new Set<unknown>();
    for (let i = 0; i < 10; i++) {
      const backend = (await fresh('/readyz')).json.checks.model_backends['slow-judge'];
      assert.equal(backend.state, 'open');
      assert.equal(backend.consecutive_failures, FAILURES);
      seen.add(backend.state);
    }
    assert.deepEqual([...seen], ['open']);
    const metrics = (await fresh('/metrics')).text;
    assert.match(metrics, /^rampart_backend_circuit_state\{backend="slow-judge"\} 1$/m);
  });

  it('lets one trial call through for the whole server once the cooldown is over', async () => {
    await waitUntil('the breaker to turn half open', async () => (await fresh('/readyz')).json.checks.model_backends['slow-judge'].state === 'half_open', {
      timeoutMs: COOLDOWN_MS + 5_000,
      intervalMs: 200,
    });
    const before = judge.requests.length;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => check(`concurrent question ${i}`)));
    for (const res of answers) assert.equal(res.json.checks.llm.error.code, 'backend_failed');
    const reasons = answers.map((res) => res.json.checks.llm.backend.error).sort();
    assert.equal(judge.requests.length, before + 1, 'exactly one trial call reached the judge');
    assert.deepEqual(reasons, [...Array.from({ length: 7 }, () => 'circuit_open'), 'timeout']);
    assert.equal((await fresh('/readyz')).json.checks.model_backends['slow-judge'].state, 'open', 'the failed trial opened it again');
  });
});
