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
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { gasFeeAddressTaken } from '../gas-fee-wallets/gas-fee-custody.service.js';
import { operatorRepository } from '../operator/operator.repository.js';
import { walletCustody } from '../wallets/wallet-custody.service.js';

/** The networks whose cold wallets sign through the queue today; EOS-type accounts need registering first. */
export const COLD_FAMILIES = new Set(['btc', 'evm', 'sol']);

export interface ColdWalletProposal {
  walletName: string;
  blockchain: Blockchain;
  accountParts: string[];
  /** Signing operators each transaction needs (1 or 2). */
  signersRequired: 1 | 2;
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

/** The cold account the proposal's parts hold, for its network; 40000-40002 when they hold none. */
export function readProposedAccount(proposal: ColdWalletProposal): ColdAccount {
  if (!COLD_FAMILIES.has(familyOf(proposal.blockchain))) throw new AppError('4000', { reason: 'cold-family' });
  const ur = collectParts(proposal.accountParts, [COLD_ACCOUNT_TYPE]);
  try {
    return readColdAccount(ur, proposal.blockchain);
  } catch (error) {
    if (error instanceof ColdQrError) throw new AppError(error.code, { reason: error.reason });
    throw error;
  }
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
    address: account.address,
    derivationPath: account.derivationPath,
    masterFingerprint: account.masterFingerprint,
  };
}

/** The approved proposal's wallet, in the approval's transaction; the organization's owner is its first manager. */
export async function importColdWallet(
  tx: Db,
  workflow: { id: string; organizationId: string; payload: ColdWalletProposal },
  now: Date,
) {
  const account = await checkColdWallet(tx, workflow.organizationId, workflow.payload);
  const owner = (await operatorRepository(tx).owners([workflow.organizationId])).get(workflow.organizationId);
  if (!owner) throw new AppError('404', { reason: 'no-owner' });
  return walletCustody(tx, workflow.organizationId).importColdWallet(
    {
      name: workflow.payload.walletName.trim(),
      blockchain: account.blockchain,
      family: familyOf(account.blockchain),
      address: account.address,
      publicKey: account.publicKey,
      derivationPath: account.derivationPath,
      accountIndex: account.accountIndex,
      coldMasterFingerprint: account.masterFingerprint,
      coldSignersRequired: workflow.payload.signersRequired === 2 ? 2 : 1,
      importWorkflowId: workflow.id,
      createdAt: now,
    },
    owner.id,
  );
}
