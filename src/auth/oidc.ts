import * as client from 'openid-client';
import { AppError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { getSsoSettings, readClientSecret, type SsoSettings } from './sso-settings.ts';

interface PendingLogin {
  codeVerifier: string;
  nonce: string;
  expires: number;
}

const PENDING_TTL_MS = 10 * 60 * 1000;
const MAX_PENDING = 1000;

/**
 * The relying-party side of OIDC sign-in: authorization code flow with PKCE (S256), state and nonce.
 * Pending sign-ins live in memory for ten minutes; the browser carries only the state value (in a
 * cookie) that binds the callback to the browser that started it.
 */
export class OidcSignIn {
  readonly #store: Store;
  readonly #dataDir: string;
  readonly #pending = new Map<string, PendingLogin>();
  #discovered: { key: string; config: Promise<client.Configuration> } | undefined;

  constructor(store: Store, dataDir: string) {
    this.#store = store;
    this.#dataDir = dataDir;
  }

  async #configuration(settings: SsoSettings): Promise<client.Configuration> {
    const secret = readClientSecret(this.#dataDir);
    if (!secret) throw new AppError('unavailable', 'Single sign-on has no client secret configured.');
    const key = JSON.stringify([settings.issuer, settings.client_id, secret]);
    if (this.#discovered?.key !== key) {
      const config = client.discovery(new URL(settings.issuer), settings.client_id, undefined, client.ClientSecretBasic(secret));
      this.#discovered = { key, config };
      // A failed discovery (provider down) is retried at the next sign-in.
      config.catch(() => {
        if (this.#discovered?.config === config) this.#discovered = undefined;
      });
    }
    return this.#discovered.config;
  }

  async #enabledSettings(): Promise<SsoSettings> {
    const settings = await getSsoSettings(this.#store);
    if (!settings.enabled) throw new AppError('not_found', 'Single sign-on is not enabled.');
    return settings;
  }

  /** Where to send the browser, and the state to remember in its cookie. */
  async start(): Promise<{ url: string; state: string }> {
    const settings = await this.#enabledSettings();
    let config: client.Configuration;
    try {
      config = await this.#configuration(settings);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('unavailable', `The identity provider could not be reached: ${error instanceof Error ? error.message : String(error)}.`, {
        cause: error,
      });
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    this.#prune();
    this.#pending.set(state, { codeVerifier, nonce, expires: Date.now() + PENDING_TTL_MS });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirect_url,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * Completes a sign-in from the provider's redirect. Returns the administrator's name when the
   * provider vouches for the user and the role claim grants the admin role.
   */
  async finish(callbackUrl: URL, stateFromCookie: string | undefined): Promise<{ username: string }> {
    const settings = await this.#enabledSettings();
    const state = callbackUrl.searchParams.get('state') ?? '';
    const pending = this.#pending.get(state);
    this.#pending.delete(state);
    if (!pending || pending.expires < Date.now() || state !== stateFromCookie) {
      throw new AppError('not_authenticated', 'This sign-in was not started here or has expired; start again.');
    }
    const config = await this.#configuration(settings);
    // The provider redirected to the registered URL; validate against exactly that.
    const current = new URL(settings.redirect_url);
    current.search = callbackUrl.search;
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      if (claims[settings.role_claim] === undefined || claims[settings.username_claim] === undefined) {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
      }
    } catch (error) {
      throw new AppError('not_authenticated', `The identity provider did not confirm the sign-in: ${error instanceof Error ? error.message : String(error)}.`, {
        cause: error,
      });
    }
    const roles = claims[settings.role_claim];
    const values = Array.isArray(roles) ? roles.map(String) : typeof roles === 'string' ? roles.split(/[\s,]+/) : [];
    const identity = String(claims[settings.username_claim] ?? claims.sub);
    if (!values.some((v) => settings.admin_values.includes(v))) {
      throw new AppError(
        'forbidden',
        `The account ${identity} signed in at the identity provider but does not have the administrator role (${settings.role_claim}: ${settings.admin_values.join(', ')}).`,
      );
    }
    return { username: `sso:${identity}` };
  }

  #prune(): void {
    const now = Date.now();
    for (const [state, p] of this.#pending) if (p.expires < now) this.#pending.delete(state);
    while (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
  }
}
