import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import {
  POSITION_ID,
  STAKE_WALLET_ID,
  STAKING,
  STORY,
  sampleOverview,
  samplePosition,
  sampleWallet,
  stakingHandlers,
} from './testing';

/** How the staking screen shows the API's figures: padded decimals, tiny rewards, a network with nothing on it. */

const PAD = '000000000000000000';

describe('staking figures', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows one line for a network with nothing staked instead of an empty card', async () => {
    const idle = sampleOverview({
      blockchain: 'STORY',
      totalStaked: `0.${PAD}`,
      claimable: { principal: '0', rewards: '0', total: '0' },
      rewardsEarned: '0',
      positions: 0,
      wallets: 0,
      rewardsHistory: [],
    });
    await fakeApi(stakingHandlers({ [`GET ${STAKING}`]: () => jsonResponse({ items: [idle, sampleOverview()] }) }));
    renderRoutes(routes, '/dashboard/staking');
    const cards = await screen.findAllByTestId('staking-overview-item');
    expect(cards.map((card) => card.dataset.blockchain)).toEqual(['STORY_TESTNET']);
    expect(screen.getByTestId('staking-overview-idle')).toHaveTextContent('Story에는 스테이킹한 자산이 없습니다.');
  });

  it('shows the empty state when no network has anything', async () => {
    const idle = sampleOverview({
      totalStaked: '0',
      claimable: { principal: '0', rewards: '0', total: '0' },
      rewardsEarned: '0',
      positions: 0,
      wallets: 0,
    });
    await fakeApi(stakingHandlers({ [`GET ${STAKING}`]: () => jsonResponse({ items: [idle] }) }));
    renderRoutes(routes, '/dashboard/staking');
    const overview = await screen.findByTestId('staking-overview');
    expect(within(overview).queryByTestId('staking-overview-item')).toBeNull();
    expect(overview).toHaveTextContent('스테이킹 내역이 아직 없습니다');
  });

  it('trims padded amounts, shortens long rewards and never shows a tiny one as zero', async () => {
    const wallet = sampleWallet({
      positions: [
        samplePosition({ amount: `2048.${PAD}`, rewards: '0.012345678901234567' }),
        samplePosition({ positionId: crypto.randomUUID(), amount: `1024.${PAD}`, rewards: '0.000000000000000123' }),
      ],
    });
    await fakeApi(stakingHandlers({ [`GET ${STORY}/wallets/${STAKE_WALLET_ID}`]: () => jsonResponse(wallet) }));
    renderRoutes(routes, `/dashboard/staking?wallet=${STAKE_WALLET_ID}`);
    const positions = within(await screen.findByTestId('wallet-positions'));
    const [first, second] = positions.getAllByTestId('position-row') as HTMLElement[];
    expect(first?.dataset.positionId).toBe(POSITION_ID);
    const row = within(first as HTMLElement);
    expect(row.getByTestId('position-amount')).toHaveTextContent(/^2,048 IP$/);
    expect(row.getByTestId('position-rewards')).toHaveTextContent(/^0\.012345 IP$/);
    // The exact figure stays at hand, in the title.
    expect(row.getByTitle('0.012345678901234567 IP')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByTestId('position-rewards')).toHaveTextContent('< 0.000001 IP');
  });
});
