import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { apiError, fakeApi, fakeMe, MEMBER_ID } from '../../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { routes } from '../../router';

const base = `/api/v1/organization/members/${MEMBER_ID}`;

describe('account settings', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('ko');
  });

  it('refuses names with digits or symbols, and saves a valid one', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      [`PATCH ${base}/name`]: ({ body }) => jsonResponse(fakeMe(body as object)),
    });
    renderRoutes(routes, '/dashboard/operation/account');
    const userName = await screen.findByLabelText(/사용자 이름/, { selector: 'input' });
    await user.clear(userName);
    await user.type(userName, 'Kim99!');
    await user.click(screen.getByRole('button', { name: '이름 저장' }));
    expect(await screen.findByText(/이름은 영문 또는 한글로만 입력해 주세요/)).toBeInTheDocument();
    expect(api.callsTo('/name')).toHaveLength(0);

    await user.clear(userName);
    await user.type(userName, '김민지');
    await user.click(screen.getByRole('button', { name: '이름 저장' }));
    await waitFor(() => expect(api.callsTo('/name')).toHaveLength(1));
    expect(api.callsTo('/name')[0]?.body).toEqual({ userName: '김민지', firstName: 'Minji', lastName: 'Kim' });
    expect(await screen.findByText('이름이 변경되었습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('account-menu')).toHaveTextContent('김민지'));
  });

  it('saves the language and switches the screens to it', async () => {
    const user = userEvent.setup();
    await fakeApi({ [`PATCH ${base}/language`]: () => jsonResponse(fakeMe({ language: 'EN' })) });
    renderRoutes(routes, '/dashboard/operation/account');
    await user.click(await screen.findByTestId('language-EN'));
    await user.click(screen.getByRole('button', { name: '언어 저장' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it("speaks the account's language once signed in, whatever this browser chose before", async () => {
    await i18n.changeLanguage('en');
    await fakeApi();
    renderRoutes(routes, '/dashboard/operation/account');
    expect(await screen.findByRole('heading', { level: 1, name: '계정 설정' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko');
  });

  it("changes the account's language from the header switch, and the settings follow", async () => {
    const user = userEvent.setup();
    const api = await fakeApi({ [`PATCH ${base}/language`]: () => jsonResponse(fakeMe({ language: 'EN' })) });
    renderRoutes(routes, '/dashboard/operation/account');
    await screen.findByRole('heading', { level: 1, name: '계정 설정' });
    const header = screen.getByRole('banner');
    await user.click(within(header).getByText('English'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/language')).toHaveLength(1));
    expect(api.callsTo('/language')[0]?.body).toEqual({ language: 'EN' });
    await waitFor(() => expect(screen.getByTestId('language-EN').getAttribute('data-checked')).not.toBeNull());
  });

  it('goes back to the account language when the change is refused, and says so', async () => {
    const user = userEvent.setup();
    await fakeApi({ [`PATCH ${base}/language`]: () => apiError('403', 403) });
    renderRoutes(routes, '/dashboard/operation/account');
    await screen.findByRole('heading', { level: 1, name: '계정 설정' });
    await user.click(within(screen.getByRole('banner')).getByText('English'));
    expect(await screen.findByText('이 작업을 수행할 권한이 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '계정 설정' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko');
  });

  it('shows a wrong current password with the attempts left at its field', async () => {
    const user = userEvent.setup();
    await fakeApi({ [`PATCH ${base}/passphrase`]: () => apiError('4005', 400, { remainingAttempts: 2 }) });
    renderRoutes(routes, '/dashboard/operation/account');
    await user.type(await screen.findByLabelText(/현재 비밀번호/, { selector: 'input' }), 'old-pass-1!');
    await user.type(screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' }), 'newpass-2@');
    await user.type(screen.getByLabelText(/새 비밀번호 확인/, { selector: 'input' }), 'newpass-2@');
    await user.type(screen.getByTestId('otp-input'), '123456');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(
      await screen.findByText(/비밀번호가 올바르지 않습니다\. 로그인이 차단되기까지 2회 남았습니다\./),
    ).toBeInTheDocument();
  });
});
