import type { Db } from '../../db/client.js';
import { organizationRepository } from '../organization/organization.repository.js';
import { addressTaken, type WalletRow, walletsRepository } from './wallets.repository.js';

/**
 * What the custody engine may do to wallets, inside the transaction of the request it executes: the organization's
 * sealed seed (locked for the time of one derivation) and the new wallet with its first manager. The engine
 * reaches wallets only through this interface, bound to the organization of the request it executes.
 */
export function walletCustody(tx: Db, organizationId: string) {
  const repo = walletsRepository(tx, organizationId);
  return {
    walletOfRequest: (requestId: string) => repo.findByRequest(requestId),

    /** How the organization's new wallets are kept (the provider's custody policy), read when a creation executes. */
    async newWalletPolicy(): Promise<{ custody: 'HOT' | 'COLD'; coldSignersRequired: 1 | 2 }> {
      const org = await organizationRepository(tx, organizationId).findOrganization();
      return {
        custody: org?.newWalletCustody === 'COLD' ? 'COLD' : 'HOT',
        coldSignersRequired: org?.coldSignersRequired === 2 ? 2 : 1,
      };
    },

    /** The organization's sealed seed row, locked; made with `seal()` the first time. */
    async lockSeed(seal: () => string) {
      const existing = await repo.lockSeed();
      if (existing) return existing;
      await repo.insertSeed(seal());
      return (await repo.lockSeed())!;
    },

    /**
     * What the signer needs for one signature by a wallet of this organization: the sealed mnemonic and the
     * wallet's account index. Undefined when the address is not one of the organization's wallets.
     */
    async signingMaterial(blockchain: string, address: string) {
      const wallet = await repo.findByAddress(blockchain, address);
      // A cold wallet's key is on its air-gapped signer: nothing is ever derived for it here.
      if (wallet?.custody !== 'HOT') return undefined;
      const mnemonicEnc = await repo.sealedSeed();
      return wallet && mnemonicEnc ? { mnemonicEnc, accountIndex: wallet.accountIndex } : undefined;
    },

    /** The cold Solana wallet a durable-nonce account is made for (its id seeds the address, its key is authority). */
    walletOfSolNonceAccount: (blockchain: string, account: string) => repo.findBySolNonceAccount(blockchain, account),

    /** The organization's sealed mnemonic (its gas-fee wallets sign with keys of it too); undefined before any. */
    sealedSeed: () => repo.sealedSeed(),

    /** The wallet of `address` when it is cold: what a sign request for its air-gapped signer names. */
    async coldWallet(blockchain: string, address: string) {
      const wallet = await repo.findByAddress(blockchain, address);
      return wallet?.custody === 'COLD' ? wallet : undefined;
    },

    /**
     * A cold wallet imported by the provider (maker-checker workflow): the signer's public key and where it is under
     * the cold seed; the organization's owner becomes its first manager. The organization's seed is not touched.
     */
    async importColdWallet(
      values: Pick<
        WalletRow,
        'name' | 'blockchain' | 'family' | 'address' | 'publicKey' | 'derivationPath' | 'accountIndex'
      > & {
        coldMasterFingerprint: string;
        coldSignersRequired: 1 | 2;
        /** Where it comes from: the provider's import workflow, or a wallet creation request (cold policy). */
        origin: { importWorkflowId: string } | { creationRequestId: string };
        createdAt: Date;
      },
      firstManagerId: string,
    ): Promise<WalletRow> {
      const { origin, ...rest } = values;
      const wallet = await repo.insert({
        ...rest,
        custody: 'COLD',
        importWorkflowId: 'importWorkflowId' in origin ? origin.importWorkflowId : null,
        creationRequestId: 'creationRequestId' in origin ? origin.creationRequestId : null,
      });
      await repo.addMember(wallet.id, firstManagerId, 'MANAGER', values.createdAt);
      return wallet;
    },

    /** The wallet's public key as stored at creation (bitcoin-type: compressed secp256k1, hex); undefined if none. */
    async publicKeyOf(blockchain: string, address: string) {
      return (await repo.findByAddress(blockchain, address))?.publicKey;
    },

    nameTaken: (name: string) => repo.nameTaken(name),
    addressTaken: (blockchain: string, address: string) => addressTaken(tx, blockchain, address),

    /** The wallet, its account index spent, and the request's initiator as its first manager. */
    async createWallet(
      values: Omit<
        WalletRow,
        | 'id'
        | 'createdAt'
        | 'organizationId'
        | 'custody'
        | 'coldMasterFingerprint'
        | 'coldSignersRequired'
        | 'importWorkflowId'
        | 'solNonceAccount'
        | 'memberCount'
        | 'listItem'
      > & { creationRequestId: string; createdAt: Date },
      firstManagerId: string,
    ): Promise<WalletRow> {
      const wallet = await repo.insert(values);
      await repo.advanceSeed(values.accountIndex + 1);
      await repo.addMember(wallet.id, firstManagerId, 'MANAGER', values.createdAt);
      return wallet;
    },
  };
}
