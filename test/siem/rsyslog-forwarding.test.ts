import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { parseCef, parseRfc5424, startRsyslog, type SyslogReceiver } from '../helpers/rsyslog.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('SIEM forwarding to a real rsyslog over UDP', () => {
  let app: TestAppliance;
  let syslog: SyslogReceiver;
  let admin: AdminClient;
  let apiKey: string;
  before(async () => {
    [app, syslog] = await Promise.all([startAppliance(), startRsyslog()]);
    admin = await signInAsAdmin(app);
    apiKey = (await app.createRuntimeLlm('siem-bot')).apiKey;
    assert.equal((await app.cli('profile', 'update', 'default', '--add-keyword', 'falcon')).code, 0);
  });
  after(async () => {
    await Promise.all([app.dispose(), syslog.stop()]);
  });

  const rampartLines = () =>
    syslog
      .lines()
      .map(parseRfc5424)
      .filter((m) => m?.app === 'rampart');

  it('is configured with `rampart siem set` and forwards checks as RFC 5424 syslog with a CEF payload', async () => {
    const set = await app.cli('siem', 'set', '--collector', '127.0.0.1', '--port', String(syslog.port), '--format', 'cef', '--enable', '--json');
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(set.json, { enabled: true, collector: '127.0.0.1', port: syslog.port, format: 'cef' });
    // The server picks the change up from the database; the settings change itself is an audit event that arrives.
    await syslog.waitFor((l) => l.some((x) => x.includes('audit.siem.update')), 'the siem.update audit event');

    const blockedMessage = 'the falcon flies at midnight';
    const blocked = await app.inputCheck(apiKey, { message: blockedMessage });
    await app.inputCheck(apiKey, { message: 'a harmless question' });
    await syslog.waitFor((l) => l.filter((x) => x.includes('|check.input.')).length >= 2, 'two check events');

    const checks = rampartLines().filter((m) => m!.msgid === 'check');
    for (const m of checks) {
      assert.equal(m!.facility, 16);
      assert.ok(m!.bom, 'a UTF-8 MSG starts with the byte order mark (RFC 5424 §6.4)');
      assert.ok(!Number.isNaN(Date.parse(m!.timestamp)));
      assert.ok(/^\d+$/.test(m!.procid));
    }
    const cef = checks.map((m) => parseCef(m!.msg));
    const block = cef.find((c) => c.signatureId === 'check.input.blocked')!;
    assert.equal(block.version, 'CEF:0');
    assert.deepEqual([block.vendor, block.product, block.name, block.severity], ['Rampart', 'Rampart', 'Input check blocked', 7]);
    assert.equal(block.extensions.act, 'blocked');
    assert.equal(block.extensions.cs3Label, 'blockedBy');
    assert.equal(block.extensions.cs3, 'keyword');
    assert.equal(block.extensions.cs6, blocked.json.request_id);
    assert.equal(block.extensions.cs5, sha256(blockedMessage));
    assert.equal(block.extensions.cn2, String(blockedMessage.length));
    // The CEF dictionary types cnN as integers and cfpN as floats: the fractional time is a float.
    assert.equal(block.extensions.cfp1Label, 'executionTimeMs');
    assert.ok(Number.isFinite(Number(block.extensions.cfp1)) && Number(block.extensions.cfp1) > 0, block.extensions.cfp1);
    for (const c of cef)
      for (const [name, value] of Object.entries(c.extensions)) if (/^cn\d$/.test(name)) assert.match(value, /^-?\d+$/, `${name}=${value} is an integer`);
    assert.match(block.extensions.cs4!, /keyword:1/);
    const severities = checks.map((m) => m!.severity);
    assert.ok(severities.includes(4) && severities.includes(6), 'blocked checks are warnings, allowed ones informational');
    const allowed = cef.find((c) => c.signatureId === 'check.input.allowed')!;
    assert.equal(allowed.severity, 1);
    assert.ok(!syslog.lines().join('\n').includes('midnight'), 'message text is never forwarded by default');
  });

  it('forwards administrative actions, including those made through the dashboard API', async () => {
    const created = await admin.request('/api/runtime-llms', { body: { name: 'from-dashboard' } });
    assert.equal(created.status, 201);
    // Its own audit event: the one of the Runtime LLM the setup created may be forwarded too (audit events are read with a look-back).
    const ours = (x: string) => x.includes('audit.runtime_llm.create') && x.includes(created.json.runtime_llm.id);
    const lines = await syslog.waitFor((l) => l.some(ours), 'the runtime_llm.create audit event');
    const event = parseCef(parseRfc5424(lines.find(ours)!)!.msg);
    assert.equal(event.extensions.suser, 'admin:admin');
    assert.equal(event.extensions.cs2, created.json.runtime_llm.id);
    assert.ok(!lines.join('\n').includes(created.json.api_key), 'keys are never forwarded');
  });

  it('`rampart siem test` and the dashboard button send a test event that arrives', async () => {
    const sent = await app.cli('siem', 'test', '--json');
    assert.equal(sent.code, 0, sent.stderr);
    const viaApi = await admin.request('/api/settings/siem/test', { method: 'POST' });
    assert.equal(viaApi.status, 200);
    await syslog.waitFor((l) => l.some((x) => x.includes(sent.json.event_id)) && l.some((x) => x.includes(viaApi.json.event_id)), 'both test events');
  });

  it('keeps every datagram under the safe size, shortening long audit details', async () => {
    const long = `x{1,3}${'(?:abc|def)'.repeat(150)}`;
    assert.equal((await app.cli('profile', 'update', 'default', '--add-regex', `long=${long}`)).code, 0);
    const lines = await syslog.waitFor((l) => l.some((x) => x.includes('audit.rule.regex.add')), 'the rule.regex.add audit event');
    for (const line of lines) assert.ok(Buffer.byteLength(line) <= 1400, `${Buffer.byteLength(line)} bytes`);
    const event = parseCef(parseRfc5424(lines.find((x) => x.includes('audit.rule.regex.add'))!)!.msg);
    assert.ok(event.extensions.msg!.endsWith('…'));
  });

  it('switches to the JSON payload: the documented event JSON in each datagram', async () => {
    assert.equal((await app.cli('siem', 'set', '--format', 'json')).code, 0);
    await syslog.waitFor((l) => l.some((x) => x.includes('"action":"siem.update"')), 'a JSON audit event');
    await app.inputCheck(apiKey, { message: 'json please' });
    const lines = await syslog.waitFor((l) => l.some((x) => x.includes('"kind":"check"')), 'a JSON check event');
    const event = JSON.parse(parseRfc5424(lines.find((x) => x.includes('"kind":"check"'))!)!.msg);
    assert.deepEqual(
      Object.keys(event).sort(),
      [
        'blocked_by',
        'direction',
        'execution_time_ms',
        'id',
        'kind',
        'message_length',
        'message_sha256',
        'monitored_by',
        'profile_id',
        'request_id',
        'results',
        'runtime_llm_id',
        'time',
        'verdict',
      ].sort(),
    );
    assert.equal(event.message_sha256, sha256('json please'));
  });

  it('forwards message text only for a profile that opts in, with PII and secrets masked', async () => {
    assert.equal((await app.cli('profile', 'update', 'default', '--set', 'record_message_text=true')).code, 0);
    let lines: string[] = [];
    // The server applies the change before its next check; send until a check carries the text.
    for (let i = 0; i < 50 && !lines.some((x) => x.includes('"message_text"')); i++) {
      await app.inputCheck(apiKey, { message: 'mail carol@example.com about the plan' });
      lines = await syslog.waitFor((l) => l.filter((x) => x.includes('"kind":"check"')).length > i + 1, 'the next check event');
    }
    const event = JSON.parse(parseRfc5424(lines.find((x) => x.includes('"message_text"'))!)!.msg);
    assert.equal(event.message_text, 'mail <EMAIL_ADDRESS> about the plan');
    assert.ok(!syslog.lines().join('\n').includes('carol@example.com'), 'PII never leaves the appliance');

    const secrets = {
      [`my Rampart key is ${apiKey}, keep it`]: apiKey,
      'curl -H "Authorization: Bearer q8Zr2LmX4vT9wK1pN7sB3dF6" https://api.example': 'q8Zr2LmX4vT9wK1pN7sB3dF6',
      'BEARER q8Zr2LmX4vT9wK1pN7sB3dF6 is what I send': 'q8Zr2LmX4vT9wK1pN7sB3dF6',
      'here: -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkgq8Zr2LmX4vT9wK1pN7sB3dF6\n-----END EC PRIVATE KEY----- done': 'MHcCAQEEIBkgq8Zr2LmX4vT9wK1pN7sB3dF6',
    };
    for (const [message, secret] of Object.entries(secrets)) {
      const res = await app.inputCheck(apiKey, { message });
      const received = await syslog.waitFor((l) => l.some((x) => x.includes(res.json.request_id)), 'the check event with a secret');
      const forwarded = JSON.parse(parseRfc5424(received.find((x) => x.includes(res.json.request_id))!)!.msg);
      assert.match(forwarded.message_text, /<SECRET>/, forwarded.message_text);
      assert.ok(!syslog.lines().join('\n').includes(secret), `the secret in "${message.slice(0, 20)}…" was forwarded`);
      const stored = await admin.request('/api/events?limit=100');
      assert.ok(!stored.text.includes(secret), 'the stored event holds no secret either');
    }
    assert.equal((await app.cli('profile', 'update', 'default', '--set', 'record_message_text=false')).code, 0);
  });

  it('counts sent datagrams in /metrics', async () => {
    const metrics = (await app.api('/metrics')).text;
    const sent = Number(/^rampart_siem_events_sent_total (\d+)/m.exec(metrics)?.[1]);
    assert.ok(sent >= 5, `sent ${sent}`);
    assert.match(metrics, /^rampart_siem_queue_length \d+$/m);
    assert.match(metrics, /^# TYPE rampart_siem_events_dropped_total counter$/m);
  });
});
