import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import { waitUntil } from '../helpers/wait-until.ts';

function checksCounted(metrics: string): number {
  return [...metrics.matchAll(/^rampart_checks_total\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

describe('several server threads', () => {
  let app: TestAppliance;
  // Threads print their own lines; they may reach the pipe after the main thread's "ready".
  const workerLines = (n: number) =>
    waitUntil(
      `${n} workers to report ready`,
      async () => {
        const ready = app.logs.filter((l) => l.msg === 'worker ready');
        return ready.length >= n && ready;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
  /** A field of /proc/<pid>/status in kB, such as VmRSS. */
  const status = (pid: unknown, field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid as number}/status`, 'utf8'))?.[1]);

  before(async () => {
    app = await startAppliance({ env: { RAMPART_WORKERS: '2', RAMPART_WARM_UP_MS: '0' } });
  });
  after(() => app.dispose());

  it('report ready without warming up when RAMPART_WARM_UP_MS is 0', async () => {
    await workerLines(2);
    assert.ok(!app.logs.some((l) => l.msg === 'guardrails warmed up'));
  });

  it('run as threads of one process, started again with its heap limits and two malloc arenas', async () => {
    const workers = await workerLines(2);
    const main = app.logs.find((l) => l.msg === 'rampart ready')!;
    assert.deepEqual(new Set(workers.map((w) => w.pid)), new Set([main.pid]));
    assert.deepEqual(workers.map((w) => w.worker).sort(), [1, 2]);
    const environment = readFileSync(`/proc/${main.pid as number}/environ`, 'utf8').split('\0');
    assert.ok(environment.includes('MALLOC_ARENA_MAX=2'), 'the server process runs with the malloc settings');
    const options = readFileSync(`/proc/${main.pid as number}/cmdline`, 'utf8').split('\0');
    assert.ok(options.includes('--max-semi-space-size=16') && options.includes('--max-old-space-size=1024'), options.join(' '));
  });

  it('share the ports, report metrics of all of them, the process once, and stop cleanly', async () => {
    const workers = await workerLines(2);
    const { apiKey } = await app.createRuntimeLlm('threaded', '--level', '1');
    for (let i = 0; i < 30; i++) assert.equal((await app.inputCheck(apiKey, { message: `hello ${i}` })).status, 200);
    // Whichever thread answers /metrics reports the checks of both.
    for (let i = 0; i < 4; i++) {
      const metrics = (await app.api('/metrics')).text;
      assert.equal(checksCounted(metrics), 30);
      // The process's resident memory is reported once, not once a thread.
      const reported = Number(/^rampart_process_resident_memory_bytes (\d+)/m.exec(metrics)?.[1]) / 1024;
      assert.ok(reported < 1.5 * status(workers[0]!.pid, 'VmRSS'), `reported ${reported} kB`);
    }
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
      const inFlight = app.api('/v1/chat/completions', {
        method: 'POST',
        headers: { 'x-api-key': apiKey },
        body: { model: 'm', messages: [{ role: 'user', content: 'take your time' }] },
      });
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
