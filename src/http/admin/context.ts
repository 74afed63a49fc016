import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../http-app.ts';
import type { Logger } from 'pino';
import type { Actor } from '../../domain/actor.ts';
import type { ModelBackends } from '../../backends/model-backends.ts';
import type { PasswordSignIn } from '../../auth/login.ts';
import type { PasswordPolicy } from '../../auth/passwords.ts';
import type { OidcSignIn } from '../../auth/oidc.ts';
import type { AuthPolicy } from '../../auth/policy.ts';
import { findSession, type AdminSession } from '../../auth/sessions.ts';
import type { GuardrailSlot } from '../../engine/guardrail.ts';
import { AppError } from '../../errors.ts';
import type { ModelLibrary } from '../../models/model-library.ts';
import type { HubSettings } from '../../hub/hub-client.ts';
import type { ModelFilesSync } from '../../pulled-models/model-sync.ts';
import type { CredentialBox } from '../../secrets/credential-box.ts';
import { findAdminUser } from '../../store/admin-users.ts';
import type { Store } from '../../store/store.ts';

/** What the admin API routes need. */
export interface AdminContext {
  store: Store;
  dataDir: string;
  policy: AuthPolicy;
  /** Seals upstream credentials and model backend API keys. */
  credentials: CredentialBox;
  passwordSignIn: PasswordSignIn;
  /** Checks new passwords (its guessability estimator is loaded on the first change). */
  passwordPolicy: PasswordPolicy;
  oidc: OidcSignIn;
  log: Logger;
  /** This process's model backends: their health, and the playground asks them like checks do. */
  backends: ModelBackends;
  /** This process's guardrails, which the playground and replays run like checks do. */
  guardrails: readonly GuardrailSlot[];
  /** The models the guardrails were built with (the encoder of approved threat entries). */
  models: ModelLibrary;
  /** This node's copies of pulled models. */
  modelFiles: ModelFilesSync;
  /** The model hub that pulls started from the dashboard download from. */
  hub: HubSettings;
  /** Aborted when the server stops (pulls under way stop with it). */
  stopping: AbortSignal;
}

/**
 * Who may call a route: `public` (sign-in), `pending` (a signed-in administrator who still has to
 * change the delivered password), `admin` (everything else, the default).
 */
export type RouteAuth = 'public' | 'pending' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    adminSession?: AdminSession;
  }
}

// __Host- cookies must be Secure, have Path=/ and no Domain: a sibling host cannot plant or read them.
export const SESSION_COOKIE = '__Host-rampart_session';
const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, secure: true, sameSite: 'strict', maxAge: maxAgeSeconds });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * CSRF defence for state-changing requests: the per-session synchronizer token in `X-CSRF-Token`
 * (a cross-site page cannot read it), plus a matching Origin when the browser sends one. SameSite
 * cookies and JSON-only bodies are further layers, not the only one.
 */
function checkCsrf(request: FastifyRequest, session: AdminSession): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `https://${request.headers.host}`) throw new AppError('csrf_failed', 'Cross-origin request refused.');
  const token = request.headers['x-csrf-token'];
  if (typeof token !== 'string' || !sameToken(token, session.csrfToken)) {
    throw new AppError('csrf_failed', 'Missing or wrong X-CSRF-Token header; read the token from GET /api/auth/session.');
  }
}

/** Cookie parsing and the session/CSRF/forced-password-change gate in front of every /api route. */
export async function installAdminGate(app: HttpApp, ctx: AdminContext): Promise<void> {
  await app.register(cookie);
  // onRequest: refuse before the body is even read or validated.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    // Hidden /api routes are the 405 answers of rejectOtherMethods: they reveal nothing, so no session.
    const auth = request.routeOptions.schema?.hide ? 'public' : (request.routeOptions.config.auth ?? 'admin');
    if (auth === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(ctx.store.db, ctx.policy, token) : undefined;
    if (!session) throw new AppError('not_authenticated', 'Sign in first (POST /api/auth/login).');
    if (UNSAFE_METHODS.has(request.method)) checkCsrf(request, session);
    request.adminSession = session;
    if (auth === 'admin' && session.authMethod === 'password') {
      const user = await findAdminUser(ctx.store.db, session.username);
      if (!user) throw new AppError('not_authenticated', 'This account no longer exists.');
      if (user.mustChangePassword) {
        throw new AppError('password_change_required', 'Change the delivered password first (Profile → Security → Change Password, POST /api/auth/password).');
      }
    }
  });
}

export function actorOf(request: FastifyRequest): Actor {
  return { id: `admin:${request.adminSession!.username}` };
}
