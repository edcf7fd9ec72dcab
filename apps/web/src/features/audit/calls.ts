/**
 * This feature's calls. Fetched with their schemas (and zod's core) when the first call is made, so the screens draw
 * without them (api.ts names them with `lazyCall`).
 */
export {
  auditLogExportCall,
  auditLogListCall,
  operatorAuditLogExportCall,
  operatorAuditLogListCall,
} from '@vaultline/contracts';
