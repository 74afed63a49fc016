import type { HttpApp } from '../http-app.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { installAdminGate, type AdminContext } from './context.ts';
import { registerEventRoutes } from './event-routes.ts';
import { registerModelBackendRoutes } from './model-backend-routes.ts';
import { registerPlaygroundRoutes } from './playground-routes.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { registerPulledModelRoutes } from './pulled-model-routes.ts';
import { registerRuntimeLlmRoutes } from './runtime-llm-routes.ts';
import { registerSettingsRoutes } from './settings-routes.ts';
import { registerVectorRoutes } from './vector-routes.ts';

/** The JSON admin API behind the dashboard, under /api; documented in the listener's OpenAPI document. */
export async function registerAdminApi(app: HttpApp, ctx: AdminContext): Promise<void> {
  await installAdminGate(app, ctx);
  // Document the session requirement on every non-public route.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.config?.auth !== 'public' && route.schema && !route.schema.hide) {
      route.schema.security ??= [{ session: [], csrf: [] }];
    }
  });
  registerAuthRoutes(app, ctx);
  registerRuntimeLlmRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerModelBackendRoutes(app, ctx);
  registerPulledModelRoutes(app, ctx);
  registerPlaygroundRoutes(app, ctx);
  registerVectorRoutes(app, ctx);
}
