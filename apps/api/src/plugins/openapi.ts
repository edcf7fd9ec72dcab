import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CLIENT_VERSION } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { documentRefiner } from '../openapi/operations.js';

/**
 * The OpenAPI document always (it is generated from the same routes); the interactive docs at /api/docs only when
 * configured (API_DOCS; off in production by default), served under the application's own CSP.
 * `publicUrl` names the server; without it the server is relative (`/`): the API is served from the same origin
 * as the document and the web app, and the committed document (openapi.json) must not depend on a deployment.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { docs: boolean; publicUrl?: string }) => {
  const refiner = documentRefiner();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vaultline API',
        description:
          'Organizational custody dashboard for digital assets. Errors answer `{ code, message, data }`; ' +
          'the code selects a translated message (English or Korean, by Accept-Language; Korean by default); ' +
          'each operation lists the codes it may answer under their HTTP statuses. A completed sign-in sets the ' +
          'session cookie; every POST, PATCH and DELETE repeats the CSRF cookie in the X-CSRF-Token header (see ' +
          "each operation's security). Other VASPs' travel-rule calls sign the request instead.",
        version: CLIENT_VERSION,
      },
      servers: [
        opts.publicUrl
          ? { url: opts.publicUrl, description: 'This deployment' }
          : { url: '/', description: 'The origin that serves this document (paths start with /api/v1)' },
      ],
    },
    transform: (input) => {
      refiner.noteRoute(input);
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => refiner.refine(jsonSchemaTransformObject(input)),
  });
  if (!opts.docs) return;
  // No validator badge: it would fetch an image from swagger.io, which the CSP refuses anyway.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
});
