// Cold wallets enter Vaultline through the provider's maker-checker workflow: one operator proposes the wallet with
// the account key its air-gapped signer exported (crypto-hdkey QR parts), another approves it with a fresh code. The
// key is read and checked (its network's curve and standard path, the address derived from it) when proposed and
// again when approved; the wallet is made in the approval's transaction. Nothing private ever reaches Vaultline.
import {
  COLD_ACCOUNT_TYPE,
  type ColdAccount,
  ColdQrError,
  QrPartCollector,
  readColdAccount,
} from '@vaultline/chains/cold';
import { type Blockchain, familyOf, walletNameProblem } from '@vaultline/contracts';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { registerDevnetAccount } from '../../devnet/ledger-store.js';
import { AppError } from '../../http/app-error.js';
import { gasFeeAddressTaken } from '../gas-fee-wallets/gas-fee-custody.service.js';
import { operatorRepository } from '../operator/operator.repository.js';
import { walletCustody } from '../wallets/wallet-custody.service.js';

export interface ColdWalletProposal {
  walletName: string;
  blockchain: Blockchain;
  accountParts: string[];
  /** Signing operators each transaction needs (1 or 2). */
  signersRequired: 1 | 2;
  /** EOS-type networks only: the account the key controls. */
  accountName?: string | undefined;
}

/** What the wallet row keeps of a checked proposal: its address, and the public key in the family's stored form. */
interface ProposedWallet extends ColdAccount {
  /** EOS-type: the account name; the others: the address the key derives. */
  address: string;
  /** EOS-type: the key's `EOS…` text (as hot EOS-type wallets keep it); the others: hex. */
  storedPublicKey: string;
}

/** Puts QR parts of one message of `types` back together; their refusals are the catalogue's 40000-40002. */
export function collectParts(parts: readonly string[], types: readonly string[]) {
  try {
    const collector = new QrPartCollector(types);
    for (const part of parts) {
      if (collector.complete) break;
      collector.receive(part);
    }
    return collector.finish();
  } catch (error) {
    if (error instanceof ColdQrError) throw new AppError(error.code, { reason: error.reason });
    throw error;
  }
}

/**
 * The cold account the proposal's parts hold, for its network; 40000-40002 when they hold none. An EOS-type address
 * is an account name, not a key, so there the proposal names the account (4000 when it is missing, or given on a
 * network whose addresses come from the key).
 */
export function readProposedAccount(proposal: ColdWalletProposal): ProposedWallet {
  const eosType = familyOf(proposal.blockchain) === 'eosio';
  if (eosType !== (proposal.accountName !== undefined)) throw new AppError('4000', { reason: 'account-name' });
  const ur = collectParts(proposal.accountParts, [COLD_ACCOUNT_TYPE]);
  let account: ColdAccount;
  try {
    account = readColdAccount(ur, proposal.blockchain);
  } catch (error) {
    if (error instanceof ColdQrError) throw new AppError(error.code, { reason: error.reason });
    throw error;
  }
  // EOS-type: what readColdAccount derives as the address is the key's `EOS…` text, the form the account keeps.
  return eosType
    ? { ...account, address: proposal.accountName!, storedPublicKey: account.address }
    : { ...account, storedPublicKey: account.publicKey };
}

/** Asks a real EOS-type node who controls an account (engine/chains/eos-account-authority.ts, wired in services.ts). */
export type EosAccountAuthority = (
  nodeUrl: string,
  account: string,
  publicKey: string,
) => Promise<'controlled' | 'unknown-account' | 'other-authority' | 'node-unavailable'>;

/**
 * On an EOS-type network with a real node, the proposed account must be the cold key's alone: the node is asked
 * when the wallet is proposed and again when it is approved (keys can change in between). 4000 `account-unknown` or
 * `account-not-controlled`; 503 when the node does not answer, or the network has none (production). On the
 * devnet the approval registers the account instead. Called outside any transaction: it waits on the node.
 */
export async function checkColdAccountOnChain(
  proposal: ColdWalletProposal,
  config: Pick<Config, 'chainRpc' | 'production'>,
  authority: EosAccountAuthority | undefined,
) {
  if (familyOf(proposal.blockchain) !== 'eosio') return;
  const runtime = chainRuntimeOf(config, proposal.blockchain);
  if (runtime.kind === 'devnet') return;
  if (runtime.kind === 'unavailable' || !authority) throw new AppError('503', { reason: 'node-unavailable' });
  const account = readProposedAccount(proposal);
  const verdict = await authority(runtime.url, account.address, account.storedPublicKey);
  if (verdict === 'node-unavailable') throw new AppError('503', { reason: 'node-unavailable' });
  if (verdict === 'unknown-account') throw new AppError('4000', { reason: 'account-unknown' });
  if (verdict !== 'controlled') throw new AppError('4000', { reason: 'account-not-controlled' });
}

/** Refuses a proposal that could not become a wallet now: its name's rules and uniqueness, its address taken. */
export async function checkColdWallet(tx: Db, organizationId: string, proposal: ColdWalletProposal) {
  const problem = walletNameProblem(proposal.walletName);
  if (problem) throw new AppError(problem);
  const account = readProposedAccount(proposal);
  const custody = walletCustody(tx, organizationId);
  if (await custody.nameTaken(proposal.walletName.trim())) throw new AppError('4006');
  if (
    (await custody.addressTaken(proposal.blockchain, account.address)) ||
    (await gasFeeAddressTaken(tx, proposal.blockchain, account.address))
  ) {
    throw new AppError('4109');
  }
  return account;
}

/** What the workflow keeps of a checked proposal: the proposal and, for the approver to compare, what it derives. */
export async function coldWalletPayload(tx: Db, organizationId: string, proposal: ColdWalletProposal) {
  const account = await checkColdWallet(tx, organizationId, proposal);
  return {
    walletName: proposal.walletName.trim(),
    blockchain: proposal.blockchain,
    accountParts: proposal.accountParts,
    signersRequired: proposal.signersRequired,
    ...(proposal.accountName === undefined ? {} : { accountName: proposal.accountName }),
    address: account.address,
    // EOS-type: the key the account is to be controlled by, as the signer shows it.
    ...(account.address === account.storedPublicKey ? {} : { accountKey: account.storedPublicKey }),
    derivationPath: account.derivationPath,
    masterFingerprint: account.masterFingerprint,
  };
}

/** The approved proposal's wallet, in the approval's transaction; the organization's owner is its first manager. */
export async function importColdWallet(
  tx: Db,
  workflow: { id: string; organizationId: string; payload: ColdWalletProposal },
  now: Date,
  config: Pick<Config, 'chainRpc' | 'production'>,
) {
  const owner = (await operatorRepository(tx).owners([workflow.organizationId])).get(workflow.organizationId);
  if (!owner) throw new AppError('404', { reason: 'no-owner' });
  return makeColdWallet(tx, workflow.organizationId, workflow.payload, {
    origin: { importWorkflowId: workflow.id },
    firstManagerId: owner.id,
    now,
    config,
  });
}

/**
 * A cold wallet of a checked proposal, from the import workflow or from a wallet creation request of an organization
 * whose policy keeps new wallets cold (the request's initiator is then its first manager, as with a hot one).
 */
export async function makeColdWallet(
  tx: Db,
  organizationId: string,
  proposal: ColdWalletProposal,
  made: {
    origin: { importWorkflowId: string } | { creationRequestId: string };
    firstManagerId: string;
    now: Date;
    config: Pick<Config, 'chainRpc' | 'production'>;
  },
) {
  const { now, config } = made;
  const account = await checkColdWallet(tx, organizationId, proposal);
  const wallet = await walletCustody(tx, organizationId).importColdWallet(
    {
      name: proposal.walletName.trim(),
      blockchain: account.blockchain,
      family: familyOf(account.blockchain),
      address: account.address,
      publicKey: account.storedPublicKey,
      derivationPath: account.derivationPath,
      accountIndex: account.accountIndex,
      coldMasterFingerprint: account.masterFingerprint,
      coldSignersRequired: proposal.signersRequired === 2 ? 2 : 1,
      origin: made.origin,
      createdAt: now,
    },
    made.firstManagerId,
  );
  // An EOS-type account is registered, not derived. On the devnet, registering pairs the name with the cold key in
  // the approval's transaction, as a hot wallet's creation does; on a network the provider creates the account.
  if (wallet.family === 'eosio' && chainRuntimeOf(config, account.blockchain).kind === 'devnet') {
    await registerDevnetAccount(tx, account.blockchain, account.address, account.storedPublicKey);
  }
  return wallet;
}
