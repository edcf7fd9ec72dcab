import { describe, expect, it } from 'vitest';
import { type ChainedContent, canonicalJson, entryHash, firstBreak, GENESIS_HASH } from './audit-chain.js';

function chain(n: number) {
  const entries: (ChainedContent & { hash: string })[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const content: ChainedContent = {
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      chain: 'org',
      seq,
      organizationId: null,
      actorId: null,
      actorKind: 'MEMBER',
      actorLabel: 'kim@example.com',
      action: 'GROUP_UPDATED',
      objectType: 'group',
      objectId: String(seq),
      before: { name: 'Old', members: ['a', 'b'] },
      after: { name: `New ${seq}`, members: ['a'] },
      ip: '10.0.0.1',
      userAgent: 'test',
      createdAt: new Date(1_800_000_000_000 + seq),
      prevHash,
    };
    const hash = entryHash(content);
    entries.push({ ...content, hash });
    prevHash = hash;
  }
  return entries;
}

describe('audit chain', () => {
  it('writes the same value as the same text whatever its key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: null, e: 'x' }], c: true } })).toBe(
      canonicalJson({ a: { c: true, d: [1, { e: 'x', f: null }] }, b: 1 }),
    );
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('verifies an intact chain, also continued from a checked part', () => {
    const entries = chain(5);
    expect(firstBreak(entries, null)).toEqual({ broken: null, last: { seq: 5, hash: entries[4]!.hash } });
    const head = firstBreak(entries.slice(0, 2), null).last;
    expect(firstBreak(entries.slice(2), head).broken).toBeNull();
  });

  it('finds an edited entry, a re-hashed one (its successor no longer links), a removed one and a reorder', () => {
    const edited = chain(4);
    edited[2] = { ...edited[2]!, after: { name: 'Forged', members: ['a'] } };
    expect(firstBreak(edited, null).broken).toEqual({ kind: 'hash', seq: 3, id: edited[2]!.id });

    const rehashed = chain(4);
    const forged = { ...rehashed[1]!, actorLabel: 'someone@else.com' };
    rehashed[1] = { ...forged, hash: entryHash(forged) };
    expect(firstBreak(rehashed, null).broken).toEqual({ kind: 'link', seq: 3, id: rehashed[2]!.id });

    const removed = chain(4);
    removed.splice(1, 1);
    expect(firstBreak(removed, null).broken).toEqual({ kind: 'gap', seq: 3, expected: 2 });

    const reordered = chain(3);
    [reordered[0], reordered[1]] = [reordered[1]!, reordered[0]!];
    expect(firstBreak(reordered, null).broken?.kind).toBe('gap');
  });
});
