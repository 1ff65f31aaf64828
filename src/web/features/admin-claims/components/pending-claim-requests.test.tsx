import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { adminClaimRequestsQueryKey } from '../api/get-claim-requests.ts';
import { PendingClaimRequests } from './pending-claim-requests.tsx';

afterEach(() => vi.unstubAllGlobals());

const claimRequest = (id: number, overrides: Partial<ClaimRequest> = {}): ClaimRequest => ({
  id,
  user_id: 2,
  username: 'zezima',
  wom_id: '1001',
  rsn: 'Iron Bob',
  message: 'This is my alt',
  status: 'pending',
  admin_notes: null,
  created_at: '2026-11-20T18:05:00.000Z',
  reviewed_at: null,
  ...overrides,
});

function renderPending(requests: ClaimRequest[]) {
  const notify = vi.fn();
  renderWithQueries(<PendingClaimRequests notify={notify} />, [[adminClaimRequestsQueryKey, requests]]);
  return notify;
}

const section = () => screen.getByRole('region', { name: /^Claim Requests/ });

describe('pending claim requests on the alerts', () => {
  it('lists only the requests waiting for a review, with their count', () => {
    renderPending([
      claimRequest(3, { username: 'lynx', rsn: 'Lynx Titan' }),
      claimRequest(2, { status: 'approved' }),
      claimRequest(1),
    ]);
    expect(within(section()).getByRole('heading')).toHaveTextContent('Claim Requests2 pending');
    const rows = within(section()).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['lynx', 'zezima']);
  });

  it('says when none is waiting', () => {
    renderPending([claimRequest(2, { status: 'denied' })]);
    expect(within(section()).getByRole('heading')).toHaveTextContent('Claim Requests0 pending');
    expect(within(section()).getByText('No pending claim requests')).toBeInTheDocument();
  });

  it('approves a request where it is listed', async () => {
    const fetch = stubApi({
      'PATCH /api/admin/claim-requests/3': () => Response.json(claimRequest(3, { status: 'approved' })),
      'GET /api/admin/claim-requests': () => Response.json([claimRequest(3, { status: 'approved' })]),
      'GET /api/admin/members': () => Response.json([]),
    });
    const notify = renderPending([claimRequest(3)]);
    await userEvent.click(within(section()).getByRole('button', { name: 'Approve' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/claim-requests/3',
      expect.objectContaining({ method: 'PATCH' }),
    );
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Approved zezima's claim to Iron Bob." }),
    );
    expect(await within(section()).findByText('No pending claim requests')).toBeInTheDocument();
  });
});
