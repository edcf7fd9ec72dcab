import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  accounts,
  activityExports,
  approvalTemplates,
  groupMembers,
  groupPermissions,
  invitations,
  memberGroups,
  memberPermissions,
  organizationTokens,
  requestDecisions,
  requests,
  walletBalances,
  walletMembers,
  wallets,
} from '../../db/schema/index.js';
import { runningExport } from '../../test/asset-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createMember, createOrganization, grant, type TestMember } from '../../test/fixtures.js';
import { approvalsRepository } from '../approvals/approvals.repository.js';
import { requestViewValues } from '../approvals/request-list-item.js';
import { activitiesRepository } from '../assets/activities.repository.js';
import { balancesRepository } from '../assets/balances.repository.js';
import { groupsRepository } from '../organization/groups.repository.js';
import { organizationRepository } from '../organization/organization.repository.js';
import { tokensRepository } from '../tokens/tokens.repository.js';
import { walletsRepository } from '../wallets/wallets.repository.js';
import { visibleWalletIds } from './visibility.repository.js';

/**
 * The repositories are bound to one organization when made: given ids of another organization's rows (found by
 * any means: guessed, leaked, or a caller's mistake), a repository bound to A reads nothing of B's and writes
 * nothing of B's, child rows included (decisions, wallet and group members, permissions, balances).
 */

const VIEW_VALUES = requestViewValues(loadConfig({ LOG_LEVEL: 'silent' }));

let t: TestDatabase;
let db: Db;
let memberA: TestMember;
let b: Awaited<ReturnType<typeof sceneOfB>>;

/** Organization B with one row of each kind a repository reaches. */
async function sceneOfB() {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const org = await createOrganization(db, 'Organization B');
  const owner = await createMember(db, config, { organizationId: org.id, otp: false });
  const invited = await createMember(db, config, { organizationId: org.id, otp: false });
  await grant(db, owner.id, ['OWNER']);
  const step = { requiredApprovals: 1, eligible: [owner.id], status: 'PENDING' };
  const [request] = await db
    .insert(requests)
    .values({
      organizationId: org.id,
      type: 'WALLET_CREATION',
      itemType: 'WALLET_CREATION',
      payload: { kind: 'WALLET_CREATION' },
      status: 'CREATED',
      initiatorId: owner.id,
      steps: [step],
    })
    .returning();
  await db
    .insert(requestDecisions)
    .values({ requestId: request!.id, accountId: owner.id, step: 0, decision: 'APPROVED' });
  const [wallet] = await db
    .insert(wallets)
    .values({
      organizationId: org.id,
      name: 'B cold',
      blockchain: 'ETHEREUM',
      family: 'evm',
      address: '0x00000000000000000000000000000000000000b1',
      publicKey: 'pk',
      derivationPath: "m/44'/60'/0'/0/0",
      accountIndex: 0,
      creationRequestId: request!.id,
    })
    .returning();
  const [walletMember] = await db
    .insert(walletMembers)
    .values({ walletId: wallet!.id, accountId: owner.id, role: 'MANAGER' })
    .returning();
  await db.insert(approvalTemplates).values({
    organizationId: org.id,
    scope: 'WALLET',
    walletId: wallet!.id,
    template: { creation: [], steps: [] },
  });
  await db.insert(walletBalances).values({
    walletId: wallet!.id,
    tokenId: 'ETHEREUM.ETH',
    organizationId: org.id,
    blockchain: 'ETHEREUM',
    total: '5',
  });
  const [group] = await db.insert(memberGroups).values({ organizationId: org.id, name: 'B desk' }).returning();
  await db.insert(groupMembers).values({ groupId: group!.id, accountId: owner.id });
  await db.insert(groupPermissions).values({ groupId: group!.id, permission: 'WALLETS_VIEW' });
  const [token] = await db
    .insert(organizationTokens)
    .values({ organizationId: org.id, tokenId: 'ETHEREUM.USDC', blockchain: 'ETHEREUM', addedBy: owner.id })
    .returning();
  await db.insert(invitations).values({
    organizationId: org.id,
    accountId: invited.id,
    kind: 'MEMBER',
    email: invited.email,
    tokenHash: 'hash',
    status: 'PENDING',
    expiresAt: new Date('2099-01-01T00:00:00Z'),
  });
  const exported = await runningExport(db, org.id, owner.id);
  return {
    org,
    owner,
    invited,
    request: request!,
    wallet: wallet!,
    walletMember: walletMember!,
    group: group!,
    token: token!,
    exported,
  };
}

/** Every row of B's that the repositories could reach, each table's rows in a stable order. */
async function rowsOfB() {
  const ids = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.organizationId, b.org.id));
  const tables = {
    accounts: await db.select().from(accounts).where(eq(accounts.organizationId, b.org.id)),
    memberPermissions: await db.select().from(memberPermissions).where(inArray(memberPermissions.accountId, ids)),
    requests: await db.select().from(requests).where(eq(requests.organizationId, b.org.id)),
    decisions: await db.select().from(requestDecisions).where(eq(requestDecisions.requestId, b.request.id)),
    wallets: await db.select().from(wallets).where(eq(wallets.organizationId, b.org.id)),
    walletMembers: await db.select().from(walletMembers).where(eq(walletMembers.walletId, b.wallet.id)),
    templates: await db.select().from(approvalTemplates).where(eq(approvalTemplates.organizationId, b.org.id)),
    balances: await db.select().from(walletBalances).where(eq(walletBalances.walletId, b.wallet.id)),
    groups: await db.select().from(memberGroups).where(eq(memberGroups.organizationId, b.org.id)),
    groupMembers: await db.select().from(groupMembers).where(eq(groupMembers.groupId, b.group.id)),
    groupPermissions: await db.select().from(groupPermissions).where(eq(groupPermissions.groupId, b.group.id)),
    tokens: await db.select().from(organizationTokens).where(eq(organizationTokens.organizationId, b.org.id)),
    invitations: await db.select().from(invitations).where(eq(invitations.organizationId, b.org.id)),
    exports: await db.select().from(activityExports).where(eq(activityExports.organizationId, b.org.id)),
  };
  return Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [name, rows.map((r) => JSON.stringify(r)).sort()]),
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  const orgA = await createOrganization(db, 'Organization A');
  memberA = await createMember(db, loadConfig({ LOG_LEVEL: 'silent' }), { organizationId: orgA.id, otp: false });
  b = await sceneOfB();
});
afterAll(async () => {
  await t?.dispose();
});

describe('repositories bound to an organization', () => {
  it('reach the rows of their own organization (the ids below are real)', async () => {
    expect(await approvalsRepository(db, b.org.id).findRequest(b.request.id)).toBeDefined();
    expect(await approvalsRepository(db, b.org.id).decisionsOf([b.request.id])).toHaveLength(1);
    const item = await approvalsRepository(db, b.org.id).item(b.owner.id, b.request.id, VIEW_VALUES);
    expect(JSON.parse(item!)).toMatchObject({
      id: b.request.id,
      initiator: { id: b.owner.id, email: expect.stringContaining('@') },
      steps: [{ approvers: [{ memberId: b.owner.id, decision: 'APPROVED' }] }],
    });
    expect(await walletsRepository(db, b.org.id).findMember(b.wallet.id, b.walletMember.id)).toBeDefined();
    expect(await groupsRepository(db, b.org.id).find(b.group.id)).toBeDefined();
    expect((await groupsRepository(db, b.org.id).details([b.group.id])).members.get(b.group.id)).toHaveLength(1);
    expect(await organizationRepository(db, b.org.id).findMember(b.owner.id)).toBeDefined();
    expect(await tokensRepository(db, b.org.id).find(b.token.id)).toBeDefined();
    expect(await balancesRepository(db, b.org.id).ofWallets([b.wallet.id])).toHaveLength(1);
    expect(await activitiesRepository(db, b.org.id).findExport(b.exported.id)).toBeDefined();
  });

  it("read nothing of another organization's, whatever ids they are given", async () => {
    const approvals = approvalsRepository(db, memberA.organizationId);
    expect(await approvals.findRequest(b.request.id, { lock: true })).toBeUndefined();
    expect(await approvals.decisionsOf([b.request.id])).toEqual([]);
    expect(await approvals.findTemplate('WALLET', b.wallet.id)).toBeUndefined();
    expect((await approvals.people([b.owner.id])).size).toBe(0);
    expect(await approvals.item(b.owner.id, b.request.id, VIEW_VALUES)).toBeUndefined();
    expect(await approvals.countPendingFor(b.owner.id)).toBe(0);

    const walletsA = walletsRepository(db, memberA.organizationId);
    expect(await walletsA.find(b.wallet.id)).toBeUndefined();
    expect(await walletsA.findByRequest(b.request.id)).toBeUndefined();
    expect(await walletsA.findMember(b.wallet.id, b.walletMember.id)).toBeUndefined();
    expect(await walletsA.members(b.wallet.id, 1, 20)).toEqual({ rows: [], total: 0 });
    expect((await walletsA.memberships([b.wallet.id], b.owner.id)).size).toBe(0);
    const summary = await walletsA.memberSummary([b.wallet.id], b.owner.id);
    expect([summary.roles.size, summary.counts.size]).toEqual([0, 0]);
    expect(await walletsA.managerCount(b.wallet.id)).toBe(0);
    expect(await visibleWalletIds(db, memberA.organizationId, b.owner.id)).toEqual(new Set());

    const groups = groupsRepository(db, memberA.organizationId);
    expect(await groups.find(b.group.id)).toBeUndefined();
    const details = await groups.details([b.group.id]);
    expect([details.members.get(b.group.id), details.permissions.get(b.group.id)]).toEqual([[], []]);
    expect(await groups.liveMemberIds([b.owner.id])).toEqual([]);

    const members = organizationRepository(db, memberA.organizationId);
    expect(await members.findMember(b.owner.id)).toBeUndefined();
    expect((await members.ownPermissions([b.owner.id])).get(b.owner.id)).toEqual([]);
    expect((await members.groupsOf([b.owner.id])).get(b.owner.id)).toEqual([]);
    expect((await members.groupPermissionsOf([b.group.id])).get(b.group.id)).toEqual([]);
    expect((await members.pendingInvitations([b.invited.id])).size).toBe(0);

    const tokens = tokensRepository(db, memberA.organizationId);
    expect(await tokens.find(b.token.id)).toBeUndefined();
    expect(await tokens.all()).toEqual([]);
    expect(await balancesRepository(db, memberA.organizationId).ofWallets([b.wallet.id])).toEqual([]);
    expect(await balancesRepository(db, memberA.organizationId).visibleWallet(null, b.wallet.id)).toBeUndefined();
    expect(await activitiesRepository(db, memberA.organizationId).findExport(b.exported.id)).toBeUndefined();
  });

  it("update, delete and insert under nothing of another organization's: B's rows stay as they were", async () => {
    const before = await rowsOfB();
    const now = new Date();
    const a = memberA.organizationId;

    const approvals = approvalsRepository(db, a);
    expect(await approvals.updateRequest(b.request.id, { status: 'CANCELED', updatedAt: now })).toBeUndefined();
    // A decision onto B's request, by A's member and by B's own: neither is written.
    for (const accountId of [memberA.id, b.invited.id])
      await approvals.insertDecision({
        requestId: b.request.id,
        accountId,
        step: 0,
        decision: 'REJECTED',
        decidedAt: now,
      });

    const walletsA = walletsRepository(db, a);
    await walletsA.setRole(b.walletMember.id, 'MEMBER');
    await walletsA.removeMember(b.walletMember.id);
    expect(await walletsA.addMember(b.wallet.id, memberA.id, 'MANAGER', now)).toBeUndefined();
    expect(await walletsA.addMember(b.wallet.id, b.invited.id, 'MANAGER', now)).toBeUndefined();

    const groups = groupsRepository(db, a);
    await groups.rename(b.group.id, 'Taken over', now);
    await groups.setMembers(b.group.id, [memberA.id, b.invited.id]);
    await groups.setPermissions(b.group.id, ['OWNER']);
    await groups.delete(b.group.id);

    const members = organizationRepository(db, a);
    expect(await members.updateMember(b.owner.id, { status: 'DELETED' }, now)).toBeUndefined();
    await members.setOwnPermissions(b.owner.id, []);
    await members.setOwnPermissions(b.invited.id, ['OWNER']);
    await members.removeFromAllGroups(b.owner.id);
    await members.closeInvitations(b.invited.id, 'CANCELED', now);

    expect(await tokensRepository(db, a).remove(b.token.id)).toBe(false);
    await activitiesRepository(db, a).finishExport(b.exported.id, { status: 'FAILED', finishedAt: now });

    expect(await rowsOfB()).toEqual(before);
  });
  it("write B's rows when bound to B: the comparison above would have seen a write", async () => {
    const before = await rowsOfB();
    const now = new Date();
    const approvals = approvalsRepository(db, b.org.id);
    const decision = { requestId: b.request.id, accountId: b.invited.id, step: 0, decision: 'REJECTED' as const };
    await approvals.insertDecision({ ...decision, decidedAt: now });
    expect(await approvals.decisionsOf([b.request.id])).toHaveLength(2);
    const walletsB = walletsRepository(db, b.org.id);
    expect(await walletsB.addMember(b.wallet.id, b.invited.id, 'MEMBER', now)).toBeDefined();
    await walletsB.setRole(b.walletMember.id, 'MEMBER');
    expect((await walletsB.findMember(b.wallet.id, b.walletMember.id))?.m.role).toBe('MEMBER');
    await groupsRepository(db, b.org.id).setMembers(b.group.id, [b.owner.id, b.invited.id]);
    await groupsRepository(db, b.org.id).setPermissions(b.group.id, ['WALLETS_VIEW', 'GROUP_UPDATE']);
    await organizationRepository(db, b.org.id).setOwnPermissions(b.invited.id, ['WALLETS_VIEW']);
    const after = await rowsOfB();
    for (const table of ['decisions', 'walletMembers', 'groupMembers', 'groupPermissions', 'memberPermissions'])
      expect(after[table], table).not.toEqual(before[table]);
  });
});
