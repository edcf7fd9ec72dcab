import { activityExportFileCall, buildPath } from '@vaultline/contracts';

/**
 * The file's URL: a plain link downloads it, the session cookie authenticates the GET. Apart from api.ts: it needs the
 * call's definition at once (for an href), and only the export dialog, fetched when it opens, asks for it.
 */
export function exportFileUrl(exportId: string): string {
  return buildPath(activityExportFileCall.path, { exportId });
}
