import assert from 'node:assert/strict';
import { connect, type ConnectionOptions } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { httpsClient } from '../helpers/https-client.ts';
import { startInProcess, type InProcessAppliance, type Listening } from '../helpers/in-process.ts';
import { waitUntil } from '../helpers/wait-until.ts';

/** Resolves to the negotiated protocol and cipher, or to the handshake error. */
function handshake(port: number, options: ConnectionOptions): Promise<{ protocol: string | null; cipher: string } | Error> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false, ...options }, () => {
      resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name });
      socket.end();
    });
    socket.on('error', (error) => resolve(error));
  });
}

describe('transport and header hardening', () => {
  let app: InProcessAppliance;
  let listening: Listening;
  /** Requests over the real listeners: TLS, Node's HTTP parser and its limits. */
  let api: ReturnType<typeof httpsClient>;
  let dashboard: ReturnType<typeof httpsClient>;
  let apiPort: number;
  before(async () => {
    app = await startInProcess();
    listening = await app.listen();
    api = httpsClient(listening.apiUrl, listening.ca);
    dashboard = httpsClient(listening.dashboardUrl, listening.ca);
    apiPort = Number(new URL(listening.apiUrl).port);
  });
  after(() => app.dispose());

  it('speaks TLS 1.3 and TLS 1.2 with forward-secret AEAD suites only', async () => {
    const tls13 = await handshake(apiPort, {});
    assert.ok(!(tls13 instanceof Error), String(tls13));
    assert.equal(tls13.protocol, 'TLSv1.3');
    const tls12 = await handshake(apiPort, { maxVersion: 'TLSv1.2' });
    assert.ok(!(tls12 instanceof Error), String(tls12));
    assert.match(tls12.cipher, /^ECDHE-ECDSA-(AES\d+-GCM|CHACHA20-POLY1305)/);
    // An old client: TLS 1.1, or TLS 1.2 offering only CBC suites, is turned away by the server.
    assert.ok((await handshake(apiPort, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' })) instanceof Error);
    assert.ok((await handshake(apiPort, { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA' })) instanceof Error);
  });

  it('sends security headers on answers and errors of both listeners', async () => {
    const { apiKey } = await app.createRuntimeLlm('headers', { level: 1 });
    for (const res of [
      await api('/apikey/api/guardrail/v1/input-check', { method: 'POST', headers: { 'x-api-key': apiKey }, body: { message: 'hi' } }),
      await api('/nope'),
      await dashboard('/api/runtime-llms'),
      await dashboard('/'),
    ]) {
      assert.match(String(res.headers['strict-transport-security']), /max-age=31536000/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
    }
    const check = await api('/apikey/api/guardrail/v1/input-check', { method: 'POST', headers: { 'x-api-key': apiKey }, body: { message: 'hi' } });
    assert.equal(check.headers['cache-control'], 'no-store');
    assert.equal(check.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
    assert.match(String((await dashboard('/')).headers['content-security-policy']), /script-src 'self'/);
  });

  it('sends a browser that opens the appliance address to the dashboard for sign-in', async () => {
    const res = await api('/', { headers: { host: 'localhost:443' } });
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, `https://localhost:${new URL(listening.dashboardUrl).port}/`);
  });

  it('refuses oversized headers', async () => {
    const res = await api('/healthz', { headers: { 'x-filler': 'a'.repeat(20_000), connection: 'close' } }).catch((e: Error) => e);
    assert.ok(res instanceof Error || res.status === 431, 'header block over 16 KiB is refused');
    // The refused connection is closed; the client's next request may first meet that closed socket.
    await waitUntil(
      'the server to answer again',
      async () =>
        (await api('/healthz').then(
          (r) => r.status,
          () => 0,
        )) === 200,
      { timeoutMs: 2_000 },
    );
  });
});
