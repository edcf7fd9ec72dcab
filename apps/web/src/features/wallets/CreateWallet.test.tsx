import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { creationLine, type Handlers, REQUEST_ID, requestView } from '../../test/custody-fixtures';
import { apiError, fakeApi, fakeMe } from '../../test/fake-api';
import { ORG_ID, paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import { choose } from '../../test/select';

const WC = (family: string) =>
  `/api/v1/organizations/wallet-creation/${family}/${ORG_ID}/wallet-creation-request/create`;
const VALIDATE = `/api/v1/organizations/wallet-creation/eosio/${ORG_ID}/validate-account-name`;

function handlers(extra: Handlers = {}) {
  return {
    'GET /api/v1/organization/members/me': () =>
      jsonResponse(fakeMe({ permissions: ['WALLETS_CREATION', 'WALLETS_VIEW'] })),
    'POST /api/v1/organizations/wallets': () =>
      jsonResponse({ items: [], page: 1, size: 20, total: 0, partial: false, nextCursor: null }),
    'GET /api/v1/organizations/requests/wallet-creation/approval-line-templates': () => jsonResponse(creationLine()),
    ...extra,
  };
}

async function openDialog() {
  const user = userEvent.setup();
  const view = renderRoutes(routes, '/dashboard/wallets');
  await user.click(await screen.findByTestId('create-wallet'));
  const dialog = within(await screen.findByTestId('create-wallet-dialog'));
  return { user, dialog, router: view.router };
}

describe('create wallet', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is offered only with WALLETS_CREATION', async () => {
    await fakeApi({
      ...handlers(),
      'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: ['WALLETS_VIEW'] })),
    });
    renderRoutes(routes, '/dashboard/wallets');
    expect(await screen.findByTestId('wallet-list')).toBeInTheDocument();
    expect(screen.queryByTestId('create-wallet')).toBeNull();
  });

  it('checks the name as it is typed (codes 1 and 2) and shows a taken name (4006) at the field', async () => {
    const api = await fakeApi(handlers({ [`POST ${WC('evm')}`]: () => apiError('4006', 409) }));
    const { user, dialog } = await openDialog();
    expect(await dialog.findByTestId('create-wallet-line-step')).toHaveTextContent('Minji Kim');
    await user.click(dialog.getByTestId('create-wallet-submit'));
    expect(dialog.getByText('네트워크를 선택해 주세요.')).toBeInTheDocument();
    expect(dialog.getByText('필수 입력 항목입니다.')).toBeInTheDocument();

    await choose(user, dialog.getByTestId('create-wallet-network'), /테스트넷 Sepolia$/);
    const name = dialog.getByTestId('create-wallet-name');
    await user.type(name, 'Treasury #1');
    expect(
      dialog.getByText('지갑 이름에는 문자, 숫자, 공백, 하이픈(-), 밑줄(_), 마침표(.)만 사용할 수 있습니다.'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'x'.repeat(51));
    expect(dialog.getByText('지갑 이름은 50자 이하로 입력해 주세요.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '재무팀 운영_지갑.1');
    expect(dialog.queryByText(/지갑 이름은|지갑 이름에는/)).toBeNull();
    expect(dialog.queryByTestId('create-wallet-address-mode')).toBeNull();

    await user.click(dialog.getByTestId('create-wallet-submit'));
    expect(await dialog.findByText('이미 사용 중인 지갑 이름입니다.')).toBeInTheDocument();
    expect(api.callsTo('/wallet-creation-request/create')[0]?.body).toEqual({
      blockchain: 'SEPOLIA',
      name: '재무팀 운영_지갑.1',
    });
    expect(api.callsTo(WC('evm'))).toHaveLength(1);
  });

  it('lets an EOS-type wallet take a random address or a checked 12-character name', async () => {
    let available = false;
    const api = await fakeApi(
      handlers({
        [`GET ${VALIDATE}`]: () => jsonResponse({ accountName: 'vaultline123', valid: true, available }),
        [`POST ${WC('eosio')}`]: () =>
          jsonResponse(
            requestView({
              content: {
                kind: 'WALLET_CREATION',
                name: 'EOS ops',
                blockchain: 'BIZAUTO',
                family: 'eosio',
                accountName: 'x',
              },
            }),
          ),
      }),
    );
    const { user, dialog, router } = await openDialog();
    await choose(user, dialog.getByTestId('create-wallet-network'), /BizAuto$/);
    await user.type(dialog.getByTestId('create-wallet-name'), 'EOS ops');
    expect(dialog.getByTestId('create-wallet-address-mode')).toHaveTextContent('무작위 생성');
    await user.click(dialog.getByText('직접 입력'));

    const account = dialog.getByTestId('create-wallet-account');
    await user.type(account, 'Vault6');
    await user.tab();
    const rule = '주소는 영문 소문자(a-z)와 숫자(1-5)로 정확히 12자여야 합니다.';
    expect(dialog.getByText(rule)).toBeInTheDocument();
    await user.clear(account);
    await user.type(account, 'vaultline129');
    expect(dialog.getByText(rule)).toBeInTheDocument(); // 9 is not allowed
    expect(api.callsTo('/validate-account-name')).toHaveLength(0);

    await user.clear(account);
    await user.type(account, 'vaultline123');
    expect(await dialog.findByText('이미 사용 중인 주소입니다. 다른 주소를 입력해 주세요.')).toBeInTheDocument();
    await user.click(dialog.getByTestId('create-wallet-submit'));
    expect(api.callsTo('/wallet-creation-request/create')).toHaveLength(0);

    available = true;
    await user.clear(account);
    await user.type(account, 'vaultline124');
    expect(await dialog.findByTestId('create-wallet-account-available')).toBeInTheDocument();
    await user.click(dialog.getByTestId('create-wallet-submit'));
    await waitFor(() => expect(api.callsTo(WC('eosio'))).toHaveLength(1));
    expect(api.callsTo(WC('eosio'))[0]?.body).toEqual({
      blockchain: 'BIZAUTO',
      name: 'EOS ops',
      accountName: 'vaultline124',
    });

    // The notice says it was sent for approval and leads to the request.
    const notice = await screen.findByTestId('wallet-request-sent');
    expect(notice).toHaveTextContent('영업일 기준 1일 이내');
    await user.click(within(notice).getByTestId('wallet-request-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/approvals'));
    expect(router.state.location.search).toBe(`?tab=my-requests&request=${REQUEST_ID}`);
  });

  it('sends a random EOS-type address without an account name', async () => {
    const api = await fakeApi(
      handlers({
        [`POST ${WC('eosio')}`]: () => jsonResponse(requestView()),
        'POST /api/v1/organizations/requests': () => paged([]),
      }),
    );
    const { user, dialog } = await openDialog();
    await choose(user, dialog.getByTestId('create-wallet-network'), /BizAuto$/);
    await user.type(dialog.getByTestId('create-wallet-name'), 'EOS random');
    await user.click(dialog.getByTestId('create-wallet-submit'));
    await waitFor(() => expect(api.callsTo(WC('eosio'))).toHaveLength(1));
    expect(api.callsTo(WC('eosio'))[0]?.body).toEqual({ blockchain: 'BIZAUTO', name: 'EOS random' });
  });
});
