import { and, eq } from 'drizzle-orm';
import { walletBalances } from '../../db/schema/index.js';
import { INDIVIDUAL } from '../../test/address-book-fixtures.js';
import type { TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';

/** Test-only scene for the withdrawal tests (imported by them alone). */
export const WD = (family: string) => `/api/v1/organizations/withdrawals/${family}/withdrawal-request`;
export const ETH = (n: bigint) => n * 10n ** 18n;
/** The evm fee reserve of withdrawal-rules.ts: what each ETH withdrawal holds besides its amount. */
export const EVM_FEE_RESERVE = 10n ** 15n;

export interface WithdrawalScene {
  orgId: string;
  owner: TestBrowser;
  /** Stands at Alpha's creation step; needs the approver's approval. */
  requester: TestBrowser;
  approver: TestBrowser;
  /** A member of Alpha who is not at its creation step. */
  bystander: TestBrowser;
  outsider: TestBrowser;
  alpha: CreatedWallet;
  /** A REGISTERED ETHEREUM.ETH address-book entry. */
  entryId: string;
}

export async function withdrawalScene(t: TestApp, name: string): Promise<WithdrawalScene> {
  const db = t.testDb.database.db;
  const orgId = (await createOrganization(db, name)).id;
  const m = {
    owner: await createMember(db, t.config, { organizationId: orgId }),
    requester: await createMember(db, t.config, { organizationId: orgId }),
    approver: await createMember(db, t.config, { organizationId: orgId }),
    bystander: await createMember(db, t.config, { organizationId: orgId }),
    outsider: await createMember(db, t.config),
  };
  await grant(db, m.owner.id, ['OWNER']);
  await grant(db, m.outsider.id, ['OWNER']);
  const owner = await signIn(t, m.owner);
  const alpha = await createWallet(owner, orgId, 'ETHEREUM', `${name} Alpha`);
  for (const who of [m.requester, m.bystander]) {
    const added = await owner.post(`/api/v1/organizations/wallets/${alpha.id}/members/add`, {
      memberId: who.id,
      role: 'MEMBER',
    });
    if (added.statusCode !== 200) throw new Error(added.body);
  }
  const line = await owner.post(`/api/v1/organizations/requests/${alpha.id}/approval-line-templates`, {
    creation: [{ kind: 'MEMBER', memberId: m.requester.id }],
    steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: m.approver.id }] }],
  });
  if (line.statusCode !== 200) throw new Error(line.body);
  const entry = await owner.post('/api/v1/address-books', {
    name: `${name} destination`,
    tokenId: 'ETHEREUM.ETH',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    walletType: 'PERSONAL',
    receiverType: 'INDIVIDUAL',
    receiver: INDIVIDUAL,
  });
  if (entry.statusCode !== 200 || entry.json().state !== 'REGISTERED') throw new Error(entry.body);
  return {
    orgId,
    owner,
    requester: await signIn(t, m.requester),
    approver: await signIn(t, m.approver),
    bystander: await signIn(t, m.bystander),
    outsider: await signIn(t, m.outsider),
    alpha,
    entryId: entry.json().id,
  };
}

export async function balanceOf(t: TestApp, walletId: string, tokenId = 'ETHEREUM.ETH') {
  const [row] = await t.testDb.database.db
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, tokenId)));
  return { total: BigInt(row?.total ?? '0'), locked: BigInt(row?.locked ?? '0') };
}
