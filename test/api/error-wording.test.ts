import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';
import type { HttpResponse } from '../helpers/https-client.ts';

const INPUT = '/apikey/api/guardrail/v1/input-check';

/** A message a person reads: starts with a capital letter, ends like a sentence, no Markdown backticks. */
function assertSentence(message: unknown, context: string): void {
  assert.equal(typeof message, 'string', context);
  assert.match(message as string, /^[A-Z]/, `${context}: starts with a capital letter`);
  assert.match(message as string, /[.?!]$/, `${context}: ends like a sentence`);
  assert.ok(!(message as string).includes('`'), `${context}: has no backtick`);
}

/** Phrasings of the schema validator and of TypeBox, which a person should never read. */
const VALIDATOR_WORDING =
  /must have required property|must be equal to one of the allowed values|must NOT have|Expected union value|Unexpected property|Expected (string|boolean|number|object)/;

function assertErrorSentences(answers: Record<string, HttpResponse>): void {
  for (const [what, res] of Object.entries(answers)) {
    assert.ok(res.status >= 400 && res.status < 500, `${what}: refused with a 4xx, got ${res.status} ${res.text}`);
    assertSentence(res.json?.error?.message, `${what} (${res.json?.error?.code})`);
    assert.doesNotMatch(res.json.error.message, VALIDATOR_WORDING, what);
  }
}

describe('error messages are sentences on both listeners and in the CLI', () => {
  let app: InProcessAppliance;
  let admin: AdminClient;
  let apiKey: string;

  before(async () => {
    app = await startInProcess({ env: { RAMPART_MAX_MESSAGE_CHARS: '100' } });
    admin = await signInAsAdmin(app);
    ({ apiKey } = await app.createRuntimeLlm('wording-app'));
  });
  after(() => app.dispose());

  it('check API and proxy refusals', async () => {
    const check = (body: unknown, headers: Record<string, string> = { 'x-api-key': apiKey }) => app.api(INPUT, { method: 'POST', headers, body });
    assertErrorSentences({
      'no key': await check({ message: 'hi' }, {}),
      'unknown key': await check({ message: 'hi' }, { 'x-api-key': `rmp_${'A'.repeat(43)}` }),
      'no message': await check({}),
      'message of the wrong type': await check({ message: 5 }),
      'message too long': await check({ message: 'x'.repeat(101) }),
      'body too large': await check({ message: 'hi', padding: 'y'.repeat(200_000) }),
      'prompt too long': await app.outputCheck(apiKey, { message: 'ok', prompt: 'x'.repeat(101) }),
      'not JSON': await check('{"message": ', { 'x-api-key': apiKey, 'content-type': 'application/json' }),
      'unknown route': await app.api('/no/such/route'),
      'wrong method': await app.api(INPUT, { method: 'DELETE', headers: { 'x-api-key': apiKey } }),
      'proxy without a key': await app.api('/v1/chat/completions', { method: 'POST', body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] } }),
      'proxy for a non-forwarding Runtime LLM': await app.api('/v1/chat/completions', {
        method: 'POST',
        headers: { 'x-api-key': apiKey },
        body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      }),
    });
  });

  it('dashboard API refusals', async () => {
    const anonymous = await app.dashboard('/api/runtime-llms');
    const wrongPassword = await app.dashboard('/api/auth/login', { body: { username: 'admin', password: 'not the password' } });
    const post = (path: string, body: unknown) => admin.request(path, { body });
    assertErrorSentences({
      'not signed in': anonymous,
      'wrong password': wrongPassword,
      'no CSRF token': await app.dashboard('/api/runtime-llms', { headers: { cookie: admin.cookie }, body: { name: 'x' } }),
      'Runtime LLM without a name': await post('/api/runtime-llms', { name: ' ' }),
      'Runtime LLM with an ftp URL': await post('/api/runtime-llms', { name: 'ftp-llm', mode: 'forwarding', url: 'ftp://llm.internal' }),
      'Runtime LLM with an unknown profile': await post('/api/runtime-llms', { name: 'lost', profile: 'nope' }),
      'Runtime LLM named twice': await post('/api/runtime-llms', { name: 'wording-app' }),
      'unknown Runtime LLM': await admin.request('/api/runtime-llms/llm_missing'),
      'unknown profile': await admin.request('/api/profiles/nope'),
      'deleting the default profile': await admin.request('/api/profiles/default', { method: 'DELETE' }),
      'threshold out of range': await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { llm: { threshold: 1.7 } } } }),
      'regex the engine cannot run': await post('/api/profiles/default/regex-rules', { name: 'look', pattern: '(?=x)' }),
      'unknown rule': await admin.request('/api/profiles/default/rules/rule_missing', { method: 'DELETE' }),
      'SIEM port out of range': await admin.request('/api/settings/siem', { method: 'PUT', body: { port: 70000 } }),
      'SIEM test without a collector': await post('/api/settings/siem/test', {}),
      'retention out of range': await admin.request('/api/settings/retention', { method: 'PUT', body: { max_age_days: -5 } }),
      'SSO switched on without an issuer': await admin.request('/api/settings/sso', { method: 'PUT', body: { enabled: true } }),
      'events limit of zero': await admin.request('/api/events?limit=0'),
      'events since no time': await admin.request('/api/events?since=yesterday'),
      'empty vector proposal': await post('/api/vectors/proposals', { text: '   ' }),
      'vector family with spaces': await post('/api/vectors/proposals', { text: 'x', family: 'Bad Family' }),
      'unknown threat vector': await post('/api/vectors/tv_missing/approve', {}),
      'short new password': await post('/api/auth/password', { current_password: 'whatever it is', new_password: 'short' }),
      'sign-in without a password': await app.dashboard('/api/auth/login', { body: { username: 'admin' } }),
      'Runtime LLM without any member': await post('/api/runtime-llms', {}),
      'SIEM format not offered': await admin.request('/api/settings/siem', { method: 'PUT', body: { format: 'xml' } }),
      'profile on_error not offered': await admin.request('/api/profiles/default', { method: 'PATCH', body: { on_error: 'maybe' } }),
      'profile setting that does not exist': await admin.request('/api/profiles/default', {
        method: 'PATCH',
        body: { guardrails: { llm: { treshold: 0.5 } } },
      }),
    });
  });

  it('names the member or setting and the values it allows', async () => {
    const refusals: [HttpResponse, string | RegExp][] = [
      [await admin.request('/api/runtime-llms', { body: {} }), 'The field name is required.'],
      [await admin.request('/api/settings/siem', { method: 'PUT', body: { format: 'xml' } }), 'The field format must be one of "cef", "json"; got "xml".'],
      [
        await admin.request('/api/profiles/default', { method: 'PATCH', body: { on_error: 'maybe' } }),
        'Profile setting on_error must be one of "block", "allow"; got "maybe".',
      ],
      [
        await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { vector: { sensitivity: 'low' } } } }),
        'Profile setting guardrails.vector.sensitivity must be one of "Low", "Medium", "High"; got "low".',
      ],
      [
        await admin.request('/api/profiles/default', { method: 'PATCH', body: { guardrails: { llm: { treshold: 0.5 } } } }),
        /^Profile setting guardrails\.llm\.treshold does not exist; the settings of guardrails\.llm are enabled, monitor, threshold/,
      ],
      [
        await admin.request('/api/runtime-llms', { body: { name: 'extra', colour: 'blue' } }),
        /^The request body has an unknown member "colour"; its members are name, mode, url/,
      ],
    ];
    for (const [res, expected] of refusals) {
      assert.equal(res.status, 400, res.text);
      if (typeof expected === 'string') assert.equal(res.json.error.message, expected);
      else assert.match(res.json.error.message, expected);
    }
  });

  it('CLI refusals', async () => {
    const refusals = [
      await app.cli('runtime-llm', 'create', '--name', 'x', '--level', '4'),
      await app.cli('runtime-llm', 'create', '--name', 'wording-app'),
      await app.cli('profile', 'update', 'default', '--enable', 'firewall'),
      await app.cli('profile', 'update', 'default', '--add-regex', 'look=(?=x)'),
      await app.cli('events', 'list', '--limit', '0'),
      await app.cli('vectors', 'approve', 'tv_missing'),
      await app.cli('runtime-llm', 'create'),
      await app.cli('profile', 'update', 'default', '--set', 'on_error=maybe'),
      await app.cli('events', 'list', '--since', 'yesterday'),
      await app.cli('runtime-llm', 'delete', 'wording-app'),
    ];
    for (const result of refusals) {
      assert.notEqual(result.code, 0, result.stdout);
      const line = result.stderr.split('\n')[0]!;
      assert.match(line, /^Error: /, line);
      assertSentence(line.slice('Error: '.length), line);
    }
  });
});
