import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Character } from '#core/claims/claims.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { claimRequestsQueryKey } from '../api/get-claim-requests.ts';
import { myCharactersQueryKey } from '../api/get-my-characters.ts';
import { ClaimCodeForm } from './claim-code-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const zezima: Character = {
  wom_id: '1',
  name: 'Zezima',
  wom_name: 'Zezima',
  womrole: 'opal',
  combat_level: 3,
  current_lvl: 32,
  current_xp: 1000,
  ehb: 0,
  siege_score: 0,
  claimed_at: '2026-02-03T12:00:00.000Z',
};

async function claim(code: string) {
  const user = userEvent.setup();
  if (code) await user.type(screen.getByLabelText('Claim Code'), code);
  await user.click(screen.getByRole('button', { name: 'Claim' }));
}

describe('claim by code', () => {
  it("claims the code's character, shows the server's message and marks the user's characters stale", async () => {
    const fetch = stubApi({
      'POST /api/claims/redeem': () =>
        Response.json({ message: 'Successfully claimed player: Zezima', character: zezima }),
    });
    const onClaimed = vi.fn();
    const { queryClient } = renderWithQueries(<ClaimCodeForm onClaimed={onClaimed} />, [
      [myCharactersQueryKey, []],
      [claimRequestsQueryKey, []],
    ]);
    await claim(' abcd-efgh-jkmn-pqrs ');

    expect(await screen.findByRole('status')).toHaveTextContent(/^Successfully claimed player: Zezima$/);
    expect(screen.getByLabelText('Claim Code')).toHaveValue('');
    expect(onClaimed).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledWith(
      '/api/claims/redeem',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: 'abcd-efgh-jkmn-pqrs' }) }),
    );
    expect(queryClient.getQueryState(myCharactersQueryKey)?.isInvalidated).toBe(true);
    // The claim answered the user's own pending request for the character: the Requests tab reloads.
    expect(queryClient.getQueryState(claimRequestsQueryKey)?.isInvalidated).toBe(true);
  });

  it('asks for a code before sending anything', async () => {
    const fetch = stubApi({});
    renderWithQueries(<ClaimCodeForm />);
    await claim('   ');
    expect(await screen.findByText('Claim code is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'INVALID_CLAIM_CODE', 'Invalid or already used claim code'],
    [400, 'CLAIM_CODE_EXPIRED', 'This claim code has expired'],
    [409, 'ALREADY_CLAIMED', 'This player has already been claimed'],
    [401, 'UNAUTHENTICATED', 'You must be logged in to claim a player'],
    [429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'],
  ])("shows the server's refusal %i %s in its own words", async (status, code, message) => {
    stubApi({ 'POST /api/claims/redeem': () => apiError(status, code, message) });
    const onClaimed = vi.fn();
    renderWithQueries(<ClaimCodeForm onClaimed={onClaimed} />);
    await claim('ABCD-EFGH-JKMN-PQRS');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(screen.getByLabelText('Claim Code')).toHaveValue('ABCD-EFGH-JKMN-PQRS');
    expect(onClaimed).not.toHaveBeenCalled();
  });

  it.each([
    ['the server fails', () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side')],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('says Failed to process claim when %s', async (_, respond) => {
    stubApi({ 'POST /api/claims/redeem': respond });
    renderWithQueries(<ClaimCodeForm />);
    await claim('ABCD-EFGH-JKMN-PQRS');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to process claim$/);
  });
});
