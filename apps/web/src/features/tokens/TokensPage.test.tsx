import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Blockchain, nativeToken, type OrganizationToken, tokenById, tokensOf } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { apiError, fakeApi, fakeMe, MEMBER_ID } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';

type Handlers = NonNullable<Parameters<typeof fakeApi>[0]>;

const TOKEN_ROW_ID = '9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const usdt = (): OrganizationToken => ({
  ...(tokenById('ETHEREUM.USDT') as NonNullable<ReturnType<typeof tokenById>>),
  id: TOKEN_ROW_ID,
  addedAt: '2026-03-02T01:02:03.000Z',
  addedBy: { id: MEMBER_ID, userName: 'Minji Kim' },
});

/** The supported-tokens answer of one network as the server flags it: native coins always count as registered. */
function supported(chain: Blockchain, registered: string[] = []) {
  return tokensOf(chain).map((token) => ({
    ...token,
    registered: token.type === 'NATIVE' || registered.includes(token.tokenId),
  }));
}

function handlers(extra: Handlers = {}): Handlers {
  return {
    'POST /api/v1/organizations/tokens/list': () => jsonResponse({ items: [usdt()], page: 1, size: 20, total: 1 }),
    'GET /api/v1/organizations/supports/supported-blockchains': () =>
      jsonResponse({
        items: (['ETHEREUM', 'SEPOLIA', 'BITCOIN'] as const).map((chain) => ({
          blockchain: chain,
          family: chain === 'BITCOIN' ? 'btc' : 'evm',
          network: chain === 'SEPOLIA' ? 'testnet' : 'mainnet',
          label: chain === 'SEPOLIA' ? 'Testnet Sepolia' : chain === 'BITCOIN' ? 'Bitcoin' : 'Ethereum',
          labelKo: chain === 'SEPOLIA' ? '테스트넷 Sepolia' : chain === 'BITCOIN' ? 'Bitcoin' : 'Ethereum',
          nativeToken: nativeToken(chain),
          runtime: 'devnet',
        })),
      }),
    // The organization has USDC on Ethereum.
    'GET /api/v1/organizations/supports/tokens': () =>
      jsonResponse({ items: supported('ETHEREUM', ['ETHEREUM.USDC']) }),
    ...extra,
  };
}

/** Picks an option of a Mantine select by its label. */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: RegExp | string) {
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
}

describe('tokens page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the tokens with network, short contract and who added them; no controls without WALLETS_CREATION', async () => {
    await fakeApi(
      handlers({
        'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: ['WALLETS_VIEW'] })),
      }),
    );
    renderRoutes(routes, '/dashboard/tokens');
    const row = within(await screen.findByTestId('token-row'));
    expect(row.getByTestId('token-symbol')).toHaveTextContent('USDT');
    expect(row.getByTestId('network-label')).toHaveTextContent('Ethereum');
    expect(row.getByText('0xdAC17F…831ec7')).toBeInTheDocument();
    expect(row.getByTestId('copy-contract')).toHaveAccessibleName('컨트랙트 주소 복사');
    expect(row.getByText('Minji Kim')).toBeInTheDocument();
    expect(row.getByText('2026/03/02 10:02:03')).toBeInTheDocument();
    expect(screen.queryByTestId('add-token')).toBeNull();
    expect(screen.queryByTestId('token-remove')).toBeNull();
    expect((await screen.findAllByTestId('native-coin')).length).toBe(3);
  });

  it('adds a token: network first, then only what the organization has not registered; 4033 reads as translated', async () => {
    let taken = true;
    const api = await fakeApi(
      handlers({
        'POST /api/v1/organizations/tokens/add': () => (taken ? apiError('4033', 409) : jsonResponse(usdt())),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/tokens');
    await user.click(await screen.findByTestId('add-token'));
    const dialog = within(await screen.findByTestId('add-token-dialog'));

    await user.click(dialog.getByTestId('add-token-submit'));
    expect(dialog.getByText('네트워크를 선택해 주세요.')).toBeInTheDocument();
    await choose(user, dialog.getByTestId('add-token-network'), 'Ethereum');
    await waitFor(() => expect(dialog.getByTestId('add-token-token')).not.toBeDisabled());
    await user.click(dialog.getByTestId('add-token-submit'));
    expect(dialog.getByText('토큰을 선택해 주세요.')).toBeInTheDocument();

    // Neither the native coin (always supported) nor USDC (already registered) is offered.
    const tokenInput = dialog.getByTestId('add-token-token');
    await user.click(tokenInput);
    const listbox = document.getElementById(tokenInput.getAttribute('aria-controls') ?? '') as HTMLElement;
    const offered = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(offered).toEqual([
      'USDT · Tether USD',
      'DAI · Dai Stablecoin',
      'WETH · Wrapped Ether',
      'LINK · ChainLink Token',
    ]);
    await user.click(within(listbox).getByRole('option', { name: 'USDT · Tether USD', hidden: true }));
    expect(dialog.getByTestId('add-token-preview')).toHaveTextContent('0xdAC17F958D2ee523a2206206994597C13D831ec7');

    // Another member may add it between the offer and the click: the refusal reads as translated.
    await user.click(dialog.getByTestId('add-token-submit'));
    expect(await dialog.findByText('이미 등록된 코인입니다.')).toBeInTheDocument();
    expect(api.callsTo('/tokens/add')[0]?.body).toEqual({ tokenId: 'ETHEREUM.USDT' });
    expect(api.callsTo('/supports/tokens')[0]).toBeDefined();

    taken = false;
    const lists = api.callsTo('/tokens/list').length;
    await user.click(dialog.getByTestId('add-token-submit'));
    await waitFor(() => expect(screen.queryByTestId('add-token-submit')).toBeNull());
    await waitFor(() => expect(api.callsTo('/tokens/list').length).toBeGreaterThan(lists));
  });

  it('says so when a network has nothing left to add, whether all is registered or it has only its coin', async () => {
    let answer = supported('SEPOLIA', ['SEPOLIA.USDC']);
    await fakeApi(handlers({ 'GET /api/v1/organizations/supports/tokens': () => jsonResponse({ items: answer }) }));
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/tokens');
    await user.click(await screen.findByTestId('add-token'));
    const dialog = within(await screen.findByTestId('add-token-dialog'));
    await choose(user, dialog.getByTestId('add-token-network'), '테스트넷 Sepolia');
    expect(await dialog.findByTestId('add-token-none')).toHaveTextContent(
      '이 네트워크에서 지원되는 토큰은 모두 이미 등록되어 있습니다.',
    );
    expect(dialog.getByTestId('add-token-token')).toBeDisabled();

    answer = supported('BITCOIN');
    await choose(user, dialog.getByTestId('add-token-network'), 'Bitcoin');
    await waitFor(() =>
      expect(dialog.getByTestId('add-token-none')).toHaveTextContent(
        '이 네트워크에는 추가로 지원되는 토큰이 없습니다.',
      ),
    );
  });

  it('deletes a token after a confirmation', async () => {
    const api = await fakeApi(
      handlers({ 'DELETE /api/v1/organizations/tokens/remove': () => jsonResponse({ ok: true }) }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/tokens');
    await user.click(await screen.findByTestId('token-remove'));
    await user.click(await screen.findByTestId('token-remove-confirm'));
    await waitFor(() => expect(api.callsTo('/tokens/remove')).toHaveLength(1));
    expect(api.callsTo('/tokens/remove')[0]?.body).toEqual({ organizationTokenId: TOKEN_ROW_ID });
  });
});
