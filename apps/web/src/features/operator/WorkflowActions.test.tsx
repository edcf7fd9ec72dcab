import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, testKeys } from '../../test/fake-api';
import { operators, WORKFLOW_ID, workflow } from '../../test/fixtures';
import { decryptSecret } from '../../test/keys';
import { jsonResponse, TestProviders } from '../../test/render';
import { WorkflowTable } from './WorkflowTable';

const BASE = '/api/v1/operations/organizations';

function renderTable(workflows: Parameters<typeof WorkflowTable>[0]['workflows']) {
  return render(
    <TestProviders>
      <WorkflowTable workflows={workflows} />
    </TestProviders>,
  );
}

describe('workflow rows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers approve and reject only when the server says the caller may decide, cancel only for their own', async () => {
    await fakeApi();
    renderTable([
      workflow({ id: '11111111-1111-4111-8111-111111111111', canDecide: true }),
      workflow({
        id: '22222222-2222-4222-8222-222222222222',
        type: 'OWNER_INVITATION',
        canCancel: true,
        payload: { email: 'o**@x.com' },
      }),
      workflow({
        id: '33333333-3333-4333-8333-333333333333',
        type: 'ORGANIZATION_UPDATE_CUSTODY_FEE',
        status: 'APPROVED',
        payload: { custodyFeeBps: 125 },
        decidedBy: operators.a,
        decidedAt: '2026-01-02T05:00:00.000Z',
        memo: 'Checked the contract',
      }),
    ]);
    const [decide, own, done] = screen.getAllByTestId('workflow-row').map((row) => within(row));
    expect(decide?.getByTestId('workflow-approve')).toBeInTheDocument();
    expect(decide?.getByTestId('workflow-reject')).toBeInTheDocument();
    expect(decide?.queryByTestId('workflow-cancel')).toBeNull();
    expect(decide?.getByText('0.25%')).toBeInTheDocument();
    expect(decide?.getByText('123-45-67890')).toBeInTheDocument();
    expect(own?.getByTestId('workflow-cancel')).toBeInTheDocument();
    expect(own?.queryByTestId('workflow-approve')).toBeNull();
    expect(own?.getByText('o**@x.com')).toBeInTheDocument();
    expect(done?.queryByRole('button')).toBeNull();
    expect(done?.getByText('1.25%')).toBeInTheDocument();
    expect(done?.getByTestId('workflow-decision')).toHaveTextContent('Jun Park');
    expect(done?.getByTestId('workflow-decision')).toHaveTextContent('관리자');
    expect(done?.getByTestId('workflow-decision')).toHaveTextContent('2026/01/02 14:00:00');
    expect(done?.getByTestId('workflow-decision')).toHaveTextContent('Checked the contract');
  });

  it('approves with a memo through the call of the workflow family', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      [`POST ${BASE}/organization-creation-workflow/${WORKFLOW_ID}/approve`]: () =>
        jsonResponse(workflow({ status: 'APPROVED', canDecide: false })),
    });
    renderTable([workflow({ canDecide: true })]);
    await user.click(screen.getByTestId('workflow-approve'));
    const dialog = within(await screen.findByTestId('decision-dialog'));
    await user.type(dialog.getByTestId('decision-memo'), 'Documents verified');
    // No decision without the operator's own code.
    await user.click(dialog.getByTestId('decision-confirm'));
    expect(await dialog.findByText('6자리 인증 코드를 입력해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('/approve')).toHaveLength(0);
    fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '314159' } });
    await user.click(dialog.getByTestId('decision-confirm'));
    await waitFor(() => expect(api.callsTo('/approve')).toHaveLength(1));
    const body = api.callsTo('/approve')[0]?.body as { memo: string; otpCode: string };
    expect(body.memo).toBe('Documents verified');
    expect(await decryptSecret(body.otpCode, (await testKeys()).privateKey)).toBe('314159');
    expect(await screen.findByText('조직 생성 요청을 승인했습니다.')).toBeInTheDocument();
  });

  it('shows the server refusing a decision (4105, 4104)', async () => {
    const user = userEvent.setup();
    let code = '4105';
    await fakeApi({
      [`POST ${BASE}/organization-update-workflow/${WORKFLOW_ID}/reject`]: () =>
        apiError(code, code === '4105' ? 403 : 409),
    });
    renderTable([
      workflow({
        type: 'ORGANIZATION_UPDATE_AML_STATUS',
        payload: { amlStatus: 'BLOCKED', reason: 'x' },
        canDecide: true,
      }),
    ]);
    await user.click(screen.getByTestId('workflow-reject'));
    const dialog = within(await screen.findByTestId('decision-dialog'));
    expect(dialog.getByTestId('aml-status')).toHaveTextContent('차단');
    fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '271828' } });
    await user.click(dialog.getByTestId('decision-confirm'));
    expect(
      await dialog.findByText('요청을 만든 운영자는 그 요청을 승인하거나 반려할 수 없습니다.'),
    ).toBeInTheDocument();
    code = '4104';
    await user.click(dialog.getByTestId('decision-confirm'));
    expect(await dialog.findByText('이미 처리된 요청입니다.')).toBeInTheDocument();
  });
});
