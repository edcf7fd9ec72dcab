import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressBookDetail, AddressBookInput, OrganizationPermission } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { fakeApi } from '../../test/fake-api';
import { ORG_ID, organizationHandlers, paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import { choose } from '../../test/select';

const PATH = '/dashboard/operation/organization?tab=address-book';
const VASP_ID = '5b1b3a4e-3f55-4f52-9c44-2b8f1c0c8a10';
const ENTRY_ID = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const ALL: OrganizationPermission[] = ['ADDRESS_BOOK_CREATION', 'ADDRESS_BOOK_DELETION', 'ADDRESS_BOOK_UPDATE'];

function entryFrom(body: AddressBookInput): AddressBookDetail {
  const vasp = body.walletType === 'VASP';
  return {
    id: ENTRY_ID,
    name: body.name,
    blockchain: body.tokenId.split('.')[0] ?? '',
    tokenId: body.tokenId,
    address: body.address,
    memo: body.memo ?? null,
    walletType: body.walletType,
    vasp: vasp ? { id: VASP_ID, name: 'Counterparty Exchange', endpoint: 'https://localhost/trp' } : null,
    receiverType: body.receiverType,
    receiver: {
      nameKo: body.receiver.nameKo,
      nameEn: body.receiver.nameEn,
      representativeNameKo: body.receiver.representativeNameKo ?? null,
      representativeNameEn: body.receiver.representativeNameEn ?? null,
      birthday: body.receiver.birthday ?? null,
      incorporationDate: body.receiver.incorporationDate ?? null,
      address: body.receiver.address ?? null,
      phone: body.receiver.phone ?? null,
      masked: false,
    },
    state: vasp ? 'VERIFYING' : 'REGISTERED',
    verification: vasp
      ? { status: 'PENDING', code: null, requestedAt: '2026-11-24T00:00:00.000Z', answeredAt: null, expiresAt: null }
      : null,
    verifications: [],
    createdAt: '2026-11-24T00:00:00.000Z',
    createdBy: null,
    deletedAt: null,
  };
}

async function setup({ nameTaken = false } = {}) {
  let created: AddressBookInput | undefined;
  const api = await fakeApi({
    ...organizationHandlers(ALL, []),
    [`POST /api/v1/address-books/${ORG_ID}`]: () => paged([]),
    'GET /api/v1/vasp/directory': () =>
      jsonResponse({ items: [{ id: VASP_ID, name: 'Counterparty Exchange', endpoint: 'https://localhost/trp' }] }),
    'POST /api/v1/address-books/validate-address-book-name-exist': () => jsonResponse({ exists: nameTaken }),
    'POST /api/v1/address-books/validate-address-book-blockchain-address': () =>
      jsonResponse({ valid: true, issues: [] }),
    'POST /api/v1/address-books/validate-address-book-duplicate-address-and-token': () =>
      jsonResponse({ duplicate: false }),
    'POST /api/v1/address-books/validate-address-book-context': () => jsonResponse({ valid: true, issues: [] }),
    'POST /api/v1/address-books': ({ body }) => {
      created = body as AddressBookInput;
      return jsonResponse(entryFrom(created));
    },
    [`GET /api/v1/address-books/${ENTRY_ID}`]: () => jsonResponse(created ? entryFrom(created) : null),
  });
  const user = userEvent.setup();
  renderRoutes(routes, PATH);
  await user.click(await screen.findByTestId('address-book-register'));
  const dialog = within(await screen.findByTestId('register-entry-dialog'));
  return { api, user, dialog, created: () => created };
}

/** Fills the first step and waits for the server's checks to pass. */
async function fillDestination({ user, dialog }: Awaited<ReturnType<typeof setup>>, name = 'Treasury') {
  await choose(user, dialog.getByTestId('register-token'), /^ETH · Ethereum/);
  await user.click(dialog.getByTestId('register-address'));
  await user.paste(ADDRESS);
  await user.type(dialog.getByTestId('register-name'), name);
}

const receiverFieldIds = (dialog: ReturnType<typeof within>) =>
  dialog
    .getAllByTestId(/^register-(nameKo|nameEn|representative|birthday|incorporation|receiverAddress|phone)/)
    .map((el: HTMLElement) => el.getAttribute('data-testid'));

describe('the register dialog', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('registers a self-managed individual: names and birthday asked, address and phone optional', async () => {
    const ctx = await setup();
    const { user, dialog } = ctx;
    // Nothing entered: the first step does not move on.
    await user.click(dialog.getByTestId('register-next'));
    expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'destination');
    await fillDestination(ctx);
    expect(await dialog.findByTestId('register-address-ok')).toBeInTheDocument();
    expect(await dialog.findByTestId('register-name-ok')).toBeInTheDocument();
    expect(dialog.queryByTestId('register-memo')).toBeNull();
    await user.click(dialog.getByTestId('register-next'));

    await waitFor(() => expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'wallet'));
    expect(dialog.queryByTestId('register-vasp')).toBeNull();
    await user.click(dialog.getByTestId('register-next'));

    await waitFor(() => expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'receiver'));
    expect(receiverFieldIds(dialog)).toEqual([
      'register-nameKo',
      'register-nameEn',
      'register-birthday',
      'register-receiverAddress',
      'register-phone',
    ]);
    await user.click(dialog.getByTestId('register-next'));
    expect(await dialog.findAllByText('필수 입력 항목입니다.')).toHaveLength(3);
    await user.type(dialog.getByTestId('register-nameKo'), '홍길동');
    await user.type(dialog.getByTestId('register-birthday'), '1990-01-15');
    await user.type(dialog.getByTestId('register-nameEn'), 'Gildong Hong');
    await user.type(dialog.getByTestId('register-phone'), '+82 10-1234-5678');
    await user.click(dialog.getByTestId('register-next'));

    expect(await dialog.findByTestId('register-review')).toBeInTheDocument();
    expect(dialog.getByTestId('review-receiver-phone')).toHaveTextContent('+82 10-1234-5678');
    expect(ctx.api.callsTo('/validate-address-book-context')).toHaveLength(1);
    await user.click(dialog.getByTestId('register-submit'));

    await waitFor(() => expect(ctx.created()).toBeDefined());
    expect(ctx.created()).toEqual({
      name: 'Treasury',
      tokenId: 'ETHEREUM.ETH',
      address: ADDRESS,
      walletType: 'PERSONAL',
      receiverType: 'INDIVIDUAL',
      receiver: { nameKo: '홍길동', nameEn: 'Gildong Hong', birthday: '1990-01-15', phone: '+82 10-1234-5678' },
    });
    // The new entry opens in its detail.
    const drawer = within(await screen.findByTestId('entry-detail'));
    expect(drawer.getByTestId('entry-state')).toHaveAttribute('data-state', 'REGISTERED');
  });

  it('asks an exchange entry for the exchange, and a corporation for what the travel rule matches', async () => {
    const ctx = await setup();
    const { user, dialog } = ctx;
    await fillDestination(ctx, 'Exchange account');
    expect(await dialog.findByTestId('register-name-ok')).toBeInTheDocument();
    await user.click(dialog.getByTestId('register-next'));
    await waitFor(() => expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'wallet'));

    await user.click(dialog.getByTestId('wallet-type-VASP'));
    await user.click(dialog.getByTestId('register-next'));
    expect(await dialog.findByText('주소가 속한 거래소를 선택해 주세요.')).toBeInTheDocument();
    await choose(user, dialog.getByTestId('register-vasp'), 'Counterparty Exchange');
    await user.click(dialog.getByTestId('register-next'));

    await waitFor(() => expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'receiver'));
    expect(receiverFieldIds(dialog)).toEqual(['register-nameKo', 'register-nameEn', 'register-birthday']);
    await user.click(within(dialog.getByTestId('register-receiver-type')).getByText('법인'));
    expect(receiverFieldIds(dialog)).toEqual([
      'register-nameKo',
      'register-nameEn',
      'register-representativeNameKo',
      'register-representativeNameEn',
      'register-incorporationDate',
    ]);
    await user.type(dialog.getByTestId('register-nameKo'), '주식회사 예시');
    await user.type(dialog.getByTestId('register-nameEn'), 'Example Corp');
    await user.type(dialog.getByTestId('register-representativeNameKo'), '김대표');
    await user.type(dialog.getByTestId('register-representativeNameEn'), 'Daepyo Kim');
    await user.click(dialog.getByTestId('register-next'));
    expect(await dialog.findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    await user.type(dialog.getByTestId('register-incorporationDate'), '2015-03-02');
    await user.click(dialog.getByTestId('register-next'));

    expect(await dialog.findByTestId('register-review')).toHaveTextContent('Counterparty Exchange');
    await user.click(dialog.getByTestId('register-submit'));
    await waitFor(() => expect(ctx.created()).toBeDefined());
    expect(ctx.created()).toMatchObject({
      walletType: 'VASP',
      vaspId: VASP_ID,
      receiverType: 'CORPORATION',
      receiver: {
        nameKo: '주식회사 예시',
        nameEn: 'Example Corp',
        representativeNameKo: '김대표',
        representativeNameEn: 'Daepyo Kim',
        incorporationDate: '2015-03-02',
      },
    });
    expect(ctx.created()?.receiver).not.toHaveProperty('phone');
    const drawer = within(await screen.findByTestId('entry-detail'));
    expect(drawer.getByTestId('entry-state')).toHaveAttribute('data-state', 'VERIFYING');
  });

  it('says a taken name at the field as it is typed and does not move on', async () => {
    const ctx = await setup({ nameTaken: true });
    await fillDestination(ctx);
    expect(await ctx.dialog.findByText('같은 이름의 주소록이 이미 있습니다.')).toBeInTheDocument();
    expect(ctx.dialog.getByTestId('register-next')).toBeDisabled();
  });
});
