import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { adminClaimRequestsQueryKey } from '../api/get-claim-requests.ts';
import { ClaimRequestsSection } from './claim-requests-section.tsx';

afterEach(() => vi.unstubAllGlobals());

function claimRequest(id: number, overrides: Partial<ClaimRequest> = {}): ClaimRequest {
  return {
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
  };
}

const pending = claimRequest(3);
const approved = claimRequest(2, {
  username: 'lynx',
  rsn: 'Lynx Titan',
  message: null,
  status: 'approved',
  admin_notes: 'Checked in-game',
  reviewed_at: '2026-11-19T10:00:00.000Z',
});
const denied = claimRequest(1, { username: 'faker', rsn: 'Zezima', status: 'denied' });

function renderRequests(requests: ClaimRequest[] | null = [pending, approved, denied]) {
  const notify = vi.fn();
  const view = renderWithQueries(
    <ClaimRequestsSection notify={notify} />,
    requests === null ? [] : [[adminClaimRequestsQueryKey, requests]],
  );
  return { ...view, notify };
}

const row = (username: string) => within(screen.getByRole('rowheader', { name: username }).closest('tr')!);

describe('claim requests', () => {
  it('shows the pending requests by default, with who asks for which member and why', () => {
    renderRequests();
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['zezima']);
    const zezima = row('zezima');
    expect(zezima.getByText('Iron Bob')).toBeInTheDocument();
    expect(zezima.getByText('This is my alt')).toBeInTheDocument();
    expect(zezima.getByText('20 Nov 2026, 18:05 UTC')).toBeInTheDocument();
    expect(zezima.getByText('Pending')).toBeInTheDocument();
    expect(zezima.getByRole('textbox', { name: 'Admin Notes' })).toBeInTheDocument();
    expect(zezima.getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(
      "zezima's request for Iron Bob",
    );
  });

  it('shows every request under All, the reviewed ones with their status and notes and no buttons', async () => {
    renderRequests();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'zezima',
      'lynx',
      'faker',
    ]);
    expect(row('lynx').getByText('Approved')).toBeInTheDocument();
    expect(row('lynx').getByText('Checked in-game')).toBeInTheDocument();
    expect(row('lynx').getByText('No message')).toBeInTheDocument();
    expect(row('lynx').queryByRole('button')).not.toBeInTheDocument();
    expect(row('faker').getByText('Denied')).toBeInTheDocument();
    expect(row('faker').queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when no request is pending, and when there are none at all', async () => {
    const view = renderRequests([approved]);
    expect(screen.getByText('No pending claim requests')).toBeInTheDocument();
    view.unmount();

    renderRequests([]);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByText('No claim requests yet')).toBeInTheDocument();
  });

  it('approves a request with the notes typed and loads the requests again', async () => {
    const fetch = stubApi({
      'PATCH /api/admin/claim-requests/3': () => Response.json({ ...pending, status: 'approved' }),
      'GET /api/admin/claim-requests': () =>
        Response.json([{ ...pending, status: 'approved', admin_notes: 'Welcome' }, approved, denied]),
    });
    const { notify } = renderRequests();
    await userEvent.type(row('zezima').getByRole('textbox', { name: 'Admin Notes' }), 'Welcome');
    await userEvent.click(row('zezima').getByRole('button', { name: 'Approve' }));

    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Approved zezima's claim to Iron Bob." }),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/claim-requests/3',
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({ status: 'approved', admin_notes: 'Welcome' }),
      }),
    );
    expect(await screen.findByText('No pending claim requests')).toBeInTheDocument();
  });

  it('denies a request once the admin confirms in the dialog, and not when they cancel', async () => {
    const fetch = stubApi({
      'PATCH /api/admin/claim-requests/3': () => Response.json({ ...pending, status: 'denied' }),
      'GET /api/admin/claim-requests': () => Response.json([{ ...pending, status: 'denied' }]),
    });
    const { notify } = renderRequests();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Deny' }));
    await answerConfirm("Deny zezima's claim to Iron Bob?", 'Cancel');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Deny' }));
    await answerConfirm("Deny zezima's claim to Iron Bob?", 'Deny Claim');
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Denied zezima's claim to Iron Bob." }),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/claim-requests/3',
      expect.objectContaining({ body: JSON.stringify({ status: 'denied', admin_notes: '' }) }),
    );
  });

  it("shows the server's reason when an approval is refused, and keeps the request pending", async () => {
    stubApi({
      'PATCH /api/admin/claim-requests/3': () =>
        apiError(409, 'ALREADY_CLAIMED', 'This player has already been claimed'),
    });
    const { notify } = renderRequests();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'This player has already been claimed' }),
    );
    expect(row('zezima').getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it("shows the server's message when the requests cannot be loaded", async () => {
    stubApi({
      'GET /api/admin/claim-requests': () => apiError(503, 'DATABASE_UNAVAILABLE', 'Database is down'),
    });
    renderRequests(null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Claim Requests');
    expect(alert).toHaveTextContent('Database is down');
  });
});
