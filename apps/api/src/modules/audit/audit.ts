import type { AuditActionName, AuditObjectTypeName } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../auth/session.service.js';
import { auditRepository } from './audit.repository.js';
import { PROVIDER_CHAIN } from './audit-chain.js';

/** Who acted, as the log names them: the account, its kind, its email then, and where the call came from. */
export interface AuditActor {
  accountId: string | null;
  kind: 'MEMBER' | 'OPERATOR' | 'ANONYMOUS' | 'SYSTEM';
  label: string;
  /** The actor's organization (a member's), which decides the chain of what it does. */
  organizationId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The signed-in caller of a request as an actor. */
export function actorOf(auth: AuthContext): AuditActor {
  return {
    accountId: auth.accountId,
    kind: auth.kind,
    label: auth.email,
    organizationId: auth.organizationId,
    ip: auth.ip ?? null,
    userAgent: auth.userAgent ?? null,
  };
}

/** Someone known by account but not signed in (a sign-in, an emailed link). */
export function accountActor(
  account: { id: string; kind: 'MEMBER' | 'OPERATOR'; email: string; organizationId: string | null },
  meta: { ip: string; userAgent: string },
): AuditActor {
  return {
    accountId: account.id,
    kind: account.kind,
    label: account.email,
    organizationId: account.organizationId,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 255),
  };
}

/** The custody engine (a request's execution, a failed transfer). */
export const SYSTEM_ACTOR: AuditActor = {
  accountId: null,
  kind: 'SYSTEM',
  label: 'custody engine',
  organizationId: null,
  ip: null,
  userAgent: null,
};

export interface AuditEvent {
  action: AuditActionName;
  /** The organization the change is in (defaults to the actor's). */
  organizationId?: string | null;
  objectType: AuditObjectTypeName;
  objectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** JSON-safe values (dates as ISO text), so the hash covers exactly what the database keeps. */
function plain(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** The fields that differ between two versions of an object, each side holding only those (null when none). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) b[key] = before[key];
    if (key in after) a[key] = after[key];
  }
  return { before: Object.keys(b).length ? b : null, after: Object.keys(a).length ? a : null };
}

/**
 * Writes one entry of the audit log in `tx`, the transaction of the change itself: the change and its entry commit
 * or roll back together. A member's actions go to their organization's chain; an operator's, and what happens
 * outside any organization, to the provider's.
 */
export async function recordAudit(tx: Db, actor: AuditActor, event: AuditEvent, at: Date): Promise<void> {
  const organizationId = event.organizationId === undefined ? actor.organizationId : event.organizationId;
  const chain = actor.kind === 'OPERATOR' || !organizationId ? PROVIDER_CHAIN : organizationId;
  await auditRepository(tx).append({
    chain,
    organizationId,
    actorId: actor.accountId,
    actorKind: actor.kind,
    actorLabel: actor.label,
    action: event.action,
    objectType: event.objectType,
    objectId: event.objectId ?? null,
    before: plain(event.before),
    after: plain(event.after),
    ip: actor.ip,
    userAgent: actor.userAgent,
    // Milliseconds: what the column keeps, so the hash's time reads back the same.
    createdAt: new Date(at.getTime()),
  });
}
