import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { HttpApp } from './http-app.ts';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Replaces the default scheme (the check API's X-API-Key). */
  securitySchemes?: Record<string, { type: 'apiKey'; in: 'header' | 'cookie'; name: string; description: string }>;
}

/**
 * Publishes the listener's OpenAPI 3 document at /openapi.json and an offline Swagger UI at /docs
 * (assets served by the appliance itself, no CDN).
 */
export async function registerOpenApi(app: HttpApp, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    // Shared schemas (the error shape) are listed under components by their $id.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    openapi: {
      openapi: '3.0.3',
      info: { title: options.title, description: options.description, version: options.version },
      components: {
        securitySchemes: options.securitySchemes ?? {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key of a Runtime LLM, shown once when created or regenerated.' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
