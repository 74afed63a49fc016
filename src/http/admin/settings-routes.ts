import type { HttpApp } from '../http-app.ts';
import { getSsoSettings, SSO_SETTINGS_SCHEMA, ssoSettingsJson, updateSsoSettings } from '../../auth/sso-settings.ts';
import { getRetention, RETENTION_SETTINGS_SCHEMA, updateRetention } from '../../events/retention.ts';
import { getSiemSettings, SIEM_SETTINGS_SCHEMA, siemSettingsJson, updateSiemSettings } from '../../siem/settings.ts';
import { sendSiemTestEvent } from '../../siem/test-event.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, type AdminContext } from './context.ts';
import { RETENTION_BODY, SIEM_BODY, SIEM_TEST_SCHEMA, SSO_BODY, type SiemTestJson } from './schemas.ts';

const tags: readonly string[] = ['settings'];

/** Settings → SIEM Integration, event retention and single sign-on; same as `rampart siem|events retention|sso`. */
export function registerSettingsRoutes(app: HttpApp, ctx: AdminContext): void {
  const siem = withErrors({ 200: SIEM_SETTINGS_SCHEMA });
  app.get('/api/settings/siem', { schema: { summary: 'SIEM forwarding settings', tags, response: siem } }, async () =>
    siemSettingsJson(await getSiemSettings(ctx.store)),
  );
  app.put(
    '/api/settings/siem',
    {
      schema: {
        summary: 'Change SIEM forwarding: collector IP, UDP port, format, on/off (members left out keep their values)',
        tags,
        body: SIEM_BODY,
        response: siem,
      },
    },
    async (request) => siemSettingsJson(await updateSiemSettings(ctx.store, actorOf(request), request.body)),
  );
  rejectOtherMethods(app, '/api/settings/siem', ['GET', 'HEAD', 'PUT']);

  app.post(
    '/api/settings/siem/test',
    { schema: { summary: 'Send one test event to the configured collector now', tags, response: withErrors({ 200: SIEM_TEST_SCHEMA }) } },
    async (request) => {
      const result = await sendSiemTestEvent(ctx.store, actorOf(request));
      return {
        sent: true,
        event_id: result.event.id,
        collector: result.collector,
        port: result.port,
        format: result.format,
        bytes: result.bytes,
      } satisfies SiemTestJson;
    },
  );
  rejectOtherMethods(app, '/api/settings/siem/test', ['POST']);

  const retention = withErrors({ 200: RETENTION_SETTINGS_SCHEMA });
  app.get('/api/settings/retention', { schema: { summary: 'Event retention', tags, response: retention } }, async () => getRetention(ctx.store));
  app.put(
    '/api/settings/retention',
    { schema: { summary: 'Change event retention (by age and by count)', tags, body: RETENTION_BODY, response: retention } },
    async (request) => updateRetention(ctx.store, actorOf(request), request.body),
  );
  rejectOtherMethods(app, '/api/settings/retention', ['GET', 'HEAD', 'PUT']);

  const sso = withErrors({ 200: SSO_SETTINGS_SCHEMA });
  app.get(
    '/api/settings/sso',
    { schema: { summary: 'Single sign-on (OpenID Connect) settings; the client secret is never returned', tags, response: sso } },
    async () => ssoSettingsJson(await getSsoSettings(ctx.store), ctx.dataDir),
  );
  app.put('/api/settings/sso', { schema: { summary: 'Change single sign-on settings', tags, body: SSO_BODY, response: sso } }, async (request) =>
    ssoSettingsJson(await updateSsoSettings(ctx.store, ctx.dataDir, actorOf(request), request.body), ctx.dataDir),
  );
  rejectOtherMethods(app, '/api/settings/sso', ['GET', 'HEAD', 'PUT']);
}
