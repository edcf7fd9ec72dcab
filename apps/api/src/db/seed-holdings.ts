import { randomEosAccountName } from '@vaultline/chains';
import { type Blockchain, familyOf, type RequestContentOf } from '@vaultline/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import { walletCreationHandler } from '../engine/wallet-creation.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { devnetService } from '../modules/devnet/devnet.service.js';
import type { Db } from './client.js';
import {
  accounts,
  devnetTransactions,
  organizations,
  organizationTokens,
  requestDecisions,
  requests,
  wallets,
} from './schema/index.js';

interface DemoDeposit {
  amount: string;
  token?: string;
  fail?: boolean;
}

/** The demo organization's holdings: wallets on several chains and the deposits the devnet brings them. */
export const DEMO_WALLETS: { name: string; blockchain: Blockchain; deposits: DemoDeposit[] }[] = [
  {
    name: 'Sepolia Treasury',
    blockchain: 'SEPOLIA',
    deposits: [{ amount: '2.5' }, { amount: '1200', token: 'USDC' }, { amount: '0.75', fail: true }],
  },
  { name: 'Bitcoin Testnet Vault', blockchain: 'BITCOIN_TESTNET', deposits: [{ amount: '0.125' }] },
  { name: 'Solana Operations', blockchain: 'SOLANA', deposits: [{ amount: '42' }] },
  {
    name: 'Ethereum Reserve',
    blockchain: 'ETHEREUM',
    deposits: [{ amount: '3.2' }, { amount: '5000', token: 'USDC' }, { amount: '1500', token: 'USDT' }],
  },
  { name: 'BizAuto Settlement', blockchain: 'BIZAUTO', deposits: [{ amount: '1000' }] },
  // Story's staking needs 1024 IP at least per stake.
  { name: 'Story Staking', blockchain: 'STORY_TESTNET', deposits: [{ amount: '5000' }] },
];
export const DEMO_ORGANIZATION_TOKENS = ['ETHEREUM.USDC', 'SEPOLIA.USDC'];

export type HoldingsConfig = Pick<Config, 'masterKey'> & Partial<Pick<Config, 'production'>>;

/**
 * Adds what is missing of the demo holdings, so running it again changes nothing. Wallets are made the
 * product's way: an approved creation request executed by the engine's own function (real derivation from
 * the organization's seed); deposits go into the devnet's mempool, and the watcher turns them into activities
 * and balances like any other deposit (never in production, where there is no devnet).
 */
export async function seedDemoHoldings(db: Db, config: HoldingsConfig, organizationName: string, ownerEmail: string) {
  const [owner] = await db
    .select({ id: accounts.id, organizationId: accounts.organizationId })
    .from(accounts)
    .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
    .where(and(eq(organizations.name, organizationName), eq(accounts.email, ownerEmail)));
  if (!owner?.organizationId) return;
  const organizationId = owner.organizationId;
  const now = () => new Date();

  for (const tokenId of DEMO_ORGANIZATION_TOKENS) {
    await db
      .insert(organizationTokens)
      .values({ organizationId, tokenId, blockchain: tokenId.split('.')[0]!, addedBy: owner.id })
      .onConflictDoNothing();
  }

  const devnet = devnetService({ db, config: config as Config, clock: now });
  for (const plan of DEMO_WALLETS) {
    let [wallet] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.organizationId, organizationId), eq(wallets.name, plan.name)));
    if (!wallet) {
      const requestId = await approvedCreationRequest(db, organizationId, owner.id, plan.name, plan.blockchain);
      // The engine's handler reads only the master key and its test-only fault delay from the config.
      const create = walletCreationHandler({
        config: { ...config, engineFaultDelayMs: 0 } as Config,
        requests: requestExecution(db, now),
        now,
      });
      await create({ requestId, organizationId });
      [wallet] = await db.select().from(wallets).where(eq(wallets.creationRequestId, requestId));
      if (!wallet) continue; // the request failed (its reason is on the request); the demo goes on without it
    }
    if (config.production) continue;
    const [sent] = await db
      .select({ id: devnetTransactions.id })
      .from(devnetTransactions)
      .where(
        and(eq(devnetTransactions.blockchain, wallet.blockchain), eq(devnetTransactions.toAddress, wallet.address)),
      )
      .limit(1);
    if (sent) continue;
    for (const d of plan.deposits) {
      await devnet.deposit({ blockchain: plan.blockchain, toAddress: wallet.address, ...d });
    }
  }
}

/** A wallet-creation request the owner made and approved, as the one-step default line would leave it. */
async function approvedCreationRequest(
  db: Db,
  organizationId: string,
  ownerId: string,
  name: string,
  blockchain: Blockchain,
): Promise<string> {
  const now = new Date();
  const payload: RequestContentOf<'WALLET_CREATION'> = {
    kind: 'WALLET_CREATION',
    name,
    blockchain,
    family: familyOf(blockchain),
    // An EOSIO account name is chosen, not derived.
    ...(familyOf(blockchain) === 'eosio' ? { accountName: randomEosAccountName() } : {}),
  };
  const [request] = await db
    .insert(requests)
    .values({
      organizationId,
      type: 'WALLET_CREATION',
      itemType: 'WALLET_CREATION',
      payload,
      status: 'APPROVED',
      initiatorId: ownerId,
      steps: [{ requiredApprovals: 1, eligible: [ownerId], status: 'APPROVED' }],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: requests.id });
  await db
    .insert(requestDecisions)
    .values({ requestId: request!.id, accountId: ownerId, step: 0, decision: 'APPROVED', decidedAt: now });
  return request!.id;
}
