import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { publicScope, type DeclaredRoute } from '../../platform/access';
import { describeApi, emptyDocument } from '../../platform/openapi';

/**
 * The API's reference for other clients and test authors: the OpenAPI document drawn from the
 * routes' declarations (platform/openapi.ts) at /api/docs/json, read in Swagger UI at /api/docs.
 * @fastify/swagger serves the document as given (`static` mode, read by reference); it is drawn
 * at the first request for the reference rather than at start-up, which every server (and every
 * test app) would pay for a page few open. The reader's pages and files are public.
 */
export async function apiDocsRoutes(app: FastifyInstance, routes: () => readonly DeclaredRoute[]) {
  publicScope(app);
  const document = emptyDocument();
  let described = false;
  app.addHook('onRequest', async () => {
    if (described) return;
    describeApi(document, routes());
    described = true;
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
    // The site's own Content-Security-Policy (self-hosted files, no inline script) applies.
    staticCSP: false,
  });
}
