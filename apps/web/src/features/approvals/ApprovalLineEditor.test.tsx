import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { creationLine, type Handlers, treasuryGroup, WALLET_ID, wallet } from '../../test/custody-fixtures';
import { apiError, fakeApi, MEMBER_ID } from '../../test/fake-api';
import { GROUP_ID, group, KIM_ID, member, owner, paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import { choose } from '../../test/select';

const LINE = '/api/v1/organizations/requests/wallet-creation/approval-line-templates';
const WALLET_LINE = `/api/v1/organizations/requests/${WALLET_ID}/approval-line-templates`;

/** The approvals page with the default creation line, the owner and Kim, and the Treasury group (Kim). */
function handlers(extra: Handlers = {}) {
  return {
    [`GET ${LINE}`]: () => jsonResponse(creationLine()),
    'POST /api/v1/organizations/requests': () => paged([]),
    'POST /api/v1/organizations/requests/actionable-count': () => jsonResponse({ count: 0 }),
    'POST /api/v1/organization/members': () => paged([owner(), member()]),
    'POST /api/v1/organization/groups': () => paged([group()]),
    ...extra,
  };
}

async function openEditor() {
  const user = userEvent.setup();
  renderRoutes(routes, '/dashboard/approvals');
  await user.click(await screen.findByTestId('creation-line-edit'));
  const dialog = within(await screen.findByTestId('creation-line-dialog'));
  await dialog.findAllByTestId('line-step');
  return { user, dialog };
}

describe('approval line editor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the wallet-creation line and hides its creation step (creators hold "Create wallets")', async () => {
    await fakeApi(handlers());
    const { dialog } = await openEditor();
    expect(screen.getByTestId('creation-line-flow')).toHaveTextContent('Minji Kim');
    expect(screen.getByTestId('creation-line-flow')).toHaveTextContent('1명 중 1명 승인');
    expect(dialog.queryByTestId('line-creation')).toBeNull();
    expect(dialog.getByTestId('line-creation-note')).toHaveTextContent('‘지갑 생성’ 권한');
    expect(dialog.getAllByTestId('line-step')).toHaveLength(1);
  });

  it('never lets a step require more approvals than people who can approve, nor more than 9', async () => {
    const api = await fakeApi(handlers({ [`PATCH ${LINE}/update`]: () => jsonResponse(creationLine()) }));
    const { user, dialog } = await openEditor();
    await user.click(dialog.getByTestId('line-add-step'));
    const step2 = within(dialog.getAllByTestId('line-step')[1] as HTMLElement);
    await choose(user, step2.getByTestId('line-approvers'), /Treasury/);
    expect(step2.getByText('이 단계를 승인할 수 있는 사람: 1명')).toBeInTheDocument();

    const required = step2.getByTestId('line-required');
    await user.clear(required);
    await user.type(required, '2');
    expect(step2.getByTestId('line-step-error')).toHaveTextContent(
      '이 단계를 승인할 수 있는 사람은 1명입니다. 필요 승인 수는 1 이하로 입력해 주세요.',
    );
    await user.click(dialog.getByTestId('line-save'));
    expect(api.callsTo('/approval-line-templates/update')).toHaveLength(0);

    // Adding Kim directly changes nothing (Kim is the group's member); adding the owner makes two.
    await choose(user, step2.getByTestId('line-approvers'), /Minji Kim/);
    expect(step2.queryByTestId('line-step-error')).toBeNull();
    await user.clear(required);
    await user.type(required, '10');
    expect(step2.getByTestId('line-step-error')).toHaveTextContent(
      '필요 승인 수는 1부터 9까지의 정수로 입력해 주세요.',
    );
    await user.clear(required);
    await user.type(required, '2');
    await user.click(dialog.getByTestId('line-save'));
    await waitFor(() => expect(api.callsTo('/approval-line-templates/update')).toHaveLength(1));
    expect(api.callsTo('/approval-line-templates/update')[0]?.body).toEqual({
      steps: [
        { requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: MEMBER_ID }] },
        {
          requiredApprovals: 2,
          approvers: [
            { kind: 'GROUP', groupId: GROUP_ID },
            { kind: 'MEMBER', memberId: MEMBER_ID },
          ],
        },
      ],
    });
  });

  it('asks for approvers on save, removes steps but keeps one, and shows the server refusal', async () => {
    await fakeApi(handlers({ [`PATCH ${LINE}/update`]: () => apiError('4106') }));
    const { user, dialog } = await openEditor();
    expect(dialog.getByTestId('line-step-remove')).toBeDisabled();
    await user.click(dialog.getByTestId('line-add-step'));
    expect(dialog.queryByTestId('line-step-error')).toBeNull();
    await user.click(dialog.getByTestId('line-save'));
    expect(dialog.getByTestId('line-step-error')).toHaveTextContent('승인자를 한 명 이상 선택해 주세요.');
    await user.click(dialog.getAllByTestId('line-step-remove')[1] as HTMLElement);
    expect(dialog.getAllByTestId('line-step')).toHaveLength(1);
    await user.click(dialog.getByTestId('line-save'));
    expect(await dialog.findByText('단계의 필요 승인 수는 승인자 수보다 많을 수 없습니다.')).toBeInTheDocument();
  });

  it('offers editing only when the server says so (canEdit)', async () => {
    await fakeApi(handlers({ [`GET ${LINE}`]: () => jsonResponse(creationLine({ canEdit: false })) }));
    renderRoutes(routes, '/dashboard/approvals');
    expect(await screen.findByTestId('creation-line-flow')).toBeInTheDocument();
    expect(screen.queryByTestId('creation-line-edit')).toBeNull();
  });

  it("sets a wallet's line with its creation step through the create call the first time", async () => {
    const api = await fakeApi({
      [`GET /api/v1/organizations/wallets/${WALLET_ID}`]: () => jsonResponse(wallet()),
      [`GET ${WALLET_LINE}`]: () =>
        jsonResponse({ ...creationLine(), scope: 'WALLET', walletId: WALLET_ID, creation: [], steps: [] }),
      [`POST ${WALLET_LINE}`]: () =>
        jsonResponse({
          ...creationLine(),
          scope: 'WALLET',
          walletId: WALLET_ID,
          creation: [treasuryGroup],
          steps: [
            { requiredApprovals: 1, approvers: [{ kind: 'MEMBER', id: KIM_ID, name: 'Minsu Kim' }], eligibleCount: 1 },
          ],
        }),
      'POST /api/v1/organization/members': () => paged([owner(), member()]),
      'POST /api/v1/organization/groups': () => paged([group()]),
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/wallets/SEPOLIA/${WALLET_ID}?tab=approval-line`);
    await user.click(await screen.findByTestId('line-setup'));
    const creation = within(await screen.findByTestId('line-creation'));
    await choose(user, creation.getByTestId('line-creation-select'), /Treasury/);
    await choose(user, screen.getByTestId('line-approvers'), /Minsu Kim/);
    await user.click(screen.getByTestId('line-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === WALLET_LINE)).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === WALLET_LINE)?.body).toEqual({
      creation: [{ kind: 'GROUP', groupId: GROUP_ID }],
      steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: KIM_ID }] }],
    });
    expect(await screen.findByTestId('line-view')).toHaveTextContent('Treasury');
  });
});
