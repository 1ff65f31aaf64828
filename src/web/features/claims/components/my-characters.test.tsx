import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Character } from '#core/claims/claims.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { myCharactersQueryKey } from '../api/get-my-characters.ts';
import { MyCharacters } from './my-characters.tsx';

afterEach(() => vi.unstubAllGlobals());

const zezima: Character = {
  wom_id: '1',
  name: 'Zezima',
  wom_name: 'Zezima',
  womrole: 'dragonstone',
  combat_level: 126,
  current_lvl: 2277,
  current_xp: 4_600_000_000,
  ehb: 1234,
  siege_score: 40,
  claimed_at: '2026-02-03T12:00:00.000Z',
};

function renderCharacters(characters: Character[] | null) {
  return renderWithQueries(
    <MyCharacters renderRankIcon={(role) => <span data-testid="rank-icon">{role}</span>} />,
    characters === null ? [] : [[myCharactersQueryKey, characters]],
  );
}

/** The value shown under a stat's label on a character's card. */
function stat(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('my characters', () => {
  it('shows each claimed character with its rank, combat level, total level, XP and EHB', () => {
    renderCharacters([zezima, { ...zezima, wom_id: '2', name: 'Iron Zezima', womrole: 'tzkal', ehb: 3 }]);
    const card = screen.getByRole('article', { name: 'Zezima' });
    expect(within(card).getByText('Dragonstone')).toBeInTheDocument();
    expect(within(card).getByTestId('rank-icon')).toHaveTextContent('dragonstone');
    expect(stat(card, 'Combat Level')).toBe('126');
    expect(stat(card, 'Total Level')).toBe('2,277');
    expect(stat(card, 'XP')).toBe('4,600,000,000');
    expect(stat(card, 'EHB')).toBe('1,234');
    expect(within(card).getByText('Claimed 3 February 2026')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Iron Zezima' })).getByText('TzKal'),
    ).toBeInTheDocument();
  });

  it("links each character's name to its member page", () => {
    renderCharacters([zezima, { ...zezima, wom_id: '2', name: 'Iron Zezima' }]);
    const card = screen.getByRole('article', { name: 'Iron Zezima' });
    expect(within(card).getByRole('link', { name: 'Iron Zezima' })).toHaveAttribute('href', '/members/2');
  });

  it('shows the combat level the server sends for a character without stats (3)', () => {
    renderCharacters([{ ...zezima, womrole: null, combat_level: 3, current_lvl: 0, current_xp: 0, ehb: 0 }]);
    const card = screen.getByRole('article', { name: 'Zezima' });
    expect(stat(card, 'Combat Level')).toBe('3');
    expect(within(card).getByText('-')).toBeInTheDocument();
  });

  it('says No Characters Yet when the user has claimed none', () => {
    renderCharacters([]);
    expect(screen.getByText('No Characters Yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows the server's message and Try Again when the characters cannot be loaded", async () => {
    stubApi({
      'GET /api/me/characters': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderCharacters(null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Characters');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
