import { addressVerificationCall, sanctionsImportCall, vaspRequestListCall } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage } from '../../plugins/error-handler.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function complianceRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { compliance, sanctionsImport } = opts.services;

  registerCall(app, vaspRequestListCall, async ({ request, query }) => compliance.vaspRequests(auth(request), query));
  registerCall(app, addressVerificationCall, async ({ request, body }) =>
    compliance.verifyAddress(auth(request), body.blockchain, body.address),
  );
  registerCall(app, sanctionsImportCall, async ({ request, body }) =>
    sanctionsImport.importList(auth(request), body.list, body.csv, requestLanguage(request)),
  );
}
