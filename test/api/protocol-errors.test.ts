import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startInProcess, type InProcessAppliance, type Listening } from '../helpers/in-process.ts';
import { rawExchange, type RawResponse } from '../helpers/raw-http.ts';

const INPUT = '/apikey/api/guardrail/v1/input-check';

/** The documented error shape and the headers every response of both listeners carries. */
function assertDocumentedError(res: RawResponse, status: number, code: string): void {
  assert.equal(res.status, status, res.body);
  assert.equal(res.json?.error?.code, code, res.body);
  assert.match(res.json.error.message, /^[A-Z].*\.$/, 'the message is a sentence');
  assert.match(res.headers['x-request-id'] ?? '', /^req_[0-9a-f]{24}$/);
  assert.equal(res.json.error.request_id, res.headers['x-request-id']);
  assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.match(res.headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
  assert.match(res.headers['content-type'] ?? '', /^application\/json/);
}

const get = (path: string, headerLines: string) => `GET ${path} HTTP/1.1\r\n${headerLines}Connection: close\r\n\r\n`;

describe('requests rejected before routing answer in the documented shape on both listeners', () => {
  let app: InProcessAppliance;
  let listening: Listening;
  let ca: string;
  let key: string;
  const listeners = () => [listening.apiUrl, listening.dashboardUrl];

  before(async () => {
    app = await startInProcess();
    listening = await app.listen();
    ({ ca } = listening);
    ({ apiKey: key } = await app.createRuntimeLlm('protocol-errors'));
  });
  after(() => app.dispose());

  it('400 for a Host header that is not host[:port], for two Host headers, and for none', async () => {
    for (const url of listeners()) {
      for (const host of ['[', 'a b', '%', ':', 'x:99999', '[::1', 'a/b', 'x:']) {
        assertDocumentedError(await rawExchange(url, ca, get('/', `Host: ${host}\r\n`)), 400, 'bad_request');
      }
      const twice = await rawExchange(url, ca, get('/healthz', 'Host: localhost\r\nHost: other.example\r\n'));
      assertDocumentedError(twice, 400, 'bad_request');
      assert.match(twice.json.error.message, /more than one Host/);
      assertDocumentedError(await rawExchange(url, ca, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'), 400, 'bad_request');
      assert.equal((await rawExchange(url, ca, get('/healthz', 'Host: [::1]:443\r\n'))).status, 200);
    }
  });

  it('redirects / to the dashboard only on a certificate name, never on a forged Host', async () => {
    const dashboardPort = new URL(listening.dashboardUrl).port;
    const named = await rawExchange(listening.apiUrl, ca, get('/', 'Host: localhost:443\r\n'));
    assert.equal(named.status, 302);
    assert.equal(named.headers.location, `https://localhost:${dashboardPort}/`);
    for (const forged of ['evil.example', 'evil.example:443', 'localhost.evil.example']) {
      const res = await rawExchange(listening.apiUrl, ca, get('/', `Host: ${forged}\r\n`));
      assert.equal(res.status, 302);
      assert.equal(res.headers.location, `https://127.0.0.1:${dashboardPort}/`, `Host ${forged} must not pick the redirect target`);
    }
  });

  it('an unparsable URL, an over-long URL segment, oversized headers and broken HTTP', async () => {
    for (const url of listeners()) {
      assertDocumentedError(await rawExchange(url, ca, get('/%', 'Host: localhost\r\n')), 400, 'bad_request');
      assertDocumentedError(await rawExchange(url, ca, get('/healthz', `Host: localhost\r\nX-Big: ${'a'.repeat(70_000)}\r\n`)), 431, 'headers_too_large');
      assertDocumentedError(await rawExchange(url, ca, get('/a'.repeat(20_000), 'Host: localhost\r\n')), 431, 'headers_too_large');
      assertDocumentedError(await rawExchange(url, ca, 'BREW /coffee HTCPCP/1.0\r\n\r\n'), 400, 'bad_request');
      assertDocumentedError(
        await rawExchange(url, ca, 'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\nhello'),
        400,
        'bad_request',
      );
    }
    assertDocumentedError(
      await rawExchange(listening.dashboardUrl, ca, get(`/api/runtime-llms/${'a'.repeat(300)}`, 'Host: localhost\r\n')),
      414,
      'uri_too_long',
    );
  });

  const post = (body: string, headers: Record<string, string>) =>
    app.api(INPUT, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers }, body });

  it('valid JSON with a prototype-polluting member is invalid_field, not invalid_json', async () => {
    for (const body of ['{"message":"hi","__proto__":{"x":1}}', '{"message":"hi","a":[{"constructor":{"prototype":{"x":1}}}]}']) {
      const res = await post(body, {});
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.code, 'invalid_field');
      assert.match(res.json.error.message, /forbidden member/);
    }
    const harmless = await post('{"message":"hi","constructor":"a plain string member"}', {});
    assert.equal(harmless.status, 200, harmless.text);
  });

  it('415 for a Content-Encoding the server does not decode and for a charset other than UTF-8', async () => {
    for (const encoding of ['gzip', 'br', 'deflate', 'x-custom']) {
      const res = await post('{"message":"hi"}', { 'content-encoding': encoding });
      assert.equal(res.status, 415, res.text);
      assert.equal(res.json.error.code, 'unsupported_media_type');
      assert.match(res.json.error.message, /Content-Encoding/);
    }
    for (const charset of ['latin1', 'utf-16', '"iso-8859-1"']) {
      const res = await post('{"message":"hi"}', { 'content-type': `application/json; charset=${charset}` });
      assert.equal(res.status, 415, res.text);
      assert.match(res.json.error.message, /charset/);
    }
    const accepted: Record<string, string>[] = [
      { 'content-type': 'application/json; charset=UTF-8' },
      { 'content-type': 'application/json; charset="utf-8"' },
      { 'content-encoding': 'identity' },
    ];
    for (const headers of accepted) {
      assert.equal((await post('{"message":"hi"}', headers)).status, 200);
    }
  });
});
