// npm run bench: Forwarding mode's added latency — a chat completion through Rampart (input-check,
// forward, output-check) against the same request sent straight to the upstream, in the same run.
import { FakeLlm } from '../test/helpers/fake-llm.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { sequentialLatency } from './lib/measure.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ANSWER = 'Lisbon in spring: day one Alfama and the castle, day two Belém and the riverside, day three Sintra by train. '.repeat(4);
const BODY = JSON.stringify({
  model: 'm',
  messages: [
    { role: 'system', content: 'You are a travel assistant.' },
    { role: 'user', content: 'Plan three days in Lisbon, please.' },
  ],
});

const upstream = new FakeLlm();
upstream.behaviour = { answer: () => ANSWER };
const upstreamUrl = await upstream.start();
const server = await startBenchServer(upstreamUrl);
try {
  const direct = () => sequentialLatency({ url: `${upstreamUrl}/chat/completions`, headers: {}, body: BODY }, SECONDS);
  const proxied = () =>
    sequentialLatency(
      { url: `https://127.0.0.1:${server.port}/v1/chat/completions`, headers: { authorization: `Bearer ${server.apiKey}` }, body: BODY, ca: server.ca },
      SECONDS,
    );
  await proxied(); // warm-up
  const [d, p] = [await direct(), await proxied()];
  console.log(
    `\nForwarding mode overhead: ${SECONDS} s per phase, one connection, sequential; upstream is a local OpenAI-compatible server (HTTP), Rampart adds HTTPS and all level-3 guardrails on the prompt and the ${ANSWER.length}-character answer\n`,
  );
  console.log('| route | p50 ms | p99 ms | req/s |');
  console.log('|---|---|---|---|');
  console.log(`| upstream directly | ${d.p50.toFixed(3)} | ${d.p99.toFixed(3)} | ${Math.round(d.rps)} |`);
  console.log(`| through Rampart | ${p.p50.toFixed(3)} | ${p.p99.toFixed(3)} | ${Math.round(p.rps)} |`);
  console.log(`| added by Rampart | ${(p.p50 - d.p50).toFixed(3)} | ${(p.p99 - d.p99).toFixed(3)} | ratio of p50s ${(p.p50 / d.p50).toFixed(2)} |`);
} finally {
  server.stop();
  await upstream.stop();
}
