import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallet } from '../../../test/custody-fixtures';
import { apiError, fakeApi, fakeMe, testKeys } from '../../../test/fake-api';
import { GROUP_ID, group, invited, KIM_ID, member, organizationHandlers, owner } from '../../../test/fixtures';
import { decryptSecret } from '../../../test/keys';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { choose } from '../../../test/select';
import { routes } from '../../router';

const PATH = '/dashboard/operation/organization';
const everyone = [owner(), member({ groups: [{ id: GROUP_ID, name: 'Treasury' }] }), invited()];
const ALL = owner().effectivePermissions.concat([
  'ORG_MEMBER_DELETION',
  'GROUP_CREATION',
  'GROUP_DELETION',
  'GROUP_UPDATE',
  'MANAGEMENT_PERMISSION_SETTINGS',
]);

const row = async (email: string) => {
  const rows = await screen.findAllByTestId('member-row');
  const found = rows.find((r) => r.getAttribute('data-email') === email);
  if (!found) throw new Error(`no row for ${email}`);
  return within(found);
};

describe('organization management', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the owner every control the server allows, never removing themselves', async () => {
    await fakeApi(organizationHandlers(ALL, everyone));
    renderRoutes(routes, PATH);
    expect(await screen.findByRole('heading', { level: 1, name: '조직 관리' })).toBeInTheDocument();
    expect(await screen.findByTestId('invite-open')).toBeInTheDocument();
    const kim = await row('kim@example.com');
    expect(kim.getByText('가입')).toBeInTheDocument();
    expect(kim.getByText('Treasury')).toBeInTheDocument();
    expect(kim.getByTestId('member-permissions')).toBeInTheDocument();
    expect(kim.getByTestId('member-remove')).toBeInTheDocument();
    const lee = await row('lee@example.com');
    expect(lee.getByText('초대됨')).toBeInTheDocument();
    expect(lee.getByTestId('member-resend')).toBeInTheDocument();
    expect(lee.getByTestId('member-cancel-invitation')).toBeInTheDocument();
    const self = await row('owner@demo.vaultline.local');
    expect(self.getByText('최고 관리자')).toBeInTheDocument();
    expect(self.queryByTestId('member-remove')).toBeNull();
    expect(self.queryByTestId('member-permissions')).toBeNull();
  });

  it('shows a member without permissions no controls at all, and an expired invitation as such', async () => {
    await fakeApi(
      organizationHandlers(
        ['WALLETS_CREATION'],
        [member(), invited({ invitation: { id: GROUP_ID, expiresAt: '2026-01-01T00:00:00.000Z', expired: true } })],
      ),
    );
    renderRoutes(routes, PATH);
    const lee = await row('lee@example.com');
    expect(lee.getByTestId('invitation-expired')).toHaveTextContent('만료');
    expect(screen.queryByTestId('invite-open')).toBeNull();
    for (const id of ['member-permissions', 'member-remove', 'member-resend', 'member-cancel-invitation']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    await userEvent.setup().click(screen.getByTestId('tab-groups'));
    expect(await screen.findByTestId('groups-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('group-create-open')).toBeNull();
  });

  it('sets a member permissions from a preset and sends them; a refusal names the permission', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const api = await fakeApi({
      ...organizationHandlers(ALL, everyone),
      [`PATCH /api/v1/organization/members/${KIM_ID}/permissions`]: ({ body }) =>
        refuse
          ? apiError('403', 403, { permission: 'MANAGEMENT_PERMISSION_SETTINGS' })
          : jsonResponse(member({ permissions: (body as { permissions: never[] }).permissions })),
    });
    renderRoutes(routes, PATH);
    await user.click((await row('kim@example.com')).getByTestId('member-permissions'));
    const dialog = within(await screen.findByTestId('permission-dialog'));
    expect(dialog.getAllByRole('checkbox')).toHaveLength(11);
    expect(dialog.getByText('구성원 초대')).toBeInTheDocument();
    expect(dialog.getByText('이메일로 구성원을 초대하고, 초대를 재전송하거나 취소합니다.')).toBeInTheDocument();

    await user.click(dialog.getByTestId('preset-WALLET_ADMINISTRATOR'));
    expect(dialog.getByTestId('preset-WALLET_ADMINISTRATOR')).toHaveAttribute('aria-pressed', 'true');
    const checked = () =>
      dialog
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.getAttribute('data-permission'));
    expect(checked()).toEqual([
      'WALLETS_CREATION',
      'WALLETS_VIEW',
      'ADDRESS_BOOK_CREATION',
      'ADDRESS_BOOK_UPDATE',
      'ADDRESS_BOOK_DELETION',
    ]);
    await user.click(dialog.getByTestId('preset-MEMBER_ADMINISTRATOR'));
    await user.click(dialog.getByRole('checkbox', { name: /그룹 삭제/ }));
    expect(dialog.getByTestId('preset-MEMBER_ADMINISTRATOR')).toHaveAttribute('aria-pressed', 'false');
    await user.click(dialog.getByTestId('permission-save'));
    await waitFor(() => expect(api.callsTo('/permissions')).toHaveLength(1));
    expect(api.callsTo('/permissions')[0]?.body).toEqual({
      permissions: [
        'ORG_MEMBER_INVITATION',
        'ORG_MEMBER_DELETION',
        'GROUP_CREATION',
        'GROUP_UPDATE',
        'MANAGEMENT_PERMISSION_SETTINGS',
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('permission-save')).toBeNull());

    refuse = true;
    await user.click((await row('kim@example.com')).getByTestId('member-permissions'));
    await user.click(await screen.findByTestId('permission-save'));
    expect(await screen.findByText('이 작업을 수행할 권한이 없습니다.')).toBeInTheDocument();
    expect(screen.getByTestId('error-permission')).toHaveTextContent('필요한 권한: 권한 설정.');
  });

  it('invites the chips with groups, and shows which email the server refused', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      ...organizationHandlers(['ORG_MEMBER_INVITATION'], everyone, [group()]),
      'POST /api/v1/organization/invitations/invite-organization-member': () =>
        apiError('4027', 400, { email: 'park@other.com' }),
    });
    renderRoutes(routes, PATH);
    await user.click(await screen.findByTestId('invite-open'));
    const dialog = within(await screen.findByTestId('invite-dialog'));
    expect(dialog.queryByTestId('invite-permissions')).toBeNull();
    await user.type(
      dialog.getByLabelText(/이메일 주소/, { selector: 'input' }),
      'new@example.com park@other.com{Enter}',
    );
    expect(dialog.getAllByTestId('email-chip')).toHaveLength(2);
    await user.click(dialog.getByTestId('invite-submit'));
    await waitFor(() => expect(api.callsTo('/invite-organization-member')).toHaveLength(1));
    expect(api.callsTo('/invite-organization-member')[0]?.body).toEqual({
      emails: ['new@example.com', 'park@other.com'],
      groupIds: [],
      permissions: [],
    });
    expect(await dialog.findByText('park@other.com을(를) 초대할 수 없습니다')).toBeInTheDocument();
    expect(dialog.getByText('다른 조직의 초대입니다.')).toBeInTheDocument();
    expect(dialog.getAllByTestId('email-chip')[1]).toHaveAttribute('data-flagged', 'true');
  });

  it('removes a member with an encrypted code, and shows a wrong code at the field', async () => {
    const user = userEvent.setup();
    const { privateKey } = await testKeys();
    let attempts = 0;
    const api = await fakeApi({
      ...organizationHandlers(ALL, everyone),
      [`DELETE /api/v1/organization/members/${KIM_ID}`]: () => {
        attempts += 1;
        return attempts === 1 ? apiError('4004') : jsonResponse({ ok: true });
      },
    });
    renderRoutes(routes, PATH);
    await user.click((await row('kim@example.com')).getByTestId('member-remove'));
    const dialog = within(await screen.findByTestId('remove-member-dialog'));
    fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '123456' } });
    await user.click(dialog.getByRole('button', { name: '구성원 삭제' }));
    expect(await dialog.findByText('인증 코드가 올바르지 않습니다. 확인 후 다시 입력해 주세요.')).toBeInTheDocument();
    fireEvent.change(dialog.getByTestId('otp-input'), { target: { value: '654321' } });
    await user.click(dialog.getByRole('button', { name: '구성원 삭제' }));
    await waitFor(() => expect(api.callsTo(`/members/${KIM_ID}`)).toHaveLength(2));
    const body = api.callsTo(`/members/${KIM_ID}`)[1]?.body as { otpCode: string };
    expect(await decryptSecret(body.otpCode, privateKey)).toBe('654321');
    expect(await screen.findByText('kim@example.com이(가) 조직에서 삭제되었습니다.')).toBeInTheDocument();
  });

  it('creates a group with members and shows a taken name at the field', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      ...organizationHandlers(ALL, everyone),
      'POST /api/v1/organization/groups/create': () => apiError('4100', 409),
    });
    renderRoutes(routes, `${PATH}?tab=groups`);
    await user.click(await screen.findByTestId('group-create-open'));
    const dialog = within(await screen.findByTestId('group-dialog'));
    await user.type(dialog.getByTestId('group-name'), 'Treasury');
    await user.click(dialog.getByTestId('group-submit'));
    expect(await dialog.findByText('같은 이름의 그룹이 이미 있습니다.')).toBeInTheDocument();
    expect(api.callsTo('/groups/create')[0]?.body).toEqual({ name: 'Treasury', memberIds: [] });
  });
});

describe('organization wallets tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the organization's wallets the member may see, and filters them by network in place", async () => {
    const wallets = [
      wallet(),
      wallet({ id: '8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a', name: 'Cold BTC', myRole: 'MEMBER' }),
    ];
    const api = await fakeApi({
      ...organizationHandlers(ALL, everyone),
      'POST /api/v1/organizations/wallets': () =>
        jsonResponse({ items: wallets, page: 1, size: 20, total: wallets.length, partial: false, nextCursor: null }),
    });
    const { router } = renderRoutes(routes, `${PATH}?tab=wallets`);
    const rows = await screen.findAllByTestId('wallet-row');
    expect(rows.map((r) => r.getAttribute('data-name'))).toEqual(['Treasury', 'Cold BTC']);
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('2');
    expect(screen.queryByText('아직 관리할 지갑이 없습니다')).toBeNull();

    // Choosing a network filters this tab; it does not leave for the wallets page.
    const user = userEvent.setup();
    await choose(user, screen.getByTestId('wallet-network-filter'), '테스트넷 Sepolia');
    await waitFor(() =>
      expect(api.callsTo('/organizations/wallets').at(-1)?.body).toMatchObject({
        filters: { blockchain: ['SEPOLIA'] },
      }),
    );
    expect(router.state.location.pathname).toBe(PATH);
  });
});

describe('wallet controls by permission', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "Create wallet" only with WALLETS_CREATION, and the partial notice without WALLETS_VIEW', async () => {
    await fakeApi({
      'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: ['WALLETS_CREATION'] })),
    });
    const view = renderRoutes(routes, '/dashboard/wallets');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('create-wallet'));
    // The dialog's form arrives when it opens.
    await waitFor(() => expect(screen.getByTestId('create-wallet-dialog')).toHaveTextContent('승인 라인'));
    expect(screen.getByTestId('partial-holdings')).toHaveTextContent('내가 구성원으로 속한 지갑만 표시됩니다');
    view.unmount();
    vi.restoreAllMocks();

    await fakeApi({
      'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: ['WALLETS_VIEW'] })),
    });
    renderRoutes(routes, '/dashboard/assets');
    expect(await screen.findByRole('heading', { level: 1, name: '자산' })).toBeInTheDocument();
    expect(screen.queryByTestId('partial-holdings')).toBeNull();
    expect(screen.queryByTestId('create-wallet')).toBeNull();
  });
});
