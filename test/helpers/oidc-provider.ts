import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { generate } from 'selfsigned';

export interface TestAccount {
  email: string;
  groups: string[];
}

/** A real OpenID Connect provider (the `oidc-provider` package) over HTTPS on loopback. */
export interface TestIdentityProvider {
  issuer: string;
  /** PEM of its self-signed certificate: trust it with NODE_EXTRA_CA_CERTS=caFile. */
  ca: string;
  caFile: string;
  clientId: string;
  clientSecret: string;
  /** Registers the relying party's callback (known once the appliance listens) and starts serving. */
  allowRedirect(url: string): void;
  /** Who "types their password" at the next sign-in. */
  signInAs(accountId: string): void;
  stop(): Promise<void>;
}

export async function startIdentityProvider(accounts: Record<string, TestAccount>): Promise<TestIdentityProvider> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-idp-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const caFile = join(dir, 'idp-cert.pem');
  writeFileSync(caFile, pems.cert);
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'rampart-dashboard';
  const clientSecret = 'a-test-client-secret-of-some-length';
  let nextAccount = Object.keys(accounts)[0]!;

  function serve(redirectUrl: string): void {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUrl],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      // Refuse any authorization request without PKCE, so the tests prove the appliance sends it.
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email'], profile: ['groups'] },
      findAccount: (_ctx, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['test-cookie-key'] },
    });
    const callback = provider.callback();

    // The login and consent screens, answered at once for `nextAccount`.
    async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: nextAccount } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    handler = (req, res) => {
      if (req.url?.startsWith('/interaction/')) {
        interaction(req, res).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      } else void callback(req, res);
    };
  }

  return {
    issuer,
    ca: pems.cert,
    caFile,
    clientId,
    clientSecret,
    allowRedirect: serve,
    signInAs: (id) => void (nextAccount = id),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
