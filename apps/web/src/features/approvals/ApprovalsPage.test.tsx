import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import {
  creationLine,
  type Handlers,
  kimApprover,
  ownerApprover,
  REQUEST_ID,
  requestView,
} from '../../test/custody-fixtures';
import { apiError, fakeApi, MEMBER_ID, testKeys } from '../../test/fake-api';
import { KIM_ID, ORG_ID, paged } from '../../test/fixtures';
import { decryptSecret } from '../../test/keys';
import { jsonResponse, renderRoutes } from '../../test/render';

const REQUESTS = '/api/v1/organizations/requests';
const DETAIL = `${REQUESTS}/${REQUEST_ID}`;
const DECIDE = (action: string) =>
  `/api/v1/organizations/wallet-creation/evm/${ORG_ID}/wallet-creation-request/${REQUEST_ID}/${action}`;

function handlers(extra: Handlers = {}) {
  return {
    [`GET ${REQUESTS}/wallet-creation/approval-line-templates`]: () => jsonResponse(creationLine()),
    [`POST ${REQUESTS}`]: () => paged([requestView()]),
    [`POST ${DETAIL}`]: () => jsonResponse(requestView()),
    [`POST ${REQUESTS}/actionable-count`]: () => jsonResponse({ count: 1 }),
    ...extra,
  };
}

const tabOf = (call: { body: unknown }) => (call.body as { filters: { tab: string } }).filters.tab;

describe('approvals', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists each tab from the server with type, content, initiator, Seoul time and status', async () => {
    const api = await fakeApi(
      handlers({
        [`POST ${REQUESTS}`]: (call) =>
          paged(
            tabOf(call) === 'MY_REQUESTS'
              ? [requestView({ approval: { status: 'STEP_APPROVED', step: 1 }, canApprove: false, canCancel: true })]
              : [requestView()],
          ),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/approvals');
    const row = within(await screen.findByTestId('request-row'));
    expect(row.getByTestId('request-type')).toHaveTextContent('지갑 생성');
    expect(row.getByTestId('request-content')).toHaveTextContent('Treasury');
    expect(row.getByTestId('request-content')).toHaveTextContent('테스트넷 Sepolia');
    expect(row.getByText('Minsu Kim')).toBeInTheDocument();
    expect(row.getByTestId('request-created')).toHaveTextContent('2026/03/02 10:02:03');
    expect(row.getByTestId('request-status')).toHaveTextContent('생성');
    expect(row.getByTestId('request-open')).toHaveTextContent('검토');
    expect(tabOf(api.callsTo(REQUESTS)[0] ?? { body: {} })).toBe('PENDING_MY_APPROVAL');

    for (const [tab, server] of [
      ['my-approvals', 'MY_APPROVAL_HISTORY'],
      ['all', 'ALL_APPROVAL_HISTORY'],
      ['my-requests', 'MY_REQUESTS'],
    ]) {
      await user.click(screen.getByTestId(`requests-tab-${tab}`));
      await waitFor(() => expect(tabOf(api.callsTo(REQUESTS).at(-1) ?? { body: {} })).toBe(server));
    }
    expect(await screen.findByText('1단계 승인')).toBeInTheDocument();
  });

  it('approves with a memo when the server allows it, then refreshes the nav badge without a reload', async () => {
    let count = 1;
    let decided = false;
    const api = await fakeApi(
      handlers({
        [`POST ${REQUESTS}/actionable-count`]: () => jsonResponse({ count }),
        [`POST ${DETAIL}`]: () =>
          jsonResponse(
            decided
              ? requestView({
                  canApprove: false,
                  waitingFor: [],
                  decisionStatus: 'APPROVED',
                  approval: { status: 'APPROVED' },
                  steps: [
                    {
                      step: 2,
                      requiredApprovals: 1,
                      status: 'APPROVED',
                      approvers: [
                        ownerApprover({ decision: 'APPROVED', memo: 'ok', decidedAt: '2026-03-02T02:00:00Z' }),
                      ],
                    },
                  ],
                })
              : requestView(),
          ),
        [`POST ${DECIDE('approve')}`]: () => {
          decided = true;
          count = 0;
          return jsonResponse(requestView({ canApprove: false, waitingFor: [], decisionStatus: 'APPROVED' }));
        },
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/approvals?request=${REQUEST_ID}`);
    expect(await screen.findByTestId('approvals-badge')).toHaveTextContent('1');
    const drawer = within(await screen.findByTestId('request-detail'));
    expect(drawer.getByTestId('waiting-for')).toHaveTextContent('Minji Kim');
    expect(drawer.getByTestId('request-progress')).toHaveAttribute('data-progress', 'REQUEST');
    expect(drawer.queryByTestId('request-cancel')).toBeNull();

    const memo = drawer.getByTestId('decision-memo');
    await user.type(memo, 'x'.repeat(256));
    expect(drawer.getByText('메모는 255자까지 입력할 수 있습니다.')).toBeInTheDocument();
    expect(drawer.getByTestId('request-approve')).toBeDisabled();
    await user.clear(memo);
    await user.type(memo, '재무팀 확인');
    await user.click(drawer.getByTestId('request-approve'));
    // A decision asks for the decider's own code first; a wrong one is shown at the field.
    const dialog = within(await screen.findByTestId('decision-otp-dialog'));
    expect(api.callsTo(DECIDE('approve'))).toHaveLength(0);
    fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '246802' } });
    await user.click(dialog.getByRole('button', { name: '승인' }));
    await waitFor(() => expect(api.callsTo(DECIDE('approve'))).toHaveLength(1));
    const body = api.callsTo(DECIDE('approve'))[0]?.body as { memo: string; otpCode: string };
    expect(body.memo).toBe('재무팀 확인');
    expect(await decryptSecret(body.otpCode, (await testKeys()).privateKey)).toBe('246802');
    await waitFor(() => expect(screen.queryByTestId('approvals-badge')).toBeNull());
    expect(await drawer.findByTestId('approver-memo')).toHaveTextContent('ok');
    expect(drawer.queryByTestId('decision-panel')).toBeNull();
  });

  it('shows the refusals of a decision: 4107, 4108 and 403', async () => {
    for (const [code, status, text] of [
      ['4107', 409, '이미 이 요청을 승인하거나 반려했습니다.'],
      ['4108', 409, '이 요청은 더 이상 승인 대기 중이 아닙니다.'],
      ['403', 403, '이 작업을 수행할 권한이 없습니다.'],
    ] as const) {
      await fakeApi(handlers({ [`POST ${DECIDE('reject')}`]: () => apiError(code, status) }));
      const user = userEvent.setup();
      const view = renderRoutes(routes, `/dashboard/approvals?request=${REQUEST_ID}`);
      const drawer = within(await screen.findByTestId('request-detail'));
      await user.click(drawer.getByTestId('request-reject'));
      const dialog = within(await screen.findByTestId('decision-otp-dialog'));
      fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '135790' } });
      await user.click(dialog.getByRole('button', { name: '반려' }));
      expect(await dialog.findByText(text)).toBeInTheDocument();
      view.unmount();
      vi.restoreAllMocks();
    }
  });

  it('offers cancel to the initiator only (canCancel), behind a confirmation', async () => {
    const mine = requestView({
      initiator: { id: MEMBER_ID, email: 'owner@demo.vaultline.local', userName: 'Minji Kim' },
      canApprove: false,
      canCancel: true,
      waitingFor: [KIM_ID],
      steps: [{ step: 2, requiredApprovals: 1, status: 'PENDING', approvers: [kimApprover()] }],
    });
    const api = await fakeApi(
      handlers({
        [`POST ${DETAIL}`]: () => jsonResponse(mine),
        [`POST ${DECIDE('cancel')}`]: () => jsonResponse({ ...mine, canCancel: false, decisionStatus: 'CANCELED' }),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/approvals?tab=my-requests&request=${REQUEST_ID}`);
    const drawer = within(await screen.findByTestId('request-detail'));
    expect(drawer.queryByTestId('request-approve')).toBeNull();
    expect(drawer.queryByTestId('decision-memo')).toBeNull();
    expect(drawer.getByTestId('waiting-for')).toHaveTextContent('Minsu Kim');
    await user.click(drawer.getByTestId('request-cancel'));
    await user.click(await screen.findByTestId('request-cancel-confirm'));
    await waitFor(() => expect(api.callsTo(DECIDE('cancel'))).toHaveLength(1));
    expect(api.callsTo(DECIDE('cancel'))[0]?.body).toEqual({});
  });

  it('shows neither approve nor cancel when the server allows neither', async () => {
    await fakeApi(handlers({ [`POST ${DETAIL}`]: () => jsonResponse(requestView({ canApprove: false })) }));
    renderRoutes(routes, `/dashboard/approvals?request=${REQUEST_ID}`);
    const drawer = within(await screen.findByTestId('request-detail'));
    expect(drawer.queryByTestId('decision-panel')).toBeNull();
  });

  it('asks for the actionable count again every 15 seconds', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    let count = 0;
    await fakeApi(handlers({ [`POST ${REQUESTS}/actionable-count`]: () => jsonResponse({ count }) }));
    renderRoutes(routes, '/dashboard/wallets');
    await screen.findByRole('heading', { level: 1, name: '지갑' });
    expect(screen.queryByTestId('approvals-badge')).toBeNull();
    count = 3;
    await act(async () => vi.advanceTimersByTime(15_500));
    expect(await screen.findByTestId('approvals-badge')).toHaveTextContent('3');
  });
});
