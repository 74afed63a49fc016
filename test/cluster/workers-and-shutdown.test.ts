import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import { waitUntil } from '../helpers/wait-until.ts';

function checksCounted(metrics: string): number {
  return [...metrics.matchAll(/^rampart_checks_total\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

describe('several server processes', () => {
  let app: TestAppliance;
  // Workers print their own lines; they may reach the pipe after the primary's "ready".
  const workerLines = (n: number) =>
    waitUntil(`${n} workers to report ready`, async () => {
      const ready = app.logs.filter((l) => l.msg === 'worker ready');
      return ready.length >= n && ready;
    }, { timeoutMs: 15_000, intervalMs: 100 });
  /** The native libraries of the appliance a process has mapped, from /proc/<pid>/maps. */
  const nativeParts = (pid: unknown): string[] => {
    const maps = readFileSync(`/proc/${pid as number}/maps`, 'utf8');
    return ['onnxruntime', 'usearch', 'argon2'].filter((part) => maps.includes(part));
  };

  before(async () => {
    app = await startAppliance({ env: { RAMPART_WORKERS: '2' } });
  });
  after(() => app.dispose());

  it('load the models in the workers only: the primary process maps none of the native parts of the appliance', async () => {
    const workers = await workerLines(2);
    const primary = app.logs.find((l) => l.msg === 'rampart ready')!;
    assert.ok(!workers.some((w) => w.pid === primary.pid));
    assert.deepEqual(nativeParts(primary.pid), []);
    for (const worker of workers) assert.deepEqual(nativeParts(worker.pid), ['onnxruntime', 'usearch', 'argon2']);
  });

  it('share the ports, report metrics of all of them, replace a worker that dies, and stop cleanly', async () => {
    const workers = await workerLines(2);
    assert.equal(new Set(workers.map((w) => w.pid)).size, 2);
    const { apiKey } = await app.createRuntimeLlm('clustered', '--level', '1');
    for (let i = 0; i < 30; i++) assert.equal((await app.inputCheck(apiKey, { message: `hello ${i}` })).status, 200);
    // Whichever process answers /metrics reports the checks of both.
    for (let i = 0; i < 4; i++) assert.equal(checksCounted((await app.api('/metrics')).text), 30);

    process.kill(workers[0]!.pid as number, 'SIGKILL');
    // A kept-alive connection to the killed process resets once; a client's retry lands on a live one.
    const check = (message: string) => app.inputCheck(apiKey, { message }).catch(() => app.inputCheck(apiKey, { message }));
    for (let i = 0; i < 20; i++) assert.equal((await check(`still here ${i}`)).status, 200);
    await workerLines(3); // the replacement
    assert.ok(app.logs.some((l) => l.msg === 'worker stopped unexpectedly; starting a new one'));
    assert.equal(await app.stop(), 0);
  });
});

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and writes their events before exiting', async () => {
    const upstream = new FakeLlm();
    await upstream.start();
    const app = await startAppliance();
    try {
      const { apiKey } = await app.createRuntimeLlm('draining', '--mode', 'forwarding', '--url', upstream.url, '--level', '1');
      upstream.behaviour = { delayMs: 1500, answer: () => 'a slow but complete answer' };
      const inFlight = app.api('/v1/chat/completions', { method: 'POST', headers: { 'x-api-key': apiKey }, body: { model: 'm', messages: [{ role: 'user', content: 'take your time' }] } });
      // Stop only once the request is in flight: it has passed the input check and reached upstream.
      await waitUntil('the request to reach the upstream', async () => upstream.requests.length > 0, { intervalMs: 20 });
      const exited = app.stop();
      const res = await inFlight;
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.choices[0].message.content, 'a slow but complete answer');
      assert.equal(await exited, 0);
      const events = await app.cli('events', 'list', '--json', '--runtime-llm', (await app.cli('runtime-llm', 'show', 'draining', '--json')).json.id);
      const directions = events.json.map((e: { direction: string }) => e.direction).sort();
      assert.deepEqual(directions, ['input', 'output'], 'both checks of the drained request were written');
    } finally {
      await app.dispose();
      await upstream.stop();
    }
  });
});
