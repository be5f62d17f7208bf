import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { publicScope } from '../../platform/access';
import type { OpenApiDocument } from '../../platform/openapi';

/**
 * The API's reference for other clients and test authors: the OpenAPI document drawn from the
 * routes' declarations (platform/openapi.ts) at /api/docs/json, read in Swagger UI at /api/docs.
 * @fastify/swagger serves the document as given (`static` mode: the app fills it once its routes
 * are known); the reader's pages and files are public.
 */
export async function apiDocsRoutes(app: FastifyInstance, document: OpenApiDocument) {
  publicScope(app);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
    // The site's own Content-Security-Policy (self-hosted files, no inline script) applies.
    staticCSP: false,
  });
}
