import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { initialPassword, NEW_ADMIN_PASSWORD, sessionCookie, signIn } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';

describe('administrator security', () => {
  let app: TestAppliance;
  let delivered: string;
  before(async () => {
    app = await startAppliance({ firstStart: true, env: { RAMPART_LOGIN_MAX_FAILURES: '3' } });
    delivered = initialPassword(app);
  });
  after(() => app.dispose());

  it('delivers the bootstrap password in an owner-only file, logs its path once and never the password', () => {
    const file = join(app.dataDir, 'initial-password-admin');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.match(delivered, /^[A-Za-z0-9]{24}$/);
    const mentions = app.logs.filter((l) => l.password_file === file);
    assert.equal(mentions.length, 1);
    const plainLine = `First sign-in: user admin, password in ${file} (change it when you first sign in).`;
    assert.ok(app.stderr().split('\n').includes(plainLine), `stderr has the plain line: ${app.stderr()}`);
    assert.ok(!app.stderr().includes(delivered));
    assert.ok(!JSON.stringify(app.logs).includes(delivered), 'the password never reaches the log');
  });

  it('refuses everything but sign-in without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/runtime-llms'],
      ['GET', '/api/auth/session'],
      ['POST', '/api/profiles'],
    ] as const) {
      const response = await app.dashboard(path, { method, ...(method === 'POST' ? { body: { name: 'x' } } : {}) });
      assert.equal(response.status, 401, path);
      assert.equal(response.json.error.code, 'not_authenticated');
    }
    const wrong = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: 'nope' } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.error.message, 'Invalid user name or password.');
    const unknown = await app.dashboard('/api/auth/login', { body: { username: 'mallory', password: 'nope' } });
    assert.equal(unknown.json.error.message, wrong.json.error.message, 'unknown accounts are not revealed');
  });

  it('records a failed sign-in by nobody signed in: never as the administrator named in it', async () => {
    const audit = await app.cli('audit', 'list', '--json', '--limit', '20');
    const failures = audit.json.filter((e: { action: string }) => e.action === 'admin.login_failed');
    const unknown = failures.find((e: { details: { reason?: string } }) => e.details.reason === 'unknown_user');
    const wrong = failures.find((e: { details: { reason?: string } }) => e.details.reason === 'wrong_password');
    assert.deepEqual([unknown.actor, unknown.target_id, unknown.details.username_given], ['unauthenticated', null, 'mallory']);
    assert.deepEqual([wrong.actor, wrong.target_id], ['unauthenticated', 'admin'], 'the real account is the target, not the actor');
    assert.ok(!audit.stdout.includes('admin:mallory'));
  });

  it('tells the sign-in page whether it is signed in without answering 401', async () => {
    const anonymous = await app.dashboard('/api/auth/options');
    assert.equal(anonymous.status, 200);
    assert.deepEqual(anonymous.json, { sso: { enabled: false }, signed_in: false });
    const session = await signIn(app, 'admin', delivered);
    assert.equal((await app.dashboard('/api/auth/options', { headers: { cookie: session.cookie } })).json.signed_in, true);
    await session.request('/api/auth/logout', { method: 'POST' });
    assert.equal((await app.dashboard('/api/auth/options', { headers: { cookie: session.cookie } })).json.signed_in, false);
  });

  it('sets a Secure, HttpOnly, SameSite=Strict session cookie and forces the first password change', async () => {
    const response = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: delivered } });
    assert.equal(response.status, 200);
    assert.equal(response.json.user.must_change_password, true);
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-rampart_session='))!;
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) assert.ok(setCookie.includes(attribute), `${attribute} in ${setCookie}`);

    const admin = await signIn(app, 'admin', delivered);
    const blocked = await admin.request('/api/runtime-llms');
    assert.equal(blocked.status, 403);
    assert.equal(blocked.json.error.code, 'password_change_required');
    const tooShort = await admin.request('/api/auth/password', { body: { current_password: delivered, new_password: 'short' } });
    assert.equal(tooShort.status, 400);
    assert.match(tooShort.json.error.message, /at least 12 characters/);
    // Long enough, but among the first guesses of any password cracker: refused by the server itself.
    for (const common of ['password1234', 'qwertyuiop123', 'iloveyou2024!']) {
      const guessable = await admin.request('/api/auth/password', { body: { current_password: delivered, new_password: common } });
      assert.equal(guessable.status, 400, common);
      assert.match(guessable.json.error.message, /^The new password is too easy to guess\. /, common);
    }
    const wrongCurrent = await admin.request('/api/auth/password', { body: { current_password: 'not it', new_password: NEW_ADMIN_PASSWORD } });
    assert.equal(wrongCurrent.status, 400);
    const changed = await admin.request('/api/auth/password', { body: { current_password: delivered, new_password: NEW_ADMIN_PASSWORD } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await admin.request('/api/runtime-llms')).status, 200);
    assert.ok(!existsSync(join(app.dataDir, 'initial-password-admin')), 'the delivered password file is removed');

    const old = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: delivered } });
    assert.equal(old.status, 401);
    const db = new DatabaseSync(join(app.dataDir, 'rampart.db'), { readOnly: true });
    const row = db.prepare('select password_hash from admin_users where username = ?').get('admin') as { password_hash: string };
    db.close();
    assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('requires the CSRF token (and a same-origin Origin) on every state-changing request', async () => {
    const admin = await signIn(app, 'admin', NEW_ADMIN_PASSWORD);
    const body = { name: 'csrf-probe' };
    const missing = await app.dashboard('/api/runtime-llms', { body, headers: { cookie: admin.cookie } });
    assert.equal(missing.status, 403);
    assert.equal(missing.json.error.code, 'csrf_failed');
    const wrong = await app.dashboard('/api/runtime-llms', { body, headers: { cookie: admin.cookie, 'x-csrf-token': 'guess' } });
    assert.equal(wrong.status, 403);
    const crossSite = await admin.request('/api/runtime-llms', { body, headers: { origin: 'https://evil.example' } });
    assert.equal(crossSite.status, 403);
    const ok = await admin.request('/api/runtime-llms', { body });
    assert.equal(ok.status, 201, ok.text);
    // Reading needs no token.
    assert.equal((await app.dashboard('/api/runtime-llms', { headers: { cookie: admin.cookie } })).status, 200);
  });

  it('signing out ends the session', async () => {
    const admin = await signIn(app, 'admin', NEW_ADMIN_PASSWORD);
    assert.equal((await admin.request('/api/auth/logout', { method: 'POST' })).status, 200);
    assert.equal((await admin.request('/api/auth/session')).status, 401);
  });

  it('locks an account after repeated failures without telling it apart from an unknown one; reset-password unlocks it', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await app.dashboard('/api/auth/login', { body: { username: 'admin', password: `wrong-${i}` } })).status, 401);
    const locked = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: NEW_ADMIN_PASSWORD } });
    const unknown = await app.dashboard('/api/auth/login', { body: { username: 'nobody-here', password: NEW_ADMIN_PASSWORD } });
    for (const refused of [locked, unknown]) {
      assert.equal(refused.status, 401);
      assert.deepEqual([refused.json.error.code, refused.json.error.message], ['not_authenticated', 'Invalid user name or password.']);
      assert.equal(refused.headers['retry-after'], undefined);
    }
    const audit = await app.cli('audit', 'list', '--json', '--limit', '20');
    assert.ok(
      audit.json.some((e: { action: string; details: { reason?: string } }) => e.action === 'admin.login_failed' && e.details.reason === 'locked'),
      'the audit trail tells the operator the account is locked',
    );

    const reset = await app.cli('admin', 'reset-password', '--json');
    assert.equal(reset.code, 0, reset.stderr);
    assert.equal(reset.json.must_change_password, true);
    assert.equal(statSync(reset.json.password_file).mode & 0o777, 0o600);
    assert.ok(!reset.stdout.includes(readFileSync(reset.json.password_file, 'utf8').trim()), 'the CLI prints the path, not the password');
    const admin = await signIn(app, 'admin', initialPassword(app));
    assert.equal((await admin.request('/api/auth/session')).json.user.must_change_password, true);
    const changed = await admin.request('/api/auth/password', { body: { current_password: initialPassword(app), new_password: NEW_ADMIN_PASSWORD } });
    assert.equal(changed.status, 200);
  });

  it('reset-password --password-stdin sets a chosen password (creating the account) without forcing a change', async () => {
    const short = await app.cliWithInput('short\n', 'admin', 'reset-password', '--username', 'ops', '--password-stdin');
    assert.equal(short.code, 1);
    assert.match(short.stderr, /at least 12 characters/);
    const common = await app.cliWithInput('letmein123456\n', 'admin', 'reset-password', '--username', 'ops', '--password-stdin');
    assert.equal(common.code, 1);
    assert.match(common.stderr, /too easy to guess/);
    const result = await app.cliWithInput('a long chosen passphrase\n', 'admin', 'reset-password', '--username', 'ops', '--password-stdin', '--json');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual({ created: result.json.created, file: result.json.password_file }, { created: true, file: null });
    const ops = await signIn(app, 'ops', 'a long chosen passphrase');
    assert.equal((await ops.request('/api/runtime-llms')).status, 200);
  });

  it('records sign-ins, failures, lockouts and password changes as audit events', async () => {
    const audit = await app.cli('audit', 'list', '--json', '--limit', '200');
    const actions = new Set(audit.json.map((e: { action: string }) => e.action));
    for (const action of [
      'admin.bootstrap',
      'admin.login',
      'admin.login_failed',
      'admin.locked',
      'admin.password_change',
      'admin.password_reset',
      'admin.logout',
      'runtime_llm.create',
    ]) {
      assert.ok(actions.has(action), action);
    }
    const created = audit.json.find((e: { action: string }) => e.action === 'runtime_llm.create');
    assert.equal(created.actor, 'admin:admin');
    assert.doesNotMatch(audit.stdout, new RegExp(NEW_ADMIN_PASSWORD));
  });

  it('returns clear JSON errors for bad sign-in requests and keeps serving', async () => {
    const cases: [unknown, number, string][] = [
      ['{"username":', 400, 'invalid_json'],
      [{ username: 'admin' }, 400, 'invalid_field'],
      [{ username: 'admin', password: 5 }, 400, 'invalid_field'],
      [{ username: 'admin', password: 'x', extra: 1 }, 400, 'invalid_field'],
    ];
    for (const [body, status, code] of cases) {
      const response = await app.dashboard('/api/auth/login', { body, headers: { 'content-type': 'application/json' } });
      assert.equal(response.status, status, JSON.stringify(body));
      assert.equal(response.json.error.code, code);
    }
    assert.equal(
      (await app.dashboard('/api/auth/login', { body: 'username=admin', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
      415,
    );
    assert.equal((await app.dashboard('/api/auth/login')).status, 405);
    assert.equal((await app.dashboard('/healthz')).status, 200);
  });

  it('never logs session cookies or passwords', () => {
    const logs = JSON.stringify(app.logs);
    assert.ok(!logs.includes(NEW_ADMIN_PASSWORD));
    assert.ok(!/__Host-rampart_session=[A-Za-z0-9_-]{20}/.test(logs));
  });
});

describe('sign-in throttling per client address', () => {
  let app: TestAppliance;
  before(async () => {
    app = await startAppliance({ env: { RAMPART_LOGIN_RATE_PER_IP: '3' } });
  });
  after(() => app.dispose());

  it('answers 429 with Retry-After once an address exceeds its attempts, whatever the account', async () => {
    const statuses = [];
    for (const username of ['a', 'b', 'c', 'd']) statuses.push((await app.dashboard('/api/auth/login', { body: { username, password: 'x' } })).status);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    const limited = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: initialPassword(app) } });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.equal(sessionCookie(limited), undefined);
  });
});

describe('sign-in timing', () => {
  it('takes as long for a locked account as for an unknown one (both verify a password hash)', async () => {
    const app = await startAppliance({ env: { RAMPART_LOGIN_MAX_FAILURES: '2', RAMPART_LOGIN_RATE_PER_IP: '1000' } });
    try {
      const login = async (username: string) => {
        const started = process.hrtime.bigint();
        const res = await app.dashboard('/api/auth/login', { body: { username, password: 'not the password' } });
        assert.equal(res.status, 401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      for (let i = 0; i < 2; i++) await login('admin'); // locks the bootstrap account
      const lockedTimes: number[] = [];
      const unknownTimes: number[] = [];
      // Interleaved, so load on the machine affects both series alike; medians ignore stragglers.
      for (let i = 0; i < 11; i++) {
        lockedTimes.push(await login('admin'));
        unknownTimes.push(await login(`nobody-${i}`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
      const ratio = median(lockedTimes) / median(unknownTimes);
      // A locked account that skipped the Argon2 verification (about 15 ms) would answer in a
      // fraction of the time; the bound is generous so that only a skipped verification fails it.
      assert.ok(ratio > 0.6 && ratio < 1.7, `locked ${median(lockedTimes).toFixed(1)} ms vs unknown ${median(unknownTimes).toFixed(1)} ms`);
    } finally {
      await app.dispose();
    }
  });
});
