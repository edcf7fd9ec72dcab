import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../test/fake-api';
import { ORG_ID } from '../../test/fixtures';
import { TestProviders } from '../../test/render';
import { choose } from '../../test/select';
import { ColdWalletDialog } from './ColdWalletDialog';

const CREATE = 'POST /api/v1/operations/organizations/cold-wallet-import-workflow/create';

async function proposeEosAccount(reason: string) {
  const api = await fakeApi({ [CREATE]: () => apiError('4000', 400, { reason }) });
  const user = userEvent.setup();
  render(
    <TestProviders>
      <ColdWalletDialog organization={{ id: ORG_ID, name: 'Acme' }} opened onClose={() => {}} />
    </TestProviders>,
  );
  const dialog = within(await screen.findByTestId('cold-wallet-dialog'));
  await user.type(dialog.getByTestId('cold-wallet-name'), 'Cold BizAuto');
  await choose(user, dialog.getByTestId('cold-wallet-network'), /BizAuto/);
  await user.type(await dialog.findByTestId('cold-wallet-account-name'), 'vaultcold111');
  await user.type(dialog.getByTestId('cold-wallet-codes-text'), 'ur:crypto-hdkey/1-2/part');
  await user.click(dialog.getByTestId('cold-wallet-submit'));
  return { api, dialog };
}

describe('cold wallet proposal on an EOS-type network', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the node's refusal of the account at the account name: unknown, or not the key's alone", async () => {
    const unknown = await proposeEosAccount('account-unknown');
    expect(await unknown.dialog.findByText('네트워크에 이 이름의 계정이 없습니다.')).toBeInTheDocument();
    expect(unknown.api.callsTo('/cold-wallet-import-workflow/create')[0]?.body).toMatchObject({
      blockchain: 'BIZAUTO',
      accountName: 'vaultcold111',
    });
  });

  it('names the permissions when the key does not control the account alone', async () => {
    const other = await proposeEosAccount('account-not-controlled');
    expect(
      await other.dialog.findByText(
        '이 키만으로 관리되는 계정이 아닙니다. 계정의 owner와 active 권한에 이 키만 있어야 합니다.',
      ),
    ).toBeInTheDocument();
  });
});
