/**
 * What the model backend code costs a check that asks no backend. The pipeline runs the default
 * profile (every guardrail at level 3) on the same messages, interleaved round by round, in three ways:
 *
 * - `no caller`: runChecks without a backend caller — the path as it was before backends existed;
 * - `caller, no backend`: with the appliance's backend caller but no guardrail set to ask one — what
 *   every check sees when no backend is configured;
 * - `cascade, out of band`: llm, content_moderation and system_prompt in cascade mode with the default
 *   band 0.2–0.8, on messages whose built-in scores are outside it, so the backend is never asked
 *   (the count is printed and must be 0).
 *
 * Prints p50 / p99 in microseconds and each mode's p50 relative to `no caller`.
 *
 *   node bench/backends.bench.ts [--rounds 3000] [--json OUT]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BackendCaller } from '../src/engine/ports.ts';
import { loadGuardrails } from '../src/guardrails/load.ts';
import { compileProfile, runChecks, type CheckRequest } from '../src/engine/pipeline.ts';
import { parseProfileSettings } from '../src/engine/profile-settings.ts';
import { GUARDRAILS, PROFILE_SETTINGS_SCHEMA } from '../src/guardrails/registry.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../src/models/model-library.ts';
import { quantile } from './lib/measure.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3000' }, json: { type: 'string' } } });
const ROUNDS = Number(values.rounds);

const runtimeLlm = { id: 'bench', name: 'bench', mode: 'non-forwarding' as const, systemPrompt: null };
const MESSAGES: Omit<CheckRequest, 'runtimeLlm'>[] = [
  { direction: 'input', message: 'What is the capital of Portugal?' },
  {
    direction: 'input',
    message: 'Could you suggest a three-day itinerary for Lisbon in spring, with museums, food markets and a day trip by train? '.repeat(9).slice(0, 1000),
  },
  { direction: 'output', message: 'Day one: Alfama and the castle; day two: Belém; day three: Sintra by train.', prompt: 'Plan a trip to Lisbon.' },
];

let asked = 0;
const caller: BackendCaller = {
  async ask(name) {
    asked++;
    return { name, score: 0, latencyMs: 0 };
  },
};

// The vector filter keeps its index in the database; the guardrails compared here need none.
const registry = await loadGuardrails(
  GUARDRAILS.filter((g) => g.name !== 'vector'),
  { models: new ModelLibrary(SHIPPED_MODELS_DIR) },
);
const rules = { keywords: [], regexes: [] };
const plain = compileProfile(registry, { id: 'plain', settings: parseProfileSettings(PROFILE_SETTINGS_SCHEMA, {}), rules }, 3);
const cascade = { backend_mode: 'cascade', backend: 'bench' };
const cascading = compileProfile(
  registry,
  {
    id: 'cascade',
    settings: parseProfileSettings(PROFILE_SETTINGS_SCHEMA, { guardrails: { llm: cascade, content_moderation: cascade, system_prompt: cascade } }),
    rules,
  },
  3,
);

const modes = {
  'no caller': (request: CheckRequest) => runChecks(plain, request, () => {}),
  'caller, no backend': (request: CheckRequest) => runChecks(plain, request, () => {}, caller),
  'cascade, out of band': (request: CheckRequest) => runChecks(cascading, request, () => {}, caller),
};
type Mode = keyof typeof modes;
const times = Object.fromEntries(Object.keys(modes).map((m) => [m, [] as number[]])) as Record<Mode, number[]>;

// Warm-up, then interleaved rounds so that machine load hits every mode alike; the order of the
// modes rotates, so none always runs first on a message (a cold cache) or last.
for (let i = 0; i < 300; i++) for (const run of Object.values(modes)) for (const m of MESSAGES) await run({ ...m, runtimeLlm });
asked = 0;
const entries = Object.entries(modes) as [Mode, (r: CheckRequest) => Promise<unknown>][];
for (let round = 0; round < ROUNDS; round++) {
  const message = MESSAGES[round % MESSAGES.length]!;
  const shift = Math.floor(round / MESSAGES.length) % entries.length;
  for (const [mode, run] of [...entries.slice(shift), ...entries.slice(0, shift)]) {
    const started = performance.now();
    await run({ ...message, runtimeLlm });
    times[mode].push((performance.now() - started) * 1000);
  }
}

const baseline = quantile(
  [...times['no caller']].sort((a, b) => a - b),
  0.5,
);
const rows = (Object.keys(modes) as Mode[]).map((mode) => {
  const sorted = [...times[mode]].sort((a, b) => a - b);
  const p50 = quantile(sorted, 0.5);
  return { mode, p50_us: Math.round(p50), p99_us: Math.round(quantile(sorted, 0.99)), vs_no_caller: Math.round((p50 / baseline) * 1000) / 1000 };
});
console.log('| Mode | p50 (µs) | p99 (µs) | p50 / no caller |\n|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.mode} | ${r.p50_us} | ${r.p99_us} | ${r.vs_no_caller} |`);
console.log(`\nBackend calls during the cascade rounds: ${asked} (the built-in scores stayed outside the band).`);
if (values.json) writeFileSync(values.json, JSON.stringify({ rounds: ROUNDS, rows, backend_calls: asked }, null, 2));
