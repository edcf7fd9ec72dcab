import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, MEMBER_ID, testKeys } from '../../test/fake-api';
import { decryptSecret } from '../../test/keys';
import { jsonResponse, TestProviders } from '../../test/render';
import { KeepAliveDialog, type KeepAliveDialogProps } from './KeepAliveDialog';

function renderDialog(props: Partial<KeepAliveDialogProps> & Pick<KeepAliveDialogProps, 'timer'>) {
  const handlers = { onNotice: vi.fn(), onRefreshed: vi.fn(), onExpired: vi.fn(), onSignOut: vi.fn() };
  render(
    <TestProviders>
      <KeepAliveDialog memberId={MEMBER_ID} {...handlers} {...props} />
    </TestProviders>,
  );
  return handlers;
}

const countdown = () => screen.getByTestId('keep-alive-countdown').textContent;

describe('keep-alive dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens at the notice window, counts down in mm:ss and ends the session at zero', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
    const on = renderDialog({ timer: { expiresAtMs: Date.now() + 90_000, noticeSeconds: 60, skewMs: 0 } });
    expect(screen.queryByTestId('keep-alive-dialog')).toBeNull();

    await act(async () => vi.advanceTimersByTime(29_000));
    expect(screen.queryByTestId('keep-alive-dialog')).toBeNull();
    expect(on.onNotice).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('keep-alive-dialog')).toBeInTheDocument();
    expect(countdown()).toBe('01:00');
    expect(screen.getByText('곧 로그아웃됩니다')).toBeInTheDocument();
    expect(on.onNotice).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(15_000));
    expect(countdown()).toBe('00:45');
    await act(async () => vi.advanceTimersByTime(44_000));
    expect(countdown()).toBe('00:01');
    expect(on.onExpired).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(1_000));
    expect(on.onExpired).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(on.onExpired).toHaveBeenCalledTimes(1);
    expect(on.onNotice).toHaveBeenCalledTimes(1);
  });

  it('counts on the server clock when the browser clock is off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
    // The server is 40 s ahead: with 90 s left by the browser clock, only 50 s are really left.
    renderDialog({ timer: { expiresAtMs: Date.now() + 90_000, noticeSeconds: 60, skewMs: 40_000 } });
    await act(async () => vi.advanceTimersByTime(0));
    expect(countdown()).toBe('00:50');
  });

  it('stays signed in with an encrypted code, and shows a wrong code at the field', async () => {
    const { privateKey } = await testKeys();
    const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
    let answer = () => apiError('4004');
    const api = await fakeApi({
      [`POST /api/v1/organization/members/${MEMBER_ID}/token`]: () => answer(),
    });
    const on = renderDialog({ timer: { expiresAtMs: Date.now() + 45_000, noticeSeconds: 60, skewMs: 0 } });
    const input = await screen.findByTestId('otp-input');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');

    fireEvent.change(input, { target: { value: '12a34' } });
    expect(input).toHaveValue('1234');
    fireEvent.change(input, { target: { value: '123456' } });
    expect(await screen.findByText('인증 코드가 올바르지 않습니다. 확인 후 다시 입력해 주세요.')).toBeInTheDocument();
    expect(on.onRefreshed).not.toHaveBeenCalled();

    answer = () => jsonResponse({ sessionExpiresAt: expiresAt, sessionNoticeSeconds: 60 });
    fireEvent.change(input, { target: { value: '654321' } });
    await waitFor(() =>
      expect(on.onRefreshed).toHaveBeenCalledWith({ sessionExpiresAt: expiresAt, sessionNoticeSeconds: 60 }),
    );
    const sent = api.callsTo('/token').map((c) => (c.body as { otpCode: string }).otpCode);
    expect(await decryptSecret(sent[1] ?? '', privateKey)).toBe('654321');
  });

  it('signs out on request', async () => {
    const on = renderDialog({ timer: { expiresAtMs: Date.now() + 30_000, noticeSeconds: 60, skewMs: 0 } });
    fireEvent.click(await screen.findByRole('button', { name: '로그아웃' }));
    expect(on.onSignOut).toHaveBeenCalled();
  });
});
