import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CLIENT_VERSION } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const openApiPlugin = fp(async (app: FastifyInstance) => {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
