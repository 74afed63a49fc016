import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { Actor } from '../domain/actor.ts';
import { applyConfigChange } from '../store/config-change.ts';
import { readSetting, writeSetting } from '../store/settings.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../store/store.ts';

/** Enterprise single sign-on through an OpenID Connect identity provider (authorization code + PKCE). */
export interface SsoSettings {
  enabled: boolean;
  /** Issuer URL; its /.well-known/openid-configuration is read at sign-in. */
  issuer: string;
  client_id: string;
  /** This dashboard's callback, as registered at the provider: https://<host>:3000/api/auth/oidc/callback */
  redirect_url: string;
  /** Claim holding the user's groups or roles (ID token or userinfo). */
  role_claim: string;
  /** Values of `role_claim` that make a user a Rampart administrator. */
  admin_values: string[];
  /** Claim shown as the administrator's name (falls back to `sub`). */
  username_claim: string;
}

export const DEFAULT_SSO: Readonly<SsoSettings> = {
  enabled: false,
  issuer: '',
  client_id: '',
  redirect_url: '',
  role_claim: 'groups',
  admin_values: ['rampart-admins'],
  username_claim: 'email',
};

/** The client secret lives in an owner-only file of the data directory, never in the database. */
export function clientSecretPath(dataDir: string): string {
  return join(dataDir, 'sso-client-secret');
}

export function readClientSecret(dataDir: string): string | undefined {
  const path = clientSecretPath(dataDir);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() || undefined : undefined;
}

function httpsUrl(name: string, value: unknown, allowEmpty: boolean): string {
  if (typeof value !== 'string') throw new AppError('invalid_field', `The ${name} setting must be a string.`);
  if (value === '' && allowEmpty) return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('invalid_field', `The ${name} setting is not a valid URL: ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'https:') throw new AppError('invalid_field', `The ${name} setting must be an https URL.`);
  return value;
}

function text(name: string, value: unknown, max = 200): string {
  if (typeof value !== 'string' || value.length > max || /[\u0000-\u001f]/.test(value))
    throw new AppError('invalid_field', `The ${name} setting must be a string of at most ${max} characters.`);
  return value.trim();
}

function validate(input: Record<string, unknown>, current: SsoSettings): SsoSettings {
  const next: SsoSettings = { ...current, admin_values: [...current.admin_values] };
  for (const [key, value] of Object.entries(input)) {
    switch (key) {
      case 'enabled':
        if (typeof value !== 'boolean') throw new AppError('invalid_field', 'The enabled switch must be true or false.');
        next.enabled = value;
        break;
      case 'issuer':
      case 'redirect_url':
        next[key] = httpsUrl(key, value, true);
        break;
      case 'client_id':
      case 'role_claim':
      case 'username_claim':
        next[key] = text(key, value);
        break;
      case 'admin_values':
        if (!Array.isArray(value) || value.length > 50) throw new AppError('invalid_field', 'The admin_values setting must be a list of at most 50 strings.');
        next.admin_values = value.map((v) => text('admin_values[]', v)).filter(Boolean);
        break;
      default:
        throw new AppError('invalid_field', `Unknown SSO setting ${JSON.stringify(key)}.`);
    }
  }
  if (next.enabled) {
    for (const key of ['issuer', 'client_id', 'redirect_url', 'role_claim'] as const) {
      if (next[key] === '') throw new AppError('invalid_field', `Single sign-on needs ${key} before it can be switched on.`);
    }
    if (next.admin_values.length === 0) throw new AppError('invalid_field', 'Single sign-on needs at least one admin value, or nobody could sign in with it.');
  }
  return next;
}

export async function getSsoSettings(store: Store): Promise<SsoSettings> {
  const stored = await readSetting(store.db, 'sso');
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_SSO };
  try {
    return validate(stored as Record<string, unknown>, DEFAULT_SSO);
  } catch {
    return { ...DEFAULT_SSO };
  }
}

/** Changes SSO settings; `client_secret` (write-only) goes to its owner-only file, `null` removes it. */
export async function updateSsoSettings(store: Store, dataDir: string, actor: Actor, input: unknown): Promise<SsoSettings> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new AppError('invalid_field', 'SSO settings must be a JSON object.');
  const { client_secret: secret, ...rest } = input as Record<string, unknown>;
  if (secret !== undefined && secret !== null && (typeof secret !== 'string' || secret.length === 0 || secret.length > 1000)) {
    throw new AppError('invalid_field', 'The client_secret setting must be a non-empty string.');
  }
  const next = validate(rest, await getSsoSettings(store));
  if (next.enabled && secret === null) throw new AppError('invalid_field', 'Single sign-on cannot run without a client secret.');
  if (next.enabled && secret === undefined && !readClientSecret(dataDir))
    throw new AppError('invalid_field', 'Single sign-on needs client_secret before it can be switched on.');
  await applyConfigChange(
    store,
    actor,
    { action: 'sso.update', targetType: 'settings', targetId: 'sso', details: { ...next, client_secret_changed: secret !== undefined } },
    (trx) => writeSetting(trx, 'sso', next),
  );
  const path = clientSecretPath(dataDir);
  if (secret === null) rmSync(path, { force: true });
  else if (typeof secret === 'string') {
    rmSync(path, { force: true });
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  }
  return next;
}

export const SSO_SETTINGS_SCHEMA = Type.Object(
  {
    enabled: Type.Boolean(),
    issuer: Type.String({ description: 'Issuer URL; its /.well-known/openid-configuration is read at sign-in' }),
    client_id: Type.String(),
    redirect_url: Type.String({ description: 'https://<dashboard>/api/auth/oidc/callback, as registered at the provider' }),
    role_claim: Type.String({ description: "Claim holding the user's groups or roles" }),
    admin_values: Type.Array(Type.String(), { description: 'Values of role_claim that make a user an administrator' }),
    username_claim: Type.String({ description: "Claim shown as the administrator's name (falls back to sub)" }),
    client_secret_set: Type.Boolean({ description: 'A client secret is stored (never returned)' }),
  },
  { additionalProperties: false },
);
export type SsoSettingsJson = Static<typeof SSO_SETTINGS_SCHEMA>;

export function ssoSettingsJson(settings: SsoSettings, dataDir: string): SsoSettingsJson {
  return {
    enabled: settings.enabled,
    issuer: settings.issuer,
    client_id: settings.client_id,
    redirect_url: settings.redirect_url,
    role_claim: settings.role_claim,
    admin_values: [...settings.admin_values],
    username_claim: settings.username_claim,
    client_secret_set: readClientSecret(dataDir) !== undefined,
  };
}
