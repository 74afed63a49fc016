import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';
import { writeOnnxClassifier } from '../helpers/onnx-classifier.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
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
  let app: InProcessAppliance;
  let admin: AdminClient;
  let recordedApp: { id: string; apiKey: string };
  /** Per message: the verdict when it was checked, and the candidate profile's verdict checked live. */
  const expected: { recorded: Verdict; candidate: Verdict; firedBefore: Set<string>; firedAfter: Set<string> }[] = [];

  const eventsOf = async (runtimeLlmId: string) =>
    (await admin.request(`/api/events?runtime_llm=${runtimeLlmId}&limit=1000`)).json.events as Record<string, unknown>[];

  before(async () => {
    app = await startInProcess();
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

    recordedApp = await app.createRuntimeLlm('recorded-app', { profile: 'recorded', level: 1 });
    const reference = await app.createRuntimeLlm('reference-app', { profile: 'candidate', level: 1 });
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
    const silent = await app.createRuntimeLlm('silent-app', { level: 1 });
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
  let app: InProcessAppliance;
  let admin: AdminClient;
  // The tiny classifier flags only the first: it holds one of its attack words.
  const messages = ['Can I override the default ringtone on my phone?', 'What time does the ferry leave?'];

  before(async () => {
    app = await startInProcess();
    // Listening, it follows the CLI's changes between requests (it polls the configuration revision), as a server does.
    await app.listen();
    admin = await signInAsAdmin(app);
    const folder = writeOnnxClassifier(join(app.dataDir, 'tiny-classifier'));
    assert.equal((await app.cli('backend', 'create', '--name', 'tiny', '--kind', 'onnx', '--path', folder)).code, 0);
    assert.equal((await app.cli('profile', 'create', '--name', 'recording')).code, 0);
    assert.equal((await app.cli('profile', 'update', 'recording', '--set', 'record_message_text=true', '--monitor', 'llm')).code, 0);
    assert.equal((await app.cli('profile', 'create', '--name', 'with-tiny', '--from', 'recording')).code, 0);
    const candidate = await app.cli('profile', 'update', 'with-tiny', '--set', 'guardrails.llm.backend=tiny', '--set', 'guardrails.llm.backend_mode=backend');
    assert.equal(candidate.code, 0, candidate.stderr);
    const recorded = await app.createRuntimeLlm('ferry-app', { profile: 'recording', level: 1 });
    const reference = await app.createRuntimeLlm('ferry-reference', { profile: 'with-tiny', level: 1 });
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

describe('what-if replay over recorded text with PII masked', () => {
  const CARD = 'Please charge my order to 4111 1111 1111 1111 tonight.';
  const KEY = 'Why does sk-proj-Qw3rT9yU1iO5pA7sD2fG4hJ6kL8zX0cV fail with a 401?';
  const PLAIN = 'How long does the ferry to the island take?';
  let app: InProcessAppliance;
  let admin: AdminClient;
  let recordedApp: { id: string; apiKey: string };
  const replay = async (profile: string, ...extra: string[]) => {
    const res = await app.cli('profile', 'replay', profile, '--runtime-llm', 'pii-app', '--since', '1h', ...extra);
    assert.equal(res.code, 0, res.stderr);
    return res;
  };

  before(async () => {
    app = await startInProcess();
    admin = await signInAsAdmin(app);
    assert.equal((await app.cli('profile', 'create', '--name', 'pii-recorded')).code, 0);
    // The regex rule matches only inside a card none of the first checks carries (see the not-replayable test).
    assert.equal((await app.cli('profile', 'update', 'pii-recorded', '--set', 'record_message_text=true', '--add-regex', 'mastercard=5555 5555')).code, 0);
    recordedApp = await app.createRuntimeLlm('pii-app', { profile: 'pii-recorded', level: 3 });
    for (const secret of ['4111 1111 1111 1111', 'sk-proj-Qw3rT9yU1iO5pA7sD2fG4hJ6kL8zX0cV']) app.rememberSecret(secret);
    for (const message of [CARD, KEY, PLAIN]) await app.inputCheck(recordedApp.apiKey, { message });
    await waitUntil('the checks to be recorded', async () => (await admin.request(`/api/events?runtime_llm=${recordedApp.id}`)).json.events.length >= 3, {
      intervalMs: 100,
    });
    // Candidates: the card only masked; PII switched off.
    for (const [name, change] of [
      ['card-masked', ['--pii-action', 'CREDIT_CARD=mask']],
      ['pii-off', ['--disable', 'pii']],
    ] as const) {
      assert.equal((await app.cli('profile', 'create', '--name', name, '--from', 'pii-recorded')).code, 0);
      assert.equal((await app.cli('profile', 'update', name, ...change)).code, 0);
    }
  });
  after(() => app.dispose());

  it('recorded the texts masked, both PII checks blocked', async () => {
    const events = (await admin.request(`/api/events?runtime_llm=${recordedApp.id}`)).json.events as { message_text: string; blocked_by: string[] }[];
    assert.deepEqual(events.map((e) => e.message_text).sort(), [
      'How long does the ferry to the island take?',
      'Please charge my order to <CREDIT_CARD> tonight.',
      'Why does <SECRET> fail with a 401?',
    ]);
    assert.equal(events.filter((e) => e.blocked_by.includes('pii')).length, 2);
  });

  it('the unchanged profile changes no verdict: the recorded PII entities are carried over, and the report says so', async () => {
    const report = (await replay('pii-recorded', '--json')).json as ReplayJson & {
      checks_compared: number;
      carried_over: { checks: number; entity_types: Record<string, number> };
      not_replayable: { checks: number };
      notes: string[];
    };
    assert.equal(report.checks_replayed, 3);
    assert.equal(report.checks_compared, 3);
    assert.equal(report.changed, 0);
    assert.deepEqual(report.changed_by_guardrail, {});
    assert.deepEqual(report.verdicts.candidate, { blocked: 2, monitored: 0, allowed: 1 });
    assert.deepEqual(report.carried_over, { checks: 2, entity_types: { CREDIT_CARD: 1, SECRET: 1 } });
    assert.equal(report.not_replayable.checks, 0);
    assert.match(report.notes.join('\n'), /Carried over: the PII verdict of 2 checks was judged from the entities recorded/);

    const text = (await replay('pii-recorded')).stdout;
    assert.match(text, /^0 checks would change verdict$/m);
    assert.match(text, /Carried over: .*CREDIT_CARD 1, SECRET 1/);

    const api = await admin.request('/api/profiles/pii-recorded/replay', { body: { runtime_llm: 'pii-app', since: '1h' } });
    assert.equal(api.status, 200, api.text);
    assert.equal(api.json.changed, 0);
    assert.deepEqual(api.json.carried_over, report.carried_over);
  });

  it("a candidate's PII actions apply to the recorded entity types", async () => {
    const masked = (await replay('card-masked', '--json')).json as ReplayJson;
    assert.equal(masked.changed, 1);
    assert.deepEqual(masked.changed_by_guardrail, { pii: { newly_detected: 0, no_longer_detected: 1 } });
    assert.deepEqual(masked.verdicts.candidate, { blocked: 1, monitored: 0, allowed: 2 });
    const off = await admin.request('/api/profiles/pii-off/replay', { body: { runtime_llm: recordedApp.id, since: '1h' } });
    assert.equal(off.json.changed, 2);
    assert.deepEqual(off.json.changed_by_guardrail, { pii: { newly_detected: 0, no_longer_detected: 2 } });
    assert.deepEqual(off.json.carried_over, { checks: 0, entity_types: {} });
  });

  it('checks the recording cannot judge are reported as not replayable and left out of the counts', async () => {
    // A regex rule that matched inside the masked card, and a text cut at the recording limit.
    const matched = await app.inputCheck(recordedApp.apiKey, { message: 'Is 5555 5555 5555 4444 a test card?' });
    assert.deepEqual(matched.json.blocked_by, ['pii', 'regex']);
    await app.inputCheck(recordedApp.apiKey, { message: `${'The ferry timetable changes in spring. '.repeat(120)}Which boats run?` });
    await waitUntil('the checks to be recorded', async () => (await admin.request(`/api/events?runtime_llm=${recordedApp.id}`)).json.events.length >= 5, {
      intervalMs: 100,
    });
    const report = (await replay('pii-recorded', '--json')).json as ReplayJson & {
      checks_compared: number;
      not_replayable: { checks: number; by_reason: Record<string, number>; events: { reasons: string[]; guardrails: string[] }[] };
      notes: string[];
    };
    assert.equal(report.checks_replayed, 5);
    assert.equal(report.checks_compared, 3);
    assert.equal(report.changed, 0);
    assert.equal(report.not_replayable.checks, 2);
    assert.deepEqual(report.not_replayable.by_reason, { text_cut: 1, system_prompt_not_recorded: 0, evidence_masked: 1, masking_not_recorded: 0 });
    assert.deepEqual(report.not_replayable.events.map((e) => [e.reasons, e.guardrails]).sort(), [
      [['evidence_masked'], ['regex']],
      [['text_cut'], []],
    ]);
    assert.match(
      report.notes.join('\n'),
      /Not replayable: 2 checks left out of the counts \(1 with text cut at the recording limit; 1 with a verdict that depends on masked text\)/,
    );
    const text = (await replay('pii-recorded')).stdout;
    assert.match(text, /0 checks would change verdict \(of 3 replayable\)/);
    assert.match(text, /NOT REPLAYABLE|not replayable:/);
  });
  it('an answer compared with a forwarded system prompt is not replayable while the candidate runs system prompt protection', async () => {
    const upstream = new FakeLlm();
    await upstream.start();
    try {
      const proxy = await app.createRuntimeLlm('pii-proxy', { mode: 'forwarding', url: upstream.url, profile: 'pii-recorded', level: 3 });
      upstream.behaviour = { answer: () => 'The ferry takes about forty minutes.' };
      const res = await app.api('/v1/chat/completions', {
        method: 'POST',
        headers: { 'x-api-key': proxy.apiKey },
        body: {
          model: 'm',
          messages: [
            { role: 'system', content: 'You are the harbour office assistant. Answer questions about ferries only.' },
            { role: 'user', content: PLAIN },
          ],
        },
      });
      assert.equal(res.status, 200, res.text);
      await waitUntil('both checks to be recorded', async () => (await admin.request(`/api/events?runtime_llm=${proxy.id}`)).json.events.length >= 2, {
        intervalMs: 100,
      });
      const report = (await app.cli('profile', 'replay', 'pii-recorded', '--runtime-llm', 'pii-proxy', '--since', '1h', '--json')).json as ReplayJson & {
        checks_compared: number;
        not_replayable: { checks: number; events: { direction: string; reasons: string[]; guardrails: string[] }[] };
      };
      assert.equal(report.checks_replayed, 2);
      assert.equal(report.checks_compared, 1, 'the prompt replays');
      assert.deepEqual(
        report.not_replayable.events.map((e) => [e.direction, e.reasons, e.guardrails]),
        [['output', ['system_prompt_not_recorded'], ['system_prompt']]],
      );
      // A candidate without system prompt protection can judge the answer.
      assert.equal((await app.cli('profile', 'create', '--name', 'no-leak-check', '--from', 'pii-recorded')).code, 0);
      assert.equal((await app.cli('profile', 'update', 'no-leak-check', '--disable', 'system_prompt')).code, 0);
      const without = (await app.cli('profile', 'replay', 'no-leak-check', '--runtime-llm', 'pii-proxy', '--since', '1h', '--json')).json as ReplayJson & {
        checks_compared: number;
      };
      assert.equal(without.checks_compared, 2);
      assert.equal(without.changed, 0);
    } finally {
      await upstream.stop();
    }
  });
});
