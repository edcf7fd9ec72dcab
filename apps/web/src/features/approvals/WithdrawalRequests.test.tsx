import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestView } from '@vaultline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { creationLine, REQUEST_ID, requestView, WALLET_ID } from '../../test/custody-fixtures';
import { stubEventSource, TestEventSource } from '../../test/event-source';
import { fakeApi, testKeys } from '../../test/fake-api';
import { paged } from '../../test/fixtures';
import { decryptSecret } from '../../test/keys';
import { jsonResponse, renderRoutes } from '../../test/render';

const REQUESTS = '/api/v1/organizations/requests';
const WR = '/api/v1/organizations/withdrawals/evm/withdrawal-request';

const withdrawal = (overrides: Partial<RequestView> = {}): RequestView =>
  requestView({
    type: 'WITHDRAWAL',
    itemType: 'WITHDRAWAL',
    walletId: WALLET_ID,
    walletName: 'Treasury',
    content: {
      kind: 'WITHDRAWAL',
      walletId: WALLET_ID,
      blockchain: 'SEPOLIA',
      tokenId: 'SEPOLIA.ETH',
      amount: '500000000000000000',
      toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      addressBookId: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
      feeReserve: '1000000000000000',
    },
    ...overrides,
  });

describe('withdrawal requests', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('are approved through the withdrawal calls (family from the blockchain, the request in the body)', async () => {
    const api = await fakeApi({
      [`GET ${REQUESTS}/wallet-creation/approval-line-templates`]: () => jsonResponse(creationLine()),
      [`POST ${REQUESTS}`]: () => paged([withdrawal()]),
      [`POST ${REQUESTS}/${REQUEST_ID}`]: () => jsonResponse(withdrawal()),
      [`POST ${REQUESTS}/actionable-count`]: () => jsonResponse({ count: 1 }),
      [`POST ${WR}/approve`]: () => jsonResponse(withdrawal({ canApprove: false, decisionStatus: 'APPROVED' })),
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/approvals?request=${REQUEST_ID}`);
    const drawer = within(await screen.findByTestId('request-detail'));
    expect(drawer.getByTestId('request-title')).toHaveTextContent('0x529084…169EE7에 0.5 ETH 출금');
    expect(drawer.getByTestId('withdrawal-fee-reserve')).toHaveTextContent('0.001 ETH');
    await user.click(drawer.getByTestId('request-approve'));
    const dialog = within(await screen.findByTestId('decision-otp-dialog'));
    fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '246802' } });
    await user.click(dialog.getByRole('button', { name: '승인' }));
    await waitFor(() => expect(api.callsTo(`${WR}/approve`)).toHaveLength(1));
    const body = api.callsTo(`${WR}/approve`)[0]?.body as { requestId: string; otpCode: string };
    expect(body.requestId).toBe(REQUEST_ID);
    expect(await decryptSecret(body.otpCode, (await testKeys()).privateKey)).toBe('246802');
  });

  it("follow the server's request events: the list, the count and the open detail are read again", async () => {
    const api = await fakeApi({
      [`GET ${REQUESTS}/wallet-creation/approval-line-templates`]: () => jsonResponse(creationLine()),
      [`POST ${REQUESTS}`]: () => paged([withdrawal()]),
      [`POST ${REQUESTS}/${REQUEST_ID}`]: () => jsonResponse(withdrawal()),
      [`POST ${REQUESTS}/actionable-count`]: () => jsonResponse({ count: 1 }),
    });
    renderRoutes(routes, `/dashboard/approvals?request=${REQUEST_ID}`);
    await screen.findByTestId('request-detail');
    await waitFor(() => expect(TestEventSource.all).toHaveLength(1));
    const source = TestEventSource.all[0] as TestEventSource;
    const before = {
      list: api.callsTo(REQUESTS).length,
      count: api.callsTo('/actionable-count').length,
      detail: api.callsTo(`/requests/${REQUEST_ID}`).length,
    };
    act(() => source.emit('request', { id: REQUEST_ID, status: 'EXECUTING' }));
    await waitFor(() => expect(api.callsTo(`/requests/${REQUEST_ID}`).length).toBeGreaterThan(before.detail));
    expect(api.callsTo('/actionable-count').length).toBeGreaterThan(before.count);
    expect(api.callsTo(REQUESTS).length).toBeGreaterThan(before.list);
  });
});
