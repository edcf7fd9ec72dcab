import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { fakeApi, fakeOperatorMe } from '../../../test/fake-api';
import { ORG_ID, paged, workflow } from '../../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { routes } from '../../router';

const BASE = '/api/v1/operations/organizations';
const organization = {
  id: ORG_ID,
  name: 'Hanbit Asset',
  businessRegistrationNumber: '123-45-67890',
  representativeName: 'Hong Gildong',
  custodyFeeBps: 25,
  amlStatus: 'CLEARED',
  amlCheckedAt: null,
  ownerEmail: 'o****@hanbit.com',
  ownerStatus: 'INVITED',
  memberCount: 1,
  newWalletCustody: 'HOT',
  coldSignersRequired: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
};

function operator(role: OperatorRole) {
  return {
    'GET /api/v1/organization/members/me': () => jsonResponse(fakeOperatorMe(role)),
    [`POST ${BASE}`]: () => paged([organization]),
    'POST /api/v1/operations/workflows': () => paged([workflow({ canDecide: true })]),
    [`POST ${BASE}/aml-status/list`]: () => paged([]),
  };
}

describe('operator console', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends an operator from /dashboard to the console and shows only the Operation section', async () => {
    await fakeApi(operator('ADMINISTRATOR'));
    const view = renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: '조직 운영' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(PATHS.organization);
    const nav = within(screen.getByRole('navigation'));
    expect(nav.getByRole('link', { name: '조직 관리' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: '계정' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: '자산' })).toBeNull();
    expect(nav.queryByRole('link', { name: '지갑' })).toBeNull();
    view.unmount();

    // A member screen opened by address leads back to the console.
    const again = renderRoutes(routes, '/dashboard/wallets');
    await screen.findByRole('heading', { level: 1, name: '조직 운영' });
    expect(again.router.state.location.pathname).toBe(PATHS.organization);
  });

  it('lists organizations with the fee in percent, and proposes a new one in basis points', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      ...operator('MANAGER'),
      [`POST ${BASE}/organization-creation-workflow/create`]: () => jsonResponse(workflow({ canCancel: true })),
    });
    renderRoutes(routes, PATHS.organization);
    const row = within(await screen.findByTestId('organization-row'));
    expect(row.getByTestId('custody-fee')).toHaveTextContent('0.25%');
    expect(row.getByTestId('owner-email')).toHaveTextContent('o****@hanbit.com');
    expect(row.getByTestId('aml-status')).toHaveTextContent('정상');
    expect(screen.getByTestId('pending-workflows')).toHaveTextContent('1');

    await user.click(screen.getByTestId('new-organization'));
    const dialog = within(await screen.findByTestId('new-organization-dialog'));
    await user.type(dialog.getByTestId('org-name'), 'Nuri Capital');
    await user.type(dialog.getByTestId('org-business-number'), '2208162517');
    expect(dialog.getByTestId('org-business-number')).toHaveValue('220-81-62517');
    await user.type(dialog.getByTestId('org-representative'), '김누리');
    await user.type(dialog.getByTestId('org-fee'), '0.35');
    await user.click(dialog.getByTestId('org-submit'));
    await waitFor(() => expect(api.callsTo('/organization-creation-workflow/create')).toHaveLength(1));
    expect(api.callsTo('/organization-creation-workflow/create')[0]?.body).toEqual({
      name: 'Nuri Capital',
      businessRegistrationNumber: '220-81-62517',
      representativeName: '김누리',
      custodyFeeBps: 35,
    });
  });

  it('hides proposing from roles that may not start workflows', async () => {
    await fakeApi(operator('VIEWER'));
    renderRoutes(routes, PATHS.organization);
    await screen.findByTestId('organization-row');
    expect(screen.queryByTestId('new-organization')).toBeNull();
  });

  it('shows the operator role, translated, on the account page', async () => {
    await fakeApi(operator('EMAIL_VIEWER'));
    renderRoutes(routes, PATHS.account);
    expect(await screen.findByTestId('operator-role')).toHaveTextContent('이메일 조회자');
  });
});
