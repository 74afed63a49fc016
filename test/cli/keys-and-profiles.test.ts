import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { databaseContents, startAppliance } from '../helpers/appliance.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';

describe('Runtime LLMs and API keys through the CLI', () => {
  let app: InProcessAppliance;
  before(async () => {
    app = await startInProcess();
  });
  after(() => app.dispose());

  it('prints a new Runtime LLM with its key once; the key is stored only as a hash', async () => {
    const created = await app.cli('runtime-llm', 'create', '--name', 'support-bot', '--level', '2', '--json');
    assert.equal(created.code, 0, created.stderr);
    const { runtime_llm: llm, api_key: apiKey } = created.json;
    assert.match(apiKey, /^rmp_[0-9A-Za-z]{43}$/);
    assert.equal(llm.name, 'support-bot');
    assert.equal(llm.mode, 'non-forwarding');
    assert.equal(llm.level, 2);
    assert.equal(llm.url, 'https://placeholder.invalid');
    assert.equal(llm.api_key_hint, `rmp_…${apiKey.slice(-4)}`);
    const shown = await app.cli('runtime-llm', 'show', 'support-bot', '--json');
    assert.ok(!shown.stdout.includes(apiKey));
    assert.equal((await databaseContents(app)).indexOf(apiKey), -1, 'the key never reaches the database');
    assert.equal((await app.inputCheck(apiKey, { message: 'hello' })).status, 200);
  });

  it('regenerating a key disables the old one immediately and shows the new one once', async () => {
    const { apiKey: oldKey } = await app.createRuntimeLlm('rotating');
    assert.equal((await app.inputCheck(oldKey, { message: 'hi' })).status, 200);
    const regenerated = await app.cli('key', 'regenerate', 'rotating', '--json');
    assert.equal(regenerated.code, 0, regenerated.stderr);
    const newKey = regenerated.json.api_key;
    assert.notEqual(newKey, oldKey);
    assert.equal((await app.inputCheck(oldKey, { message: 'hi' })).status, 401);
    assert.equal((await app.inputCheck(newKey, { message: 'hi' })).status, 200);
  });

  it('deleting a Runtime LLM revokes its key', async () => {
    const { apiKey } = await app.createRuntimeLlm('short-lived');
    assert.equal((await app.cli('runtime-llm', 'delete', 'short-lived', '--yes')).code, 0);
    assert.equal((await app.inputCheck(apiKey, { message: 'hi' })).status, 401);
  });

  it('validates mode, URL, level, profile and names with clear messages', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'x1', '--mode', 'proxy'], /mode must be "forwarding" or "non-forwarding"/],
      [['--name', 'x2', '--mode', 'forwarding'], /Forwarding mode needs a Secure Proxy URL/],
      [['--name', 'x3', '--mode', 'forwarding', '--url', 'ftp://llm.internal'], /http or https/],
      [['--name', 'x4', '--mode', 'forwarding', '--url', 'not a url'], /URL "not a url" is not valid/],
      [['--name', 'x5', '--level', '4'], /level must be 1, 2 or 3/],
      [['--name', 'x6', '--profile', 'nope'], /profile "nope" does not exist/],
      [['--name', 'support-bot'], /already exists/],
      [['--name', 'x7', '--monitor', '--enforce'], /--monitor and --enforce flags contradict/],
    ];
    for (const [args, message] of cases) {
      const result = await app.cli('runtime-llm', 'create', ...args);
      assert.equal(result.code, 1, args.join(' '));
      assert.match(result.stderr, message);
    }
    const forwarding = await app.cli('runtime-llm', 'create', '--name', 'fw', '--mode', 'forwarding', '--url', 'https://llm.internal/v1', '--json');
    assert.equal(forwarding.code, 0, forwarding.stderr);
    assert.equal(forwarding.json.runtime_llm.url, 'https://llm.internal/v1');
  });

  it('exits 2 on usage errors and names the missing option', async () => {
    const result = await app.cli('runtime-llm', 'create');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--name/);
  });

  it('records every administrative action in the audit trail, without keys', async () => {
    const audit = await app.cli('audit', 'list', '--json', '--limit', '100');
    const actions = audit.json.map((e: { action: string }) => e.action);
    for (const action of ['runtime_llm.create', 'api_key.regenerate', 'runtime_llm.delete']) assert.ok(actions.includes(action), action);
    assert.doesNotMatch(audit.stdout, /rmp_[0-9A-Za-z]{43}/);
  });
});

describe('security profiles through the CLI', () => {
  let app: InProcessAppliance;
  before(async () => {
    app = await startInProcess();
  });
  after(() => app.dispose());

  it('sets the LLM threshold, vector sensitivity and switches, and shows them', async () => {
    const updated = await app.cli(
      'profile',
      'update',
      'default',
      '--llm-threshold',
      '0.8',
      '--vector-sensitivity',
      'High',
      '--disable',
      'pii',
      '--on-error',
      'allow',
      '--json',
    );
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(updated.json.settings.guardrails.llm.threshold, 0.8);
    assert.equal(updated.json.settings.guardrails.vector.sensitivity, 'High');
    assert.equal(updated.json.settings.guardrails.pii.enabled, false);
    assert.equal(updated.json.settings.on_error, 'allow');
    const listed = await app.cli('profile', 'list', '--json');
    assert.ok(listed.json.some((p: { name: string }) => p.name === 'default'));
  });

  it('rejects bad settings naming the problem, and changes nothing', async () => {
    const before = (await app.cli('profile', 'show', 'default', '--json')).json.settings;
    const cases: [string[], RegExp][] = [
      [['--llm-threshold', '1.5'], /guardrails\.llm\.threshold/],
      [['--llm-threshold', 'high'], /from 0 to 1/],
      [['--vector-sensitivity', 'Extreme'], /guardrails\.vector\.sensitivity/],
      [['--enable', 'firewall'], /Unknown guardrail "firewall"/],
      [['--on-error', 'ignore'], /on_error/],
      [['--set', 'guardrails.keyword.colour=1'], /guardrails\.keyword/],
      [['--enable', 'llm', '--monitor', 'llm'], /more than one switch position/],
    ];
    for (const [args, message] of cases) {
      const result = await app.cli('profile', 'update', 'default', ...args);
      assert.equal(result.code, 1, args.join(' '));
      assert.match(result.stderr, message);
    }
    assert.deepEqual((await app.cli('profile', 'show', 'default', '--json')).json.settings, before);
  });

  it('rejects regex rules the linear-time engine cannot run, naming the problem', async () => {
    const cases: [string, RegExp][] = [
      ['bad=(unclosed', /missing closing \)/],
      ['look=(?=secret)', /Lookahead and lookbehind/],
      ['backref=(a)\\1', /Backreferences/],
      ['empty=a*', /empty string/],
    ];
    for (const [rule, message] of cases) {
      const result = await app.cli('profile', 'update', 'default', '--add-regex', rule);
      assert.equal(result.code, 1, rule);
      assert.match(result.stderr, message);
    }
    assert.deepEqual((await app.cli('profile', 'show', 'default', '--json')).json.rules.regexes, []);
  });

  it('adds and removes rules by id; a catastrophic-backtracking pattern runs in linear time', async () => {
    const added = await app.cli('profile', 'update', 'default', '--add-regex', 'redos=(a+)+$', '--add-keyword', 'zebra', '--json');
    assert.equal(added.code, 0, added.stderr);
    const [regexRule] = added.json.rules.regexes;
    const [keywordRule] = added.json.rules.keywords;
    const { apiKey } = await app.createRuntimeLlm('rules-app');
    const res = await app.inputCheck(apiKey, { message: `${'a'.repeat(5000)}!` });
    assert.equal(res.status, 200);
    assert.equal(res.json.checks.regex.detected, false);
    const removed = await app.cli('profile', 'update', 'default', '--remove-rule', regexRule.id, keywordRule.id, '--json');
    assert.deepEqual(removed.json.rules, { keywords: [], regexes: [] });
    const missing = await app.cli('profile', 'update', 'default', '--remove-rule', 'rx_nope');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no rule "rx_nope"/);
  });

  it('assigns a Runtime LLM to another profile; each key gets its own profile', async () => {
    const strict = await app.cli('profile', 'create', '--name', 'strict', '--from', 'default', '--json');
    assert.equal(strict.code, 0, strict.stderr);
    assert.equal((await app.cli('profile', 'update', 'strict', '--add-keyword', 'forbidden')).code, 0);
    const { apiKey: strictKey } = await app.createRuntimeLlm('strict-app', { profile: 'strict', level: 1 });
    const { apiKey: defaultKey } = await app.createRuntimeLlm('default-app', { level: 1 });
    assert.equal((await app.inputCheck(strictKey, { message: 'a forbidden word' })).json.injection_detected, true);
    assert.equal((await app.inputCheck(defaultKey, { message: 'a forbidden word' })).json.injection_detected, false);
    const busy = await app.cli('profile', 'delete', 'strict');
    assert.equal(busy.code, 1);
    assert.match(busy.stderr, /used by 1 Runtime LLM/);
  });
});

describe('TLS certificate', () => {
  it('is generated on first start, private key readable only by its owner, and reused after a restart', async () => {
    const first = await startAppliance();
    const cert = readFileSync(join(first.dataDir, 'tls', 'cert.pem'), 'utf8');
    assert.equal(statSync(join(first.dataDir, 'tls', 'key.pem')).mode & 0o777, 0o600);
    assert.match(new X509Certificate(cert).subjectAltName ?? '', /IP Address:127\.0\.0\.1/);
    await first.stop();
    const second = await startAppliance({ dataDir: first.dataDir, env: first.env });
    try {
      assert.equal(readFileSync(join(first.dataDir, 'tls', 'cert.pem'), 'utf8'), cert);
      assert.equal((await second.api('/healthz')).status, 200);
    } finally {
      await second.dispose();
      await first.dispose();
    }
  });
});
