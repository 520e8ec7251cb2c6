import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { nameComponents, type JsonObject } from './openapi-components.js';
import { API_CONVENTIONS } from './openapi-description.js';
import { compressedDocument } from '../http/compressed-document.js';

/**
 * OpenAPI 3.1 from the route schemas at /api/openapi.json, and a browsable reference at /api/docs: every
 * operation has its operationId (the client's declaration), and named schemas are components.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LiftCloud API',
        version,
        description: API_CONVENTIONS,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      // the document is plain JSON that fastify-swagger built from the routes, walked as such
      return nameComponents(documents.openapiObject as JsonObject) as typeof documents.openapiObject;
    },
  });
  // The reference page and its assets are open, like the document they show.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, permission: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get(
    '/api/openapi.json',
    { config: { permission: 'public' }, schema: { hide: true } },
    compressedDocument(() => app.swagger()),
  );
}
