import { type Blockchain, familyOf } from '@vaultline/contracts';
import type { TestBrowser } from './browser.js';

export interface CreatedWallet {
  id: string;
  name: string;
  blockchain: Blockchain;
  address: string;
}

/**
 * A wallet made the product's way: the organization owner (holding OWNER, so WALLETS_CREATION and a place in the
 * default one-step creation line) requests it, approves it, and the in-process engine derives and stores it.
 */
export async function createWallet(owner: TestBrowser, organizationId: string, blockchain: Blockchain, name: string) {
  const base = `/api/v1/organizations/wallet-creation/${familyOf(blockchain)}/${organizationId}/wallet-creation-request`;
  const created = await owner.post(`${base}/create`, { blockchain, name });
  if (created.statusCode !== 200) throw new Error(`wallet request refused: ${created.body}`);
  const requestId = created.json().id as string;
  const approved = await owner.post(`${base}/${requestId}/approve`, { otpCode: await owner.otp() });
  if (approved.statusCode !== 200) throw new Error(`wallet approval refused: ${approved.body}`);
  for (let i = 0; i < 120; i++) {
    const r = (await owner.post(`/api/v1/organizations/requests/${requestId}`, {})).json();
    if (r.status === 'COMPLETE') {
      const wallet = (await owner.request('GET', `/api/v1/organizations/wallets/${r.walletId}`)).json();
      return wallet as CreatedWallet;
    }
    if (r.status === 'FAILED') throw new Error(`wallet creation failed: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('wallet creation did not complete');
}
