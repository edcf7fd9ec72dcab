import { and, eq } from 'drizzle-orm';
import { walletBalances } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';
import { LEDGER_VALIDATORS } from './ledger-validators.service.js';

/** Test-only scene for the staking tests (imported by them alone). */
export const STORY = '/api/v1/organizations/staking/story';
export const IP = (n: bigint) => n * 10n ** 18n;
export const NATIVE = 'STORY_TESTNET.IP';
/** Two earning validators accepting unlocked tokens, and the one accepting locked tokens only. */
export const HANBIT: string = LEDGER_VALIDATORS[0].validatorId;
export const NAMSAN: string = LEDGER_VALIDATORS[1].validatorId;
export const HALLASAN: string = LEDGER_VALIDATORS[3].validatorId;

export interface StakingScene {
  orgId: string;
  owner: TestBrowser;
  /** Stands at the wallet's creation step; needs the approver's approval. */
  requester: TestBrowser;
  approver: TestBrowser;
  /** A member of the wallet who is not at its creation step. */
  bystander: TestBrowser;
  /** The owner of another organization. */
  outsider: TestBrowser;
  wallet: CreatedWallet;
}

export async function stakingScene(t: TestApp, name: string): Promise<StakingScene> {
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
  const wallet = await createWallet(owner, orgId, 'STORY_TESTNET', `${name} Story`);
  for (const who of [m.requester, m.bystander]) {
    const added = await owner.post(`/api/v1/organizations/wallets/${wallet.id}/members/add`, {
      memberId: who.id,
      role: 'MEMBER',
    });
    if (added.statusCode !== 200) throw new Error(added.body);
  }
  const line = await owner.post(`/api/v1/organizations/requests/${wallet.id}/approval-line-templates`, {
    creation: [{ kind: 'MEMBER', memberId: m.requester.id }],
    steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: m.approver.id }] }],
  });
  if (line.statusCode !== 200) throw new Error(line.body);
  return {
    orgId,
    owner,
    requester: await signIn(t, m.requester),
    approver: await signIn(t, m.approver),
    bystander: await signIn(t, m.bystander),
    outsider: await signIn(t, m.outsider),
    wallet,
  };
}

export async function nativeBalance(t: TestApp, walletId: string) {
  const [row] = await t.testDb.database.db
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, NATIVE)));
  return {
    total: BigInt(row?.total ?? '0'),
    staked: BigInt(row?.staked ?? '0'),
    locked: BigInt(row?.locked ?? '0'),
  };
}
