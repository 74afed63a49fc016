import type { FastifyInstance } from 'fastify';
import { getSsoSettings, ssoSettingsJson, updateSsoSettings } from '../../auth/sso-settings.ts';
import { getRetention, updateRetention } from '../../events/retention.ts';
import { getSiemSettings, siemSettingsJson, updateSiemSettings } from '../../siem/settings.ts';
import { sendSiemTestEvent } from '../../siem/test-event.ts';
import { rejectOtherMethods } from '../errors.ts';
import { actorOf, type AdminContext } from './context.ts';
import { RETENTION_BODY, SIEM_BODY, SSO_BODY, type RetentionBody, type SiemBody, type SsoBody } from './schemas.ts';

const tags: readonly string[] = ['settings'];

/** Settings → SIEM Integration, event retention and single sign-on; same as `rampart siem|events retention|sso`. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AdminContext): void {
  app.get('/api/settings/siem', { schema: { summary: 'SIEM forwarding settings', tags } }, async () => siemSettingsJson(await getSiemSettings(ctx.store)));
  app.put<{ Body: SiemBody }>(
    '/api/settings/siem',
    { schema: { summary: 'Change SIEM forwarding: collector IP, UDP port, format, on/off (members left out keep their values)', tags, body: SIEM_BODY } },
    async (request) => siemSettingsJson(await updateSiemSettings(ctx.store, actorOf(request), request.body)),
  );
  rejectOtherMethods(app, '/api/settings/siem', ['GET', 'HEAD', 'PUT']);

  app.post('/api/settings/siem/test', { schema: { summary: 'Send one test event to the configured collector now', tags } }, async (request) => {
    const result = await sendSiemTestEvent(ctx.store, actorOf(request));
    return { sent: true, event_id: result.event.id, collector: result.collector, port: result.port, format: result.format, bytes: result.bytes };
  });
  rejectOtherMethods(app, '/api/settings/siem/test', ['POST']);

  app.get('/api/settings/retention', { schema: { summary: 'Event retention', tags } }, async () => getRetention(ctx.store));
  app.put<{ Body: RetentionBody }>(
    '/api/settings/retention',
    { schema: { summary: 'Change event retention (by age and by count)', tags, body: RETENTION_BODY } },
    async (request) => updateRetention(ctx.store, actorOf(request), request.body),
  );
  rejectOtherMethods(app, '/api/settings/retention', ['GET', 'HEAD', 'PUT']);

  app.get('/api/settings/sso', { schema: { summary: 'Single sign-on (OpenID Connect) settings; the client secret is never returned', tags } }, async () =>
    ssoSettingsJson(await getSsoSettings(ctx.store), ctx.dataDir),
  );
  app.put<{ Body: SsoBody }>('/api/settings/sso', { schema: { summary: 'Change single sign-on settings', tags, body: SSO_BODY } }, async (request) =>
    ssoSettingsJson(await updateSsoSettings(ctx.store, ctx.dataDir, actorOf(request), request.body), ctx.dataDir),
  );
  rejectOtherMethods(app, '/api/settings/sso', ['GET', 'HEAD', 'PUT']);
}
