import { travelRuleInquiryCall } from '@vaultline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { travelRuleBeneficiary } from './travel-rule-beneficiary.js';

/** An inquiry is a few kilobytes of IVMS101; anything far larger is not one. */
const BODY_LIMIT = 64 * 1024;

/**
 * The travel-rule API other VASPs call. Its signature covers the exact bytes sent, so this plugin (encapsulated:
 * nothing outside it is affected) keeps the raw JSON text beside the parsed body.
 */
export async function travelRuleRoutes(app: FastifyInstance, opts: { db: Db; masterKey: string; clock: () => Date }) {
  const raw = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    raw.set(request, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('4000', { reason: 'bad-json' }), undefined);
    }
  });
  const beneficiary = travelRuleBeneficiary({ db: opts.db, masterKey: opts.masterKey, log: app.log });
  registerCall(app, travelRuleInquiryCall, async ({ request, body }) =>
    beneficiary.answer(request.headers, raw.get(request) ?? '', body, opts.clock()),
  );
}
