import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_MESSAGES, type ClaimRequest } from '#core/claims/claims.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { claimRequestsQueryKey } from '../api/get-claim-requests.ts';
import { ClaimRequestsList } from './claim-requests-list.tsx';

afterEach(() => vi.unstubAllGlobals());

function claimRequest(id: number, rsn: string, overrides: Partial<ClaimRequest> = {}): ClaimRequest {
  return {
    id,
    user_id: 1,
    username: 'zezima',
    wom_id: String(id),
    rsn,
    message: null,
    status: 'pending',
    admin_notes: null,
    created_at: '2026-03-01T10:00:00.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

function renderRequests(requests: ClaimRequest[] | null) {
  return renderWithQueries(
    <ClaimRequestsList userId={1} />,
    requests === null ? [] : [[claimRequestsQueryKey, requests]],
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('claim requests list', () => {
  it('shows each request with its status badge, date, message and the admin notes', () => {
    renderRequests([
      claimRequest(3, 'Lynx Titan', { message: 'My main since 2005' }),
      claimRequest(2, 'Iron Bob', {
        status: 'approved',
        created_at: '2026-02-14T09:00:00.000Z',
        admin_notes: 'Checked in-game',
      }),
      claimRequest(1, 'Zezima', { status: 'denied', admin_notes: 'Not your account' }),
    ]);
    expect(screen.getAllByRole('article').map((article) => article.querySelector('h3')?.textContent)).toEqual(
      ['Lynx Titan', 'Iron Bob', 'Zezima'],
    );
    expect(card('Lynx Titan').getByText('Pending')).toBeInTheDocument();
    expect(card('Lynx Titan').getByText('Requested 1 March 2026')).toBeInTheDocument();
    expect(card('Lynx Titan').getByText('My main since 2005')).toBeInTheDocument();
    expect(card('Lynx Titan').queryByText(/Admin notes/)).not.toBeInTheDocument();
    expect(card('Iron Bob').getByText('Approved')).toBeInTheDocument();
    expect(card('Iron Bob').getByText('Requested 14 February 2026')).toBeInTheDocument();
    expect(card('Iron Bob').getByText('Checked in-game')).toBeInTheDocument();
    expect(card('Zezima').getByText('Denied')).toBeInTheDocument();
    expect(card('Zezima').getByText('Not your account')).toBeInTheDocument();
  });

  it('shows a request closed because another account claimed the character as denied, with the reason', () => {
    renderRequests([
      claimRequest(4, 'Woox', {
        status: 'denied',
        admin_notes: CLAIM_MESSAGES.claimedByAnother,
        reviewed_at: '2026-03-02T10:00:00.000Z',
      }),
    ]);
    expect(card('Woox').getByText('Denied')).toBeInTheDocument();
    expect(card('Woox').getByText('Another account claimed this character.')).toBeInTheDocument();
  });

  it("leaves out other users' requests, which an admin's list also holds", () => {
    renderRequests([claimRequest(2, 'Iron Bob', { user_id: 2, username: 'bob' }), claimRequest(1, 'Zezima')]);
    expect(screen.getAllByRole('article').map((article) => article.querySelector('h3')?.textContent)).toEqual(
      ['Zezima'],
    );
  });

  it('says No Requests Yet when the user has sent none', () => {
    renderRequests([]);
    expect(screen.getByText('No Requests Yet')).toBeInTheDocument();
  });

  it("shows the server's message when the requests cannot be loaded", async () => {
    stubApi({
      'GET /api/claim-requests': () => apiError(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable'),
    });
    renderRequests(null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Requests');
    expect(alert).toHaveTextContent('The database is unavailable');
  });
});
