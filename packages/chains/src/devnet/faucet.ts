// The faucet pays like any wallet: it builds a transaction with the family's builder against the devnet's own
// state (nonce, genesis outputs, blockhash, TAPOS block), signs it with its key from the public devnet mnemonic and
// broadcasts the signed bytes. Only its balance is special: unlimited (bitcoin-type: fresh genesis outputs).
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { BLOCKCHAIN_INFO, familyOf, nativeToken, tokenById } from '@vaultline/contracts';
import { buildBtcTransfer, signBtcTransfer } from '../tx/btc.js';
import { buildEosTransfer, signEosTransfer } from '../tx/eosio.js';
import { buildEvmTransfer, type EvmToken, signEvmTransfer } from '../tx/evm.js';
import { buildSolTransfer, type SolToken, signSolTransfer } from '../tx/sol.js';
import type { SignedTransfer } from '../tx/types.js';
import type { DevnetAdapter } from './devnet-adapter.js';
import { devnetEosBlockId, devnetFaucetKey, devnetSolBlockhash, eosChainIdOf, faucetAddress } from './formats.js';
import type { DevnetOutcome, LedgerStore } from './ports.js';
import {
  DEVNET_BTC_FEE_RATE,
  DEVNET_ERC20_TRANSFER_GAS,
  DEVNET_EVM_BASE_FEE,
  DEVNET_EVM_PRIORITY_FEE,
  DEVNET_EVM_TRANSFER_GAS,
  DEVNET_SOL_BLOCKHASH_VALIDITY,
} from './verify-types.js';

export interface FaucetPayment {
  toAddress: string;
  tokenId: string;
  amount: bigint;
  /** Mined but failed (the devnet's switch for testing failed deposits). */
  fail?: boolean;
}

/** Room for the fee above the amount in a bitcoin-type genesis output; what is left comes back as change. */
const BTC_GENESIS_MARGIN = 100_000n;
/** Concurrent faucet payments may pick the same EVM nonce; the loser builds again with the next one. */
const NONCE_RACE_ATTEMPTS = 5;
/** How long a faucet EOS transaction stays valid (nodeos allows up to an hour). */
const EOS_EXPIRATION_MS = 5 * 60_000;

/** Pays from the faucet through the devnet's front door; throws TransferBuildError for what no builder makes. */
export async function faucetPay(
  chain: DevnetAdapter,
  store: LedgerStore,
  payment: FaucetPayment,
): Promise<DevnetOutcome> {
  for (let attempt = 1; ; attempt++) {
    const signed = await signedPayment(chain, store, payment);
    const outcome = await chain.broadcast(signed.raw, signed.hash, { fail: payment.fail === true });
    const raced = outcome.kind === 'refused' && ['SEQUENCE_USED', 'REPLACEMENT_UNDERPRICED'].includes(outcome.reason);
    if (!raced || attempt >= NONCE_RACE_ATTEMPTS) return outcome;
  }
}

async function signedPayment(
  chain: DevnetAdapter,
  store: LedgerStore,
  payment: FaucetPayment,
): Promise<SignedTransfer> {
  const { blockchain } = chain;
  const token = tokenById(payment.tokenId);
  if (!token || token.blockchain !== blockchain) throw new Error(`${payment.tokenId} is no token of ${blockchain}`);
  const from = faucetAddress(blockchain);
  const key = devnetFaucetKey(blockchain);
  const head = await store.height(blockchain);
  switch (familyOf(blockchain)) {
    case 'evm': {
      const evmToken: EvmToken =
        token.contractAddress === null
          ? { kind: 'native' }
          : { kind: 'erc20', contract: token.contractAddress, decimals: token.decimals };
      const unsigned = buildEvmTransfer({
        blockchain,
        fromAddress: from,
        toAddress: payment.toAddress,
        token: evmToken,
        amount: payment.amount,
        nonce: await store.view(blockchain).nextSequence(from),
        maxFeePerGas: 2n * DEVNET_EVM_BASE_FEE + DEVNET_EVM_PRIORITY_FEE,
        maxPriorityFeePerGas: DEVNET_EVM_PRIORITY_FEE,
        gasLimit: evmToken.kind === 'native' ? DEVNET_EVM_TRANSFER_GAS : DEVNET_ERC20_TRANSFER_GAS,
      });
      return signEvmTransfer(unsigned, key.privateKey);
    }
    case 'btc': {
      // A fresh genesis output per payment: the faucet never waits for its change, and two payments never race.
      const genesis = {
        txid: bytesToHex(randomBytes(32)),
        vout: 0,
        address: from,
        value: payment.amount + BTC_GENESIS_MARGIN,
      };
      const unsigned = buildBtcTransfer({
        blockchain,
        fromAddress: from,
        fromPublicKey: key.publicKey,
        toAddress: payment.toAddress,
        amount: payment.amount,
        utxos: [genesis],
        feeRate: DEVNET_BTC_FEE_RATE,
      });
      await store.mintGenesisOutput(blockchain, genesis);
      return signBtcTransfer(unsigned, key.privateKey);
    }
    case 'sol': {
      const solToken: SolToken =
        token.contractAddress === null
          ? { kind: 'native' }
          : { kind: 'spl', mint: token.contractAddress, decimals: token.decimals };
      const unsigned = await buildSolTransfer({
        blockchain,
        fromAddress: from,
        toAddress: payment.toAddress,
        token: solToken,
        amount: payment.amount,
        recentBlockhash: devnetSolBlockhash(blockchain, head),
        lastValidBlockHeight: BigInt(head + DEVNET_SOL_BLOCKHASH_VALIDITY),
        // The devnet keeps no token accounts: the idempotent creation names the receiver.
        receiverTokenAccountExists: false,
      });
      return signSolTransfer(unsigned, key.privateKey);
    }
    case 'eosio': {
      const chainId = eosChainIdOf(blockchain);
      const unsigned = buildEosTransfer({
        blockchain,
        chainId,
        fromAccount: from,
        toAccount: payment.toAddress,
        token: {
          contract: 'eosio.token',
          symbol: BLOCKCHAIN_INFO[blockchain].nativeSymbol,
          precision: nativeToken(blockchain).decimals,
        },
        amount: payment.amount,
        referenceBlock: { blockNum: head, blockId: devnetEosBlockId(blockchain, head) },
        expiration: new Date(chain.now().getTime() + EOS_EXPIRATION_MS),
      });
      return signEosTransfer(unsigned, key.privateKey, chainId);
    }
  }
}
