import { createHash } from 'node:crypto';

/** The first entry of every chain follows this "previous hash". */
export const GENESIS_HASH = '0'.repeat(64);
/** The chain of the provider's operators' own actions (outside any organization). */
export const PROVIDER_CHAIN = 'provider';

/** What an entry's hash covers: everything it says, its place in its chain, and the previous entry's hash. */
export interface ChainedContent {
  id: string;
  chain: string;
  seq: number;
  organizationId: string | null;
  actorId: string | null;
  actorKind: 'MEMBER' | 'OPERATOR' | 'ANONYMOUS' | 'SYSTEM';
  actorLabel: string;
  action: string;
  objectType: string;
  objectId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  prevHash: string;
}

/**
 * JSON with object keys sorted at every level: the same value always gives the same text, whatever order its keys
 * were written or read back in (PostgreSQL's jsonb keeps its own order).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) over the entry's canonical text, which ends with the previous entry's hash. */
export function entryHash(entry: ChainedContent): string {
  const text = canonicalJson([
    entry.id,
    entry.chain,
    entry.seq,
    entry.organizationId,
    entry.actorId,
    entry.actorKind,
    entry.actorLabel,
    entry.action,
    entry.objectType,
    entry.objectId,
    entry.before,
    entry.after,
    entry.ip,
    entry.userAgent,
    entry.createdAt.toISOString(),
    entry.prevHash,
  ]);
  return createHash('sha256').update(text).digest('hex');
}

export type ChainBreak =
  | { kind: 'hash'; seq: number; id: string }
  | { kind: 'link'; seq: number; id: string }
  | { kind: 'gap'; seq: number; expected: number };

/**
 * Checks one chain's entries, in `seq` order, continuing from `previous` (the last entry already checked, or none):
 * each must follow the one before it (seq + 1, its prevHash that entry's hash) and carry the hash of its own
 * content. The first break, or null.
 */
export function firstBreak(
  entries: Iterable<ChainedContent & { hash: string }>,
  previous: { seq: number; hash: string } | null,
): { broken: ChainBreak | null; last: { seq: number; hash: string } | null } {
  let last = previous;
  for (const entry of entries) {
    const expected = (last?.seq ?? 0) + 1;
    if (entry.seq !== expected) return { broken: { kind: 'gap', seq: entry.seq, expected }, last };
    if (entry.prevHash !== (last?.hash ?? GENESIS_HASH))
      return { broken: { kind: 'link', seq: entry.seq, id: entry.id }, last };
    if (entryHash(entry) !== entry.hash) return { broken: { kind: 'hash', seq: entry.seq, id: entry.id }, last };
    last = { seq: entry.seq, hash: entry.hash };
  }
  return { broken: null, last };
}
