import type { HttpApp } from '../http-app.ts';
import { changePassword } from '../../auth/accounts.ts';
import { createSession, findSession } from '../../auth/sessions.ts';
import { getSsoSettings } from '../../auth/sso-settings.ts';
import { UNAUTHENTICATED } from '../../domain/actor.ts';
import { AppError } from '../../errors.ts';
import { deleteAdminSession } from '../../store/admin-sessions.ts';
import { findAdminUser } from '../../store/admin-users.ts';
import { recordAudit } from '../../store/audit.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, clearSessionCookie, SESSION_COOKIE, setSessionCookie, type AdminContext } from './context.ts';
import type { SsoFailureCode } from './api-types.ts';
import {
  AUTH_OPTIONS_SCHEMA,
  LOGIN_BODY,
  OK_SCHEMA,
  PASSWORD_CHANGE_BODY,
  redirectResponse,
  SESSION_SCHEMA,
  type AuthOptionsJson,
  type SessionJson,
} from './schemas.ts';

const OIDC_STATE_COOKIE = '__Host-rampart_oidc_state';

/**
 * Why a single sign-on failed, as the code the sign-in page turns into its own message (never text
 * from the URL): refused by the provider or expired, no administrator role, or SSO not usable now.
 */
function ssoFailureCode(error: AppError): SsoFailureCode {
  if (error.code === 'forbidden') return 'sso_not_admin';
  if (error.code === 'not_authenticated') return 'sso_refused';
  return 'sso_unavailable';
}

/** Sign-in (password and SSO), the session, sign-out and Profile → Security → Change Password. */
export function registerAuthRoutes(app: HttpApp, ctx: AdminContext): void {
  const sessionView = async (username: string, authMethod: SessionJson['user']['auth_method'], csrfToken: string): Promise<SessionJson> => {
    const user = authMethod === 'password' ? await findAdminUser(ctx.store.db, username) : undefined;
    return { user: { username, auth_method: authMethod, must_change_password: user?.mustChangePassword === true }, csrf_token: csrfToken };
  };

  app.get(
    '/api/auth/options',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Sign-in options (is single sign-on on?) and whether this browser is signed in',
        description:
          'signed_in tells the dashboard whether to load GET /api/auth/session; a page that is not signed in asks this instead, so it is answered 200, not 401.',
        tags: ['auth'],
        response: withErrors({ 200: AUTH_OPTIONS_SCHEMA }),
      },
    },
    async (request) => {
      const sso = await getSsoSettings(ctx.store);
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await findSession(ctx.store.db, ctx.policy, token) : undefined;
      return { sso: { enabled: sso.enabled }, signed_in: session !== undefined } satisfies AuthOptionsJson;
    },
  );
  rejectOtherMethods(app, '/api/auth/options', ['GET', 'HEAD']);

  app.post(
    '/api/auth/login',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Sign in with user name and password; sets the session cookie',
        description: `Throttled per client address; an account is locked for a while after ${ctx.policy.maxFailedLogins} failed attempts in a row, and is then refused like an unknown user or a wrong password (401). The response carries the CSRF token to send as X-CSRF-Token on every state-changing request.`,
        tags: ['auth'],
        body: LOGIN_BODY,
        response: withErrors({ 200: SESSION_SCHEMA }),
      },
    },
    async (request, reply) => {
      const result = await ctx.passwordSignIn.attempt({ ...request.body, ip: request.ip });
      setSessionCookie(reply, result.token, ctx.policy.sessionMaxSeconds);
      return sessionView(result.session.username, 'password', result.session.csrfToken);
    },
  );
  rejectOtherMethods(app, '/api/auth/login', ['POST']);

  app.get(
    '/api/auth/session',
    {
      config: { auth: 'pending' },
      schema: { summary: 'The signed-in administrator and the CSRF token', tags: ['auth'], response: withErrors({ 200: SESSION_SCHEMA }) },
    },
    async (request) => {
      const session = request.adminSession!;
      return sessionView(session.username, session.authMethod, session.csrfToken);
    },
  );
  rejectOtherMethods(app, '/api/auth/session', ['GET', 'HEAD']);

  app.post(
    '/api/auth/logout',
    { config: { auth: 'pending' }, schema: { summary: 'Sign out (ends the session)', tags: ['auth'], response: withErrors({ 200: OK_SCHEMA }) } },
    async (request, reply) => {
      await deleteAdminSession(ctx.store.db, request.adminSession!.id);
      await recordAudit(ctx.store.db, {
        actor: actorOf(request).id,
        action: 'admin.logout',
        targetType: 'admin_user',
        targetId: request.adminSession!.username,
        details: {},
      });
      clearSessionCookie(reply);
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/auth/logout', ['POST']);

  app.post(
    '/api/auth/password',
    {
      config: { auth: 'pending' },
      schema: {
        summary: 'Change the signed-in administrator’s password (Profile → Security → Change Password)',
        description:
          'At least 12 characters, not containing the user name, and not easy to guess (zxcvbn score 3 or more: no common password or variant of one). Other sessions of the account end.',
        tags: ['auth'],
        body: PASSWORD_CHANGE_BODY,
        response: withErrors({ 200: OK_SCHEMA }),
      },
    },
    async (request) => {
      const session = request.adminSession!;
      if (session.authMethod !== 'password') throw new AppError('forbidden', 'Single sign-on administrators change their password at the identity provider.');
      await changePassword(ctx.store, ctx.dataDir, ctx.passwordPolicy, {
        username: session.username,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        keepSessionId: session.id,
      });
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/auth/password', ['POST']);

  app.get(
    '/api/auth/oidc/start',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Start single sign-on: redirects to the identity provider',
        tags: ['auth'],
        response: withErrors({ 302: redirectResponse('To the identity provider’s sign-in (Location)') }),
      },
    },
    async (_request, reply) => {
      const { url, state } = await ctx.oidc.start();
      // Lax, not Strict: the provider's redirect back is a cross-site navigation that must carry it.
      reply.setCookie(OIDC_STATE_COOKIE, state, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: 600 });
      return reply.redirect(url, 302);
    },
  );
  rejectOtherMethods(app, '/api/auth/oidc/start', ['GET', 'HEAD']);

  app.get(
    '/api/auth/oidc/callback',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Single sign-on callback (the redirect URL registered at the provider)',
        tags: ['auth'],
        response: withErrors({
          302: redirectResponse('To the dashboard, signed in; or to its sign-in page with #/login?error=<code> when the sign-in failed'),
        }),
      },
    },
    async (request, reply) => {
      reply.clearCookie(OIDC_STATE_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
      try {
        const { username } = await ctx.oidc.finish(new URL(request.url, 'https://callback.invalid'), request.cookies[OIDC_STATE_COOKIE]);
        const { token } = await createSession(ctx.store.db, ctx.policy, username, 'oidc');
        await recordAudit(ctx.store.db, {
          actor: `admin:${username}`,
          action: 'admin.login',
          targetType: 'admin_user',
          targetId: username,
          details: { ip: request.ip, method: 'oidc' },
        });
        setSessionCookie(reply, token, ctx.policy.sessionMaxSeconds);
        return reply.redirect('/', 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await recordAudit(ctx.store.db, {
          actor: UNAUTHENTICATED,
          action: 'admin.login_failed',
          targetType: 'admin_user',
          targetId: null,
          details: { ip: request.ip, method: 'oidc', reason: error.message },
        });
        // The sign-in page shows its own text for this code; the details stay in the audit trail.
        return reply.redirect(`/#/login?error=${ssoFailureCode(error)}`, 302);
      }
    },
  );
  rejectOtherMethods(app, '/api/auth/oidc/callback', ['GET', 'HEAD']);
}
