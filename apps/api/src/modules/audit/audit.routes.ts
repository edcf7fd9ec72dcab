import {
  auditLogExportCall,
  auditLogListCall,
  operatorAuditLogExportCall,
  operatorAuditLogListCall,
} from '@vaultline/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';
import { formatSeoul } from '../assets/seoul-time.js';

/** A CSV download: the stream goes out as it is (the serializer never sees it). */
function csv(reply: FastifyReply, body: unknown): string {
  const stamp = formatSeoul(new Date()).replace(/[/: ]/g, '');
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
    .header('cache-control', 'no-store');
  return body as string;
}

export async function auditRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { audit } = opts.services;
  registerCall(app, auditLogListCall, async ({ request, body }) => audit.list(auth(request), body));
  registerCall(app, operatorAuditLogListCall, async ({ request, body }) => audit.list(auth(request), body));
  registerCall(
    app,
    auditLogExportCall,
    async ({ request, reply, body }) => csv(reply, await audit.exportCsv(auth(request), body.filters)),
    { produces: ['text/csv'] },
  );
  registerCall(
    app,
    operatorAuditLogExportCall,
    async ({ request, reply, body }) => csv(reply, await audit.exportCsv(auth(request), body.filters)),
    { produces: ['text/csv'] },
  );
}
