import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { stubEventSource, TestEventSource } from '../../test/event-source';
import { apiError, fakeApi, fakeOperatorMe } from '../../test/fake-api';
import { paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';

type Handlers = NonNullable<Parameters<typeof fakeApi>[0]>;

function operator(role: 'SIGNER' | 'MANAGER', queue: () => Response): Handlers {
  return {
    'GET /api/v1/organization/members/me': () => jsonResponse(fakeOperatorMe(role)),
    'POST /api/v1/operations/organizations': () => paged([]),
    'POST /api/v1/operations/workflows': () => paged([]),
    'GET /api/v1/operations/signing-queue': queue,
  };
}

describe("the signing operators' header count", () => {
  beforeEach(() => {
    stubEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts the waiting transactions, links to the queue, and reads it again on `event: signing`', async () => {
    let total = 2;
    const api = await fakeApi(
      operator('SIGNER', () => jsonResponse({ items: [], total, transactionTotal: total, walletKeys: [] })),
    );
    renderRoutes(routes, '/dashboard/operation/organization');
    const header = await screen.findByTestId('signing-header');
    expect(header).toHaveTextContent('2');
    expect(header).toHaveAttribute('href', '/dashboard/operation/organization?tab=signing');
    await waitFor(() => expect(TestEventSource.all.map((s) => s.url)).toContain('/api/v1/operations/events'));
    const stream = TestEventSource.all.find((s) => s.url === '/api/v1/operations/events')!;
    const reads = api.callsTo('/signing-queue').length;
    total = 3;
    act(() => stream.emit('signing', { kind: 'signing' }));
    await waitFor(() => expect(screen.getByTestId('signing-header')).toHaveTextContent('3'));
    expect(api.callsTo('/signing-queue').length).toBeGreaterThan(reads);
  });

  it('shows nothing, and opens no stream, for an operator who may not sign', async () => {
    const api = await fakeApi(operator('MANAGER', () => apiError('403', 403)));
    renderRoutes(routes, '/dashboard/operation/organization');
    expect(await screen.findByTestId('tab-organizations')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/signing-queue').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('signing-header')).toBeNull();
    expect(TestEventSource.all.map((s) => s.url)).not.toContain('/api/v1/operations/events');
  });
});
