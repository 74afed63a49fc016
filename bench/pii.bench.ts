/**
 * `npm run bench:pii`: full PII scan (every entity type, PERSON model included) of 1,000-character
 * messages, one with a name, an e-mail address, a phone number and a card among versions, times,
 * invoice and order numbers, and one of ordinary prose without personal data; prints p50/p99
 * latency, model load time and weight size. Each scan is paired with a fixed reference workload
 * timed right before it; of several rounds the one whose reference ran fastest (the least-loaded
 * moment of a shared machine) is reported, with scan/reference ratios.
 */
import { statSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { compilePii, PERSON_RECOGNISER } from '../src/guardrails/pii/index.ts';
import { PERSON_MODEL_DIR } from '../src/guardrails/pii/person/model-files.ts';
import { PiiSettings } from '../src/guardrails/pii/settings.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../src/models/model-library.ts';
import { referenceWork } from './lib/reference.ts';

const PROSE =
  "Hello team, following up on yesterday's call about the quarterly migration. The staging cluster was upgraded to " +
  'version 4.2.1 on Tuesday and the nightly jobs ran without errors, although request 550e8400-e29b-41d4-a716-446655440000 ' +
  'timed out twice around 02:15. Maria Gonzalez will take over the rollout checklist while I am travelling to Berlin. ' +
  'If anything urgent comes up, reach her at maria.gonzalez@example.org or on +44 20 7946 0958. Invoice 2023-1187 for ' +
  'the new licences (order 774411902) should be paid by card 4111 1111 1111 1111 before the end of the month. Please also ' +
  'double-check that the firewall rule for 10.20.30.40 is removed, and that nobody commits secrets to the repository ever ' +
  'again. The summary for the steering committee needs three bullet points, a short risk section and a timeline. Thanks!';

const BENIGN =
  'Could you help me plan a three-day walking trip through the hills in early autumn? I would like to start from a small ' +
  'town with a railway station, walk between eight and fifteen miles a day, and stay in simple guest houses or inns. ' +
  'The first day should be gentle because I have not walked long distances since the spring. I enjoy old churches, ' +
  'river valleys and places where I can buy lunch, so please suggest where to stop on the way. It would also help to ' +
  'know what to pack if the weather turns cold or wet, which maps or apps are worth having, and how early the sun sets ' +
  'at that time of year. My budget is modest, and I prefer quiet paths to busy roads. If the route can end somewhere ' +
  'with a direct train back to the city, that would be ideal. Finally, could you add a short list of things to check ' +
  'before leaving, such as opening hours and whether the footpaths are closed for repairs?';

function message(prose: string, length: number, variant: number): string {
  let text = '';
  while (text.length < length) text += `${prose} `;
  return `${variant} ${text}`.slice(0, length);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const loadStarted = performance.now();
const person = await new ModelLibrary(SHIPPED_MODELS_DIR).load(PERSON_RECOGNISER);
const loadMs = performance.now() - loadStarted;
const compiled = compilePii(Value.Default(PiiSettings, {}) as PiiSettings, person);
const weightBytes = readdirSync(PERSON_MODEL_DIR).reduce((sum, f) => sum + statSync(join(PERSON_MODEL_DIR, f)).size, 0);

interface Round {
  scans: number[];
  references: number[];
}

function timeRound(messages: readonly string[], runs: number): Round {
  const scans: number[] = [];
  const references: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    referenceWork();
    references.push(performance.now() - t);
    t = performance.now();
    compiled.engine.scan(messages[i % messages.length]!);
    scans.push(performance.now() - t);
  }
  scans.sort((a, b) => a - b);
  references.sort((a, b) => a - b);
  return { scans, references };
}

function report(label: string, prose: string): void {
  const messages = Array.from({ length: 64 }, (_, i) => message(prose, 1000, i));
  for (let i = 0; i < 2000; i++) compiled.engine.scan(messages[i % messages.length]!);
  const rounds = Array.from({ length: 5 }, () => timeRound(messages, 4000));
  const best = rounds.reduce((a, b) => (percentile(b.references, 50) < percentile(a.references, 50) ? b : a));
  const { scans: times, references } = best;
  const found = compiled.engine.scan(messages[0]!).map((e) => e.type);
  console.log(
    `PII full scan, 1,000 chars ${label} (least-loaded of ${rounds.length} rounds, ${times.length} runs): p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms; ` +
      `reference p50 ${percentile(references, 50).toFixed(3)} ms, p99 ${percentile(references, 99).toFixed(3)} ms; ` +
      `scan/reference ratio p50 ${(percentile(times, 50) / percentile(references, 50)).toFixed(2)}, p99 ${(percentile(times, 99) / percentile(references, 99)).toFixed(2)}; ` +
      `1-min load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
  console.log(`entities in the sample: ${found.join(', ') || 'none'}`);
}

report('with PII', PROSE);
report('of prose without PII', BENIGN);
console.log(`PERSON model: ${(weightBytes / 1024 / 1024).toFixed(2)} MiB on disk, loaded in ${loadMs.toFixed(0)} ms`);
