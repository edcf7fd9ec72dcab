import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CLIENT_VERSION } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document always (it is generated from the same routes); the interactive docs at /api/docs only when
 * configured (API_DOCS; off in production by default), served under the application's own CSP.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { docs: boolean }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vaultline API',
        description:
          'Organizational custody dashboard for digital assets. Errors answer `{ code, message, data }`; ' +
          'the code selects a translated message (English or Korean, by Accept-Language; Korean by default).',
        version: CLIENT_VERSION,
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!opts.docs) return;
  // No validator badge: it would fetch an image from swagger.io, which the CSP refuses anyway.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
});
