import { maskEmail, type OperatorRole, operatorCan, type Workflow } from '@vaultline/contracts';
import type { AuthContext } from '../auth/session.service.js';
import type { OperatorRepository, OrganizationRow, WorkflowRow } from './operator.repository.js';

const role = (auth: AuthContext) => auth.operatorRole as OperatorRole | null;

/** Workflows as the console shows them: who proposed and decided, and what the caller may do now. */
export async function describeWorkflows(
  repo: OperatorRepository,
  auth: AuthContext,
  rows: WorkflowRow[],
): Promise<Workflow[]> {
  const people = await repo.accountsById([
    ...new Set(rows.flatMap((r) => [r.createdBy, ...(r.decidedBy ? [r.decidedBy] : [])])),
  ]);
  const names = await repo.organizationNames([
    ...new Set(rows.flatMap((r) => (r.organizationId ? [r.organizationId] : []))),
  ]);
  const person = (id: string) => {
    const a = people.get(id);
    return {
      id,
      email: a?.email ?? '',
      userName: a?.userName ?? '',
      role: (a?.operatorRole as OperatorRole | null) ?? null,
    };
  };
  const mayDecide = (r: WorkflowRow) =>
    r.status === 'IN_PROGRESS' && r.createdBy !== auth.accountId && operatorCan(role(auth), 'decideWorkflow');
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    organizationId: r.organizationId,
    organizationName: r.organizationId
      ? (names.get(r.organizationId) ?? null)
      : ((r.payload.name as string | undefined) ?? null),
    // Whoever may decide a workflow sees in full the address they approve.
    payload: mayDecide(r) ? r.payload : maskPayload(r.payload, auth),
    createdBy: person(r.createdBy),
    createdAt: r.createdAt.toISOString(),
    decidedBy: r.decidedBy ? person(r.decidedBy) : null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    memo: r.memo,
    canDecide: mayDecide(r),
    canCancel: r.status === 'IN_PROGRESS' && r.createdBy === auth.accountId,
  }));
}

/** Masking by the email-viewer role is for looking through lists, not for deciding. */
function maskPayload(payload: Record<string, unknown>, auth: AuthContext) {
  if (typeof payload.email !== 'string' || operatorCan(role(auth), 'viewEmails')) return payload;
  return { ...payload, email: maskEmail(payload.email) };
}

export async function describeOrganizations(repo: OperatorRepository, auth: AuthContext, rows: OrganizationRow[]) {
  const ids = rows.map((r) => r.id);
  const [owners, counts] = await Promise.all([repo.owners(ids), repo.memberCounts(ids)]);
  const seeEmails = operatorCan(role(auth), 'viewEmails');
  return rows.map((r) => {
    const owner = owners.get(r.id);
    return {
      id: r.id,
      name: r.name,
      businessRegistrationNumber: r.businessRegistrationNumber,
      representativeName: r.representativeName,
      custodyFeeBps: r.custodyFeeBps,
      amlStatus: r.amlStatus,
      amlCheckedAt: r.amlCheckedAt?.toISOString() ?? null,
      ownerEmail: owner ? (seeEmails ? owner.email : maskEmail(owner.email)) : null,
      ownerStatus: owner ? (owner.status === 'ACTIVE' ? ('ACTIVE' as const) : ('INVITED' as const)) : ('NONE' as const),
      memberCount: counts.get(r.id) ?? 0,
      newWalletCustody: r.newWalletCustody,
      coldSignersRequired: r.coldSignersRequired === 2 ? (2 as const) : (1 as const),
      createdAt: r.createdAt.toISOString(),
    };
  });
}
