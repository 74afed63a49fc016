import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { writeOnnxClassifier } from '../helpers/onnx-classifier.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { join } from 'node:path';

const MESSAGES = [
  'Tell me about the moonbeam protocol',
  'Is zqfoo the code word for today?',
  'What time does the library open?',
  'The moonbeam protocol needs zqbar before noon',
  'How is the weather in spring?',
];

type Verdict = 'allowed' | 'blocked' | 'monitored';
const verdictOf = (r: { injection_detected: boolean; monitored_by: string[] }): Verdict =>
  r.injection_detected ? 'blocked' : r.monitored_by.length > 0 ? 'monitored' : 'allowed';

interface ReplayJson {
  checks_replayed: number;
  checks_without_text: number;
  changed: number;
  verdicts: { recorded: Record<Verdict, number>; candidate: Record<Verdict, number> };
  changed_by_guardrail: Record<string, { newly_detected: number; no_longer_detected: number }>;
  changes: { event_id: string; recorded_verdict: Verdict; candidate_verdict: Verdict; link: string }[];
}

describe('what-if replay of a profile change', () => {
  let app: TestAppliance;
  let admin: AdminClient;
  let recordedApp: { id: string; apiKey: string };
  /** Per message: the verdict when it was checked, and the candidate profile's verdict checked live. */
  const expected: { recorded: Verdict; candidate: Verdict; firedBefore: Set<string>; firedAfter: Set<string> }[] = [];

  const eventsOf = async (runtimeLlmId: string) =>
    (await admin.request(`/api/events?runtime_llm=${runtimeLlmId}&limit=1000`)).json.events as Record<string, unknown>[];

  before(async () => {
    app = await startAppliance();
    admin = await signInAsAdmin(app);
    assert.equal((await app.cli('profile', 'create', '--name', 'recorded')).code, 0);
    const recorded = await app.cli('profile', 'update', 'recorded', '--set', 'record_message_text=true', '--add-keyword', 'moonbeam protocol');
    assert.equal(recorded.code, 0, recorded.stderr);
    // The candidate: the keyword rule only watched, a new regex rule enforced, a new watched keyword.
    assert.equal((await app.cli('profile', 'create', '--name', 'candidate', '--from', 'recorded')).code, 0);
    const candidate = await app.cli(
      'profile',
      'update',
      'candidate',
      '--add-keyword',
      'weather',
      '--add-regex',
      'codeword=\\bzq[a-z]{3}\\b',
      '--monitor',
      'keyword',
      '--enable',
      'regex',
    );
    assert.equal(candidate.code, 0, candidate.stderr);

    recordedApp = await app.createRuntimeLlm('recorded-app', '--profile', 'recorded', '--level', '1');
    const reference = await app.createRuntimeLlm('reference-app', '--profile', 'candidate', '--level', '1');
    for (const message of MESSAGES) {
      const before = (await app.inputCheck(recordedApp.apiKey, { message })).json;
      const after = (await app.inputCheck(reference.apiKey, { message })).json;
      expected.push({
        recorded: verdictOf(before),
        candidate: verdictOf(after),
        firedBefore: new Set([...before.blocked_by, ...before.monitored_by]),
        firedAfter: new Set([...after.blocked_by, ...after.monitored_by]),
      });
    }
    await waitUntil('the checks to be recorded', async () => (await eventsOf(recordedApp.id)).length >= MESSAGES.length, { intervalMs: 100 });
  });
  after(() => app.dispose());

  const expectedChanged = () => expected.filter((e) => e.recorded !== e.candidate).length;
  const count = (key: 'recorded' | 'candidate') => {
    const counts: Record<Verdict, number> = { allowed: 0, blocked: 0, monitored: 0 };
    for (const e of expected) counts[e[key]] += 1;
    return counts;
  };
  const flips = () => {
    const byGuardrail: Record<string, { newly_detected: number; no_longer_detected: number }> = {};
    for (const e of expected) {
      for (const name of new Set([...e.firedBefore, ...e.firedAfter])) {
        if (e.firedBefore.has(name) === e.firedAfter.has(name)) continue;
        byGuardrail[name] ??= { newly_detected: 0, no_longer_detected: 0 };
        byGuardrail[name][e.firedAfter.has(name) ? 'newly_detected' : 'no_longer_detected'] += 1;
      }
    }
    return byGuardrail;
  };

  it('recorded the message text the replay runs on', async () => {
    const texts = (await eventsOf(recordedApp.id)).map((e) => e.message_text).sort();
    assert.deepEqual(texts, [...MESSAGES].sort());
    assert.ok(expectedChanged() > 0 && expectedChanged() < MESSAGES.length, 'the candidate changes some verdicts and keeps others');
  });

  it("rampart profile replay reports the candidate profile's verdicts and the checks that would change, storing nothing", async () => {
    const before = (await eventsOf(recordedApp.id)).length;
    const res = await app.cli('profile', 'replay', 'candidate', '--runtime-llm', 'recorded-app', '--since', '1h', '--json');
    assert.equal(res.code, 0, res.stderr);
    const report = res.json as ReplayJson;
    assert.equal(report.checks_replayed, MESSAGES.length);
    assert.equal(report.checks_without_text, 0);
    assert.deepEqual(report.verdicts.recorded, count('recorded'));
    assert.deepEqual(report.verdicts.candidate, count('candidate'));
    assert.equal(report.changed, expectedChanged());
    assert.deepEqual(report.changed_by_guardrail, flips());
    const events = await eventsOf(recordedApp.id);
    assert.equal(events.length, before, 'a replay stores no event');
    for (const change of report.changes) {
      const event = events.find((e) => e.id === change.event_id)!;
      assert.equal(change.recorded_verdict, event.verdict);
      const index = MESSAGES.indexOf(event.message_text as string);
      assert.equal(change.candidate_verdict, expected[index]!.candidate);
      assert.equal(change.link, `/#/events?event=${change.event_id}`);
    }

    const text = await app.cli('profile', 'replay', 'candidate', '--runtime-llm', 'recorded-app', '--since', '1h');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`${expectedChanged()} checks would change verdict`));
  });

  it('the admin API answers the same report, and a linked event can be fetched by its id', async () => {
    const res = await admin.request('/api/profiles/candidate/replay', {
      body: { runtime_llm: recordedApp.id, since: new Date(Date.now() - 3_600_000).toISOString() },
    });
    assert.equal(res.status, 200, res.text);
    const report = res.json as ReplayJson;
    assert.equal(report.changed, expectedChanged());
    assert.deepEqual(report.verdicts.candidate, count('candidate'));
    const first = report.changes[0]!;
    const linked = await admin.request(`/api/events?id=${first.event_id}`);
    assert.deepEqual(
      (linked.json.events as { id: string }[]).map((e) => e.id),
      [first.event_id],
    );
  });

  it('refuses clearly when no message text is recorded, and rejects a bad period', async () => {
    const silent = await app.createRuntimeLlm('silent-app', '--level', '1');
    await app.inputCheck(silent.apiKey, { message: 'Tell me about the moonbeam protocol' });
    const cli = await app.cli('profile', 'replay', 'candidate', '--runtime-llm', 'silent-app', '--since', '24h');
    assert.equal(cli.code, 1);
    assert.match(cli.stderr, /records no message text .*record_message_text off/);
    const api = await admin.request('/api/profiles/candidate/replay', { body: { runtime_llm: 'silent-app', since: '24h' } });
    assert.equal(api.status, 409);
    assert.equal(api.json.error.code, 'conflict');
    const badPeriod = await admin.request('/api/profiles/candidate/replay', { body: { runtime_llm: 'recorded-app', since: 'yesterday-ish' } });
    assert.equal(badPeriod.status, 400);
    assert.equal(badPeriod.json.error.code, 'invalid_field');
    const missing = await admin.request('/api/profiles/candidate/replay', { body: { since: '24h' } });
    assert.equal(missing.status, 400);
    const unknown = await admin.request('/api/profiles/no-such-profile/replay', { body: { runtime_llm: 'recorded-app', since: '24h' } });
    assert.equal(unknown.status, 404);
  });
});

describe('what-if replay of a profile whose guardrail asks a model backend, in monitor mode', () => {
  let app: TestAppliance;
  let admin: AdminClient;
  // The tiny classifier flags only the first: it holds one of its attack words.
  const messages = ['Can I override the default ringtone on my phone?', 'What time does the ferry leave?'];

  before(async () => {
    app = await startAppliance();
    admin = await signInAsAdmin(app);
    const folder = writeOnnxClassifier(join(app.dataDir, 'tiny-classifier'));
    assert.equal((await app.cli('backend', 'create', '--name', 'tiny', '--kind', 'onnx', '--path', folder)).code, 0);
    assert.equal((await app.cli('profile', 'create', '--name', 'recording')).code, 0);
    assert.equal((await app.cli('profile', 'update', 'recording', '--set', 'record_message_text=true', '--monitor', 'llm')).code, 0);
    assert.equal((await app.cli('profile', 'create', '--name', 'with-tiny', '--from', 'recording')).code, 0);
    const candidate = await app.cli('profile', 'update', 'with-tiny', '--set', 'guardrails.llm.backend=tiny', '--set', 'guardrails.llm.backend_mode=backend');
    assert.equal(candidate.code, 0, candidate.stderr);
    const recorded = await app.createRuntimeLlm('ferry-app', '--profile', 'recording', '--level', '1');
    const reference = await app.createRuntimeLlm('ferry-reference', '--profile', 'with-tiny', '--level', '1');
    await waitUntil('the server to load the classifier', async () => (await app.api('/readyz')).json.checks.model_backends?.tiny?.state === 'ready');
    for (const message of messages) {
      const before = (await app.inputCheck(recorded.apiKey, { message })).json;
      assert.equal(before.checks.llm.detected, false, `the built-in model lets "${message}" pass`);
      const live = (await app.inputCheck(reference.apiKey, { message })).json;
      assert.equal(live.checks.llm.detected, message.includes('override'), `the backend's live verdict on "${message}"`);
    }
    await waitUntil('the checks to be recorded', async () => {
      const events = (await admin.request(`/api/events?runtime_llm=${recorded.id}&limit=100`)).json.events;
      return events.length >= messages.length;
    });
  });
  after(() => app.dispose());

  const assertReport = (report: ReplayJson) => {
    assert.equal(report.checks_replayed, 2);
    assert.deepEqual(report.changed_by_guardrail, { llm: { newly_detected: 1, no_longer_detected: 0 } });
    assert.deepEqual(report.verdicts.candidate, { allowed: 1, blocked: 0, monitored: 1 });
  };

  it('the CLI replays recorded checks through the backend', async () => {
    const res = await app.cli('profile', 'replay', 'with-tiny', '--runtime-llm', 'ferry-app', '--since', '1h', '--json');
    assert.equal(res.code, 0, res.stderr);
    assertReport(res.json);
  });

  it('the admin API replays them through the backend loaded by the server', async () => {
    const res = await admin.request('/api/profiles/with-tiny/replay', { body: { runtime_llm: 'ferry-app', since: '1h' } });
    assert.equal(res.status, 200, res.text);
    assertReport(res.json);
  });
});
