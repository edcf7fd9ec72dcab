import { z } from 'zod';
import { tagged } from '../call.js';
import { ENVIRONMENTS } from '../constants.js';

const systemCall = tagged('system');

export const healthCall = systemCall({
  id: 'health',
  method: 'GET',
  path: '/healthz',
  summary: 'The process is up',
  access: 'public',
  response: z.object({ status: z.literal('ok') }),
});

export const readinessCall = systemCall({
  id: 'readiness',
  method: 'GET',
  path: '/readyz',
  summary: 'The database answers',
  access: 'public',
  errors: ['503'],
  response: z.object({ status: z.literal('ready'), database: z.enum(['postgres', 'pglite']) }),
});

export const SystemInfo = z.object({
  name: z.literal('Vaultline'),
  version: z.string(),
  environment: z.enum(ENVIRONMENTS),
  production: z.boolean(),
  timezone: z.string(),
  sessionMinutes: z.number().int(),
  languages: z.array(z.enum(['EN', 'KO'])),
  defaultLanguage: z.enum(['EN', 'KO']),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

export const systemInfoCall = systemCall({
  id: 'systemInfo',
  method: 'GET',
  path: '/api/v1/system/info',
  summary: 'Product version, environment and the client-facing constants',
  access: 'public',
  response: SystemInfo,
});
