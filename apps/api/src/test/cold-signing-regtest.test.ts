// A cold bitcoin-type withdrawal on a real node (litecoind -regtest standing in for BITCOIN_TESTNET, through the
// address relay the chains check uses): the engine builds the PSBT from the cold wallet's outputs and stops at
// SIGNING; the sign request is a crypto-psbt with each input's key origin; the air-gapped signer signs it; the
// answer is accepted only with every input signed by the wallet key, and the transaction confirms on the node.
import { btcNetworkOf, p2wpkhAddress, translateBtcAddress } from '@vaultline/chains';
import { SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LITECOIN_REGTEST, type RegtestNode, startRegtest } from '../engine/chains/regtest.js';
import { type AddressRelay, startAddressRelay } from '../engine/chains-check/regtest-relay.js';
import { createTestApp, type TestApp } from './app.js';
import { type ApprovalScene, approvalScene } from './approval-scene.js';
import { setBalance } from './asset-fixtures.js';
import { REGTEST_SINK } from './btc-custody.js';
import {
  coldOperators,
  get,
  importColdWallet,
  messageOf,
  QUEUE,
  testSweeper,
  untilSigning,
  withdrawToNewEntry,
} from './cold-signing-scene.js';
import { db, requestRow, until } from './withdrawal-lifecycle-scene.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 53 + 7) % 256);
/** A BITCOIN_TESTNET address of nobody's wallet (the key of private key 2), where the withdrawal pays. */
const RECEIVER = p2wpkhAddress(
  Buffer.from('02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5', 'hex'),
  btcNetworkOf('BITCOIN_TESTNET'),
);
const COINBASE_MATURITY = 100;

let node: RegtestNode;
let relay: AddressRelay;
let t: TestApp;
let s: ApprovalScene;
const onNode = (address: string) => translateBtcAddress(address, btcNetworkOf('BITCOIN_TESTNET'), LITECOIN_REGTEST);

beforeAll(async () => {
  node = await startRegtest();
  relay = await startAddressRelay(node.url, onNode);
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    CHAIN_RPC_BITCOIN_TESTNET: relay.url,
  });
  s = await approvalScene(t, 'Cold Regtest', { blockchain: 'BITCOIN_TESTNET', walletName: 'Cold Regtest Hot' });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
  await node?.stop();
});

describe('a cold bitcoin-type withdrawal', () => {
  it('signs its PSBT on the air-gapped signer and confirms on the node', async () => {
    const operators = await coldOperators(t);
    const cold = await importColdWallet(t, operators, s.orgId, COLD_SEED, 'BITCOIN_TESTNET', 'Cold Bitcoin');
    // One coinbase output (50 coins on a young regtest chain), mature.
    await node.rpc.generateToAddress(1, onNode(cold.address));
    await node.rpc.generateToAddress(COINBASE_MATURITY, REGTEST_SINK);
    await setBalance(db(t), s.orgId, cold, 'BITCOIN_TESTNET.BTC', { total: (50n * 10n ** 8n).toString() });
    const id = await withdrawToNewEntry(s.owner, {
      family: 'btc',
      walletId: cold.id,
      tokenId: 'BITCOIN_TESTNET.BTC',
      address: RECEIVER,
      amount: '1.25',
      entryName: 'Regtest destination',
    });
    const sweeper = testSweeper(t);
    const row = await untilSigning(t, sweeper, id);
    expect(row).toMatchObject({ status: 'BUILT', raw: null });

    const shown = await get(operators.signer, `${QUEUE}/${row.id}`);
    expect(shown.json()).toMatchObject({ requestType: 'crypto-psbt', toAddress: RECEIVER, amount: '125000000' });
    const { answer, review } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.btc));
    expect(review.effects.join('\n')).toContain('125000000');
    const accepted = await operators.signer.post(`${QUEUE}/${row.id}/signature`, { parts: toQrParts(answer) });
    expect(accepted.json(), accepted.body).toMatchObject({ status: 'SIGNED' });

    const request = await until(
      async () => {
        await sweeper.tick();
        await node.rpc.generateToAddress(1, REGTEST_SINK);
        const r = await requestRow(t, id);
        return r.status !== 'EXECUTING' && r;
      },
      'the cold bitcoin-type withdrawal to complete',
      60_000,
    );
    expect(request).toMatchObject({ status: 'COMPLETE' });
    const paid = await node.rpc.unspent({ address: onNode(RECEIVER) });
    expect(paid.reduce((sum, utxo) => sum + utxo.value, 0n)).toBe(125_000_000n);
  });
});
