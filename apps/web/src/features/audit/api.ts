import { useMutation } from '@tanstack/react-query';
import type { AuditActionName, AuditEntry } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { sortBy, useCursorPagedQuery } from '../../lib/queries';

const calls = () => import('./calls');
const auditLogListCall = lazyCall(calls, 'auditLogListCall');
const operatorAuditLogListCall = lazyCall(calls, 'operatorAuditLogListCall');
const auditLogExportCall = lazyCall(calls, 'auditLogExportCall');
const operatorAuditLogExportCall = lazyCall(calls, 'operatorAuditLogExportCall');

export type { AuditEntry };
/** Whose log: the caller's organization (its owners), or every organization's (operators). */
export type AuditScope = 'organization' | 'operator';
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_QUERY = ['audit'] as const;

export interface AuditFilterState {
  actorId: string | null;
  actions: AuditActionName[];
  /** Calendar days in Asia/Seoul, both included. */
  days: [string | null, string | null];
  /** Operators: one organization, or 'PROVIDER' for their own entries. */
  organizationId: string | null;
}

/** A Seoul calendar day's first or last millisecond, as the API's ISO instant. */
const seoulInstant = (day: string, end: boolean) =>
  new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}+09:00`).toISOString();

/** The filters of the list and the export, as the calls take them. */
export function auditFilters(state: AuditFilterState, scope: AuditScope) {
  const [from, to] = state.days;
  return {
    ...(state.actorId ? { actorId: state.actorId } : {}),
    ...(state.actions.length > 0 ? { actions: state.actions } : {}),
    ...(from ? { from: seoulInstant(from, false) } : {}),
    ...(to ? { to: seoulInstant(to, true) } : {}),
    ...(scope === 'operator' && state.organizationId ? { organizationId: state.organizationId } : {}),
  };
}

export function useAuditLog(scope: AuditScope, state: AuditFilterState, page: number) {
  const filters = auditFilters(state, scope);
  const body = { page, size: AUDIT_PAGE_SIZE, sort: sortBy('createdAt', 'DESC'), filters };
  // The two calls answer the same entries; the owners' takes no organization filter (never set for them).
  const call = (scope === 'operator' ? operatorAuditLogListCall : auditLogListCall) as typeof operatorAuditLogListCall;
  return useCursorPagedQuery([...AUDIT_QUERY, scope, filters], call, body);
}

/** The CSV of what the filters select, saved by the browser as a file. */
export function useAuditExport(scope: AuditScope) {
  return useMutation<void, ApiError, AuditFilterState>({
    mutationKey: [...AUDIT_QUERY, 'export', scope],
    mutationFn: async (state) => {
      const body = { filters: auditFilters(state, scope) };
      const csv =
        scope === 'operator'
          ? await callApi(operatorAuditLogExportCall, { body })
          : await callApi(auditLogExportCall, { body });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}
