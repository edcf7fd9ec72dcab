import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, testKeys } from '../../../test/fake-api';
import { decryptSecret } from '../../../test/keys';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { AccountLayout } from '../../layouts/AccountLayout';
import { LoginPage } from './LoginPage';

const routes = [{ element: <AccountLayout />, children: [{ path: '/account/login', element: <LoginPage /> }] }];
const INVITATION = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const LINK = `/account/login?mode=signup&invitationId=${INVITATION}&token=tok-1`;
const VERIFY = 'POST /api/v1/organization/invitations/verify-organization-member-invitation';
const ACCEPT = 'POST /api/v1/organization/invitations/accept-organization-member-invitation';
const OWNER_ACCEPT = `POST /api/v1/operations/organizations/owner-invitation/${INVITATION}/accept`;

const invitation = (kind: 'MEMBER' | 'OWNER') =>
  jsonResponse({
    invitationId: INVITATION,
    email: 'new@example.com',
    organizationName: 'Demo Custody',
    kind,
    expiresAt: '2026-01-03T00:00:00.000Z',
  });

async function fill(user: ReturnType<typeof userEvent.setup>, userName = '김신입') {
  await user.type(await screen.findByLabelText(/사용자 이름/, { selector: 'input' }), userName);
  await user.type(screen.getByLabelText(/^성/, { selector: 'input' }), 'Kim');
  await user.type(screen.getByLabelText(/^이름/, { selector: 'input' }), 'Sinip');
  await user.type(screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' }), 'welcome-1!');
  await user.type(screen.getByLabelText(/새 비밀번호 확인/, { selector: 'input' }), 'welcome-1!');
}

describe('sign-up from an invitation', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks the link, refuses invalid names, signs up with an encrypted password and leads to sign-in', async () => {
    const user = userEvent.setup();
    const { privateKey } = await testKeys();
    const api = await fakeApi({
      [VERIFY]: () => invitation('MEMBER'),
      [ACCEPT]: () => jsonResponse({ ok: true, email: 'new@example.com' }),
    });
    renderRoutes(routes, LINK);
    expect(await screen.findByTestId('signup-form')).toHaveAttribute('data-kind', 'MEMBER');
    expect(screen.getByTestId('signup-email')).toHaveTextContent('new@example.com');
    expect(screen.getByText('Demo Custody')).toBeInTheDocument();
    expect(api.callsTo('/verify-organization-member-invitation')[0]?.body).toEqual({
      invitationId: INVITATION,
      token: 'tok-1',
    });

    await fill(user, 'Kim99');
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    expect(await screen.findByText(/이름은 영문 또는 한글로만 입력해 주세요/)).toBeInTheDocument();
    expect(api.callsTo('/accept-organization-member-invitation')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/사용자 이름/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/사용자 이름/, { selector: 'input' }), '김신입');
    expect(screen.getByTestId('password-checklist').querySelectorAll('li[data-met="true"]')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    await waitFor(() => expect(api.callsTo('/accept-organization-member-invitation')).toHaveLength(1));
    const body = api.callsTo('/accept-organization-member-invitation')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      invitationId: INVITATION,
      token: 'tok-1',
      userName: '김신입',
      firstName: 'Sinip',
      lastName: 'Kim',
    });
    expect(await decryptSecret(body.passphrase as string, privateKey)).toBe('welcome-1!');

    expect(await screen.findByTestId('signup-done')).toHaveTextContent('Demo Custody');
    // The new account's email prefills sign-in through history state, not the URL.
    const signIn = screen.getByRole('link', { name: '로그인' });
    expect(signIn).toHaveAttribute('href', '/account/login');
    await user.click(signIn);
    expect(await screen.findByRole('textbox', { name: /이메일/ })).toHaveValue('new@example.com');
  });

  it('signs an owner up through the owner invitation call', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      [VERIFY]: () => invitation('OWNER'),
      [OWNER_ACCEPT]: () => jsonResponse({ ok: true, email: 'new@example.com' }),
    });
    renderRoutes(routes, LINK);
    expect(await screen.findByTestId('signup-form')).toHaveAttribute('data-kind', 'OWNER');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('조직 시작하기');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    expect(await screen.findByTestId('signup-done')).toBeInTheDocument();
    expect(api.callsTo(`/owner-invitation/${INVITATION}/accept`)[0]?.body).toMatchObject({
      token: 'tok-1',
      userName: '김신입',
    });
    expect(api.callsTo('/accept-organization-member-invitation')).toHaveLength(0);
  });

  it('explains an expired link with a way back to sign-in', async () => {
    await fakeApi({ [VERIFY]: () => apiError('4016') });
    renderRoutes(routes, LINK);
    expect(await screen.findByTestId('signup-failed')).toHaveTextContent(
      '초대가 만료되었습니다. 초대는 24시간 동안 유효합니다.',
    );
    expect(screen.getByRole('link', { name: '로그인으로 돌아가기' })).toHaveAttribute('href', '/account/login');
  });

  it('turns to the link failure when the invitation was canceled meanwhile, and shows password rules at the field', async () => {
    const user = userEvent.setup();
    let answer = apiError('4005', 400, 'SAME_AS_PREVIOUS_PASSWORD');
    await fakeApi({ [VERIFY]: () => invitation('MEMBER'), [ACCEPT]: () => answer });
    renderRoutes(routes, LINK);
    await fill(user);
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    expect(await screen.findByTestId('signup-form')).toBeInTheDocument();
    expect(await screen.findByText(/최근에 사용한 비밀번호|이전 비밀번호/)).toBeInTheDocument();
    answer = apiError('4018');
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    expect(await screen.findByTestId('signup-failed')).toHaveTextContent('취소된 초대입니다.');
  });
});
