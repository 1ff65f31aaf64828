import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { claimRequestsQueryKey } from '../api/get-claim-requests.ts';
import { ClaimRequestForm, type ClaimablePlayer } from './claim-request-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const players: ClaimablePlayer[] = [
  { wom_id: '2', name: 'Iron Bob' },
  { wom_id: '3', name: 'Lynx Titan' },
];

const pending: ClaimRequest = {
  id: 9,
  user_id: 1,
  username: 'zezima',
  wom_id: '3',
  rsn: 'Lynx Titan',
  message: 'My main',
  status: 'pending',
  admin_notes: null,
  created_at: '2026-03-01T10:00:00.000Z',
  reviewed_at: null,
};

async function request(player: string | null, message = '') {
  const user = userEvent.setup();
  if (player) {
    await user.type(screen.getByRole('combobox', { name: 'Player' }), player.slice(0, 4));
    await user.click(screen.getByRole('option', { name: player }));
  }
  if (message) await user.type(screen.getByLabelText('Message'), message);
  await user.click(screen.getByRole('button', { name: 'Request Claim' }));
}

describe('request a claim', () => {
  it('offers the players nobody has claimed in a searchable combobox, with an optional message', async () => {
    renderWithQueries(<ClaimRequestForm players={players} />);
    const player = screen.getByRole('combobox', { name: 'Player' });
    await userEvent.click(player);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Iron Bob',
      'Lynx Titan',
    ]);
    await userEvent.type(player, 'lyn{Enter}');
    expect(player).toHaveValue('Lynx Titan');
    expect(screen.getByLabelText('Message')).not.toBeRequired();
  });

  it('says All players have been claimed when there is nobody left to ask for', () => {
    renderWithQueries(<ClaimRequestForm players={[]} />);
    expect(screen.getByText('All players have been claimed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Claim' })).not.toBeInTheDocument();
  });

  it("sends the request, confirms it and marks the user's requests stale", async () => {
    const fetch = stubApi({ 'POST /api/claim-requests': () => Response.json(pending, { status: 201 }) });
    const { queryClient } = renderWithQueries(<ClaimRequestForm players={players} />, [
      [claimRequestsQueryKey, []],
    ]);
    await request('Lynx Titan', '  My main  ');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your request for Lynx Titan has been sent to the admins.',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/claim-requests',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ wom_id: '3', message: 'My main' }) }),
    );
    expect(screen.getByRole('combobox', { name: 'Player' })).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(queryClient.getQueryState(claimRequestsQueryKey)?.isInvalidated).toBe(true);
  });

  it('sends no message when none was typed', async () => {
    const fetch = stubApi({ 'POST /api/claim-requests': () => Response.json(pending, { status: 201 }) });
    renderWithQueries(<ClaimRequestForm players={players} />);
    await request('Iron Bob');
    await screen.findByRole('status');
    expect(fetch).toHaveBeenCalledWith(
      '/api/claim-requests',
      expect.objectContaining({ body: JSON.stringify({ wom_id: '2', message: null }) }),
    );
  });

  it('says Please select a valid player before sending anything', async () => {
    const fetch = stubApi({});
    renderWithQueries(<ClaimRequestForm players={players} />);
    await request(null);
    expect(await screen.findByText('Please select a valid player')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Player' })).toHaveAccessibleDescription(
      'Please select a valid player',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [
      409,
      'ALREADY_CLAIMED',
      'This player has already been claimed',
      'Request failed: This player has already been claimed',
    ],
    [
      409,
      'PENDING_REQUEST',
      'You already have a pending request for this player',
      'Request failed: You already have a pending request for this player',
    ],
    [
      500,
      'INTERNAL_ERROR',
      'Something went wrong on our side',
      'Request failed: Something went wrong on our side',
    ],
    [400, 'VALIDATION_ERROR', 'Please select a valid player', 'Please select a valid player'],
  ])('shows a refusal %i %s as %s', async (status, code, message, shown) => {
    stubApi({ 'POST /api/claim-requests': () => apiError(status, code, message) });
    renderWithQueries(<ClaimRequestForm players={players} />);
    await request('Iron Bob');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown}$`));
  });

  it('says Request failed: Connection failed when the server cannot be reached', async () => {
    stubApi({
      'POST /api/claim-requests': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithQueries(<ClaimRequestForm players={players} />);
    await request('Iron Bob');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Request failed: Connection failed$/);
  });
});
