import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { initialPassword, sessionCookie, signIn } from '../helpers/admin-client.ts';
import { startAppliance, type TestAppliance } from '../helpers/appliance.ts';
import { httpsClient, type HttpResponse } from '../helpers/https-client.ts';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/oidc-provider.ts';

const cookiesOf = (response: HttpResponse) => ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);

describe('single sign-on through a real OpenID Connect provider', () => {
  let idp: TestIdentityProvider;
  let app: TestAppliance;
  before(async () => {
    idp = await startIdentityProvider({
      alice: { email: 'alice@example.com', groups: ['staff', 'rampart-admins'] },
      bob: { email: 'bob@example.com', groups: ['staff'] },
    });
    // The appliance trusts the provider's self-signed certificate like an enterprise CA.
    app = await startAppliance({ env: { NODE_EXTRA_CA_CERTS: idp.caFile } });
    idp.allowRedirect(`${app.dashboardUrl}/api/auth/oidc/callback`);
  });
  after(async () => {
    await app?.dispose();
    await idp?.stop();
  });

  /** Browser-like round trip: start at the appliance, through the provider, back to the callback. */
  async function ssoRoundTrip(options: { keepStateCookie?: boolean } = {}): Promise<HttpResponse> {
    const start = await app.dashboard('/api/auth/oidc/start');
    assert.equal(start.status, 302, start.text);
    const authorize = new URL(String(start.headers.location));
    assert.equal(authorize.origin, idp.issuer);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(authorize.searchParams.get('state') && authorize.searchParams.get('nonce'));
    const stateCookie = cookiesOf(start).find((c) => c.startsWith('__Host-rampart_oidc_state='))!;

    const provider = httpsClient(idp.issuer, idp.ca);
    const jar = new Map<string, string>();
    let next = authorize;
    for (let hop = 0; hop < 10 && next.origin === idp.issuer; hop++) {
      const response = await provider(next.pathname + next.search, { headers: { cookie: [...jar.values()].join('; ') } });
      assert.ok([302, 303].includes(response.status), `provider answered ${response.status}: ${response.text}`);
      for (const c of cookiesOf(response)) jar.set(c.split('=')[0]!, c);
      next = new URL(String(response.headers.location), idp.issuer);
    }
    assert.equal(next.origin, app.dashboardUrl);
    return app.dashboard(next.pathname + next.search, { headers: options.keepStateCookie === false ? {} : { cookie: stateCookie } });
  }

  it('is configured headlessly; the client secret goes to an owner-only file, never to the database or output', async () => {
    const secretFile = join(app.dataDir, 'client-secret-input');
    writeFileSync(secretFile, idp.clientSecret);
    const set = await app.cli(
      'admin',
      'sso',
      'set',
      '--issuer',
      idp.issuer,
      '--client-id',
      idp.clientId,
      '--client-secret-file',
      secretFile,
      '--redirect-url',
      `${app.dashboardUrl}/api/auth/oidc/callback`,
      '--admin-value',
      'rampart-admins',
      '--enable',
      '--json',
    );
    assert.equal(set.code, 0, set.stderr);
    assert.equal(set.json.enabled, true);
    assert.equal(set.json.client_secret_set, true);
    assert.ok(!set.stdout.includes(idp.clientSecret));
    const options = await app.dashboard('/api/auth/options');
    assert.deepEqual(options.json, { sso: { enabled: true }, signed_in: false });
  });

  it('signs in an administrator with authorization code + PKCE and maps the role claim', async () => {
    idp.signInAs('alice');
    const callback = await ssoRoundTrip();
    assert.equal(callback.status, 302, callback.text);
    assert.equal(callback.headers.location, '/');
    const cookie = sessionCookie(callback);
    assert.ok(cookie, 'a session cookie is set');
    const session = await app.dashboard('/api/auth/session', { headers: { cookie: cookie! } });
    assert.equal(session.status, 200);
    assert.deepEqual(session.json.user, { username: 'sso:alice@example.com', auth_method: 'oidc', must_change_password: false });
    const llms = await app.dashboard('/api/runtime-llms', {
      body: { name: 'made-by-sso' },
      headers: { cookie: cookie!, 'x-csrf-token': session.json.csrf_token },
    });
    assert.equal(llms.status, 201, llms.text);
    const audit = await app.cli('audit', 'list', '--json');
    assert.ok(audit.json.some((e: { action: string; actor: string }) => e.action === 'runtime_llm.create' && e.actor === 'admin:sso:alice@example.com'));
  });

  it('refuses a user without the admin role, and a callback not started by this browser', async () => {
    idp.signInAs('bob');
    const refused = await ssoRoundTrip();
    assert.equal(refused.status, 302);
    assert.equal(refused.headers.location, '/#/login?error=sso_not_admin', 'a code the sign-in page words itself, never text in the URL');
    assert.equal(sessionCookie(refused), undefined);

    idp.signInAs('alice');
    const forged = await ssoRoundTrip({ keepStateCookie: false });
    assert.equal(forged.headers.location, '/#/login?error=sso_refused');
    assert.equal(sessionCookie(forged), undefined);

    // The reasons stay in the audit trail, recorded by no account's name.
    const failures = (await app.cli('audit', 'list', '--json')).json.filter((e: { action: string }) => e.action === 'admin.login_failed');
    assert.ok(failures.length >= 2, JSON.stringify(failures));
    assert.ok(failures.every((e: { actor: string }) => e.actor === 'unauthenticated'));
    assert.ok(failures.some((e: { details: { reason: string } }) => /administrator role/.test(e.details.reason)));
  });

  it('keeps the local admin for emergency access', async () => {
    const admin = await signIn(app, 'admin', initialPassword(app));
    assert.equal((await admin.request('/api/auth/session')).json.user.auth_method, 'password');
  });
});
