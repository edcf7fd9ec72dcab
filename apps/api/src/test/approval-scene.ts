import type { Blockchain } from '@vaultline/contracts';
import type { TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import { createMember, createOrganization, grant, signIn } from './fixtures.js';
import { type CreatedWallet, createWallet } from './wallet-fixtures.js';

/** How the scene's wallet is made; createWallet (the in-process engine derives it) unless the test says otherwise. */
export type MakeWallet = (
  owner: TestBrowser,
  organizationId: string,
  blockchain: Blockchain,
  name: string,
) => Promise<CreatedWallet>;

/**
 * The people around one wallet whose requests need an approval (the staking and withdrawal scenes build on it).
 */
export interface ApprovalScene {
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

/**
 * An organization `name` whose owner made the wallet `walletName` on `blockchain`, the requester and the bystander
 * its members, and its approval line: the requester at the creation step, one step approved by the approver.
 */
export async function approvalScene(
  t: TestApp,
  name: string,
  opts: { blockchain: Blockchain; walletName: string; makeWallet?: MakeWallet },
): Promise<ApprovalScene> {
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
  const wallet = await (opts.makeWallet ?? createWallet)(owner, orgId, opts.blockchain, opts.walletName);
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
