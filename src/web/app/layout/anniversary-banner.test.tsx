import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicMember } from '#core/members/members.schema.ts';
import { renderApp } from '#test/render.tsx';

function member(wom_id: string, name: string, join_date: string | null): PublicMember {
  return {
    wom_id,
    name,
    wom_name: name,
    womrole: 'opal',
    title: null,
    current_lvl: 1000,
    current_xp: 1,
    first_lvl: 1000,
    first_xp: 1,
    combat_level: 3,
    ehb: 0,
    siege_score: 0,
    score: 0,
    clan_xp: 0,
    join_date,
    alt: false,
    build: 'main',
    ironman_type: null,
    wom_account_type: 'regular',
    calculated_rank: 'opal',
    rank_path: 'skiller',
    next_rank: { rank: 'sapphire', remaining: 3_000_000, unit: 'XP', label: 'Sapphire: 3,000,000 XP' },
    claimed: false,
    is_claimed: false,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  };
}

const roster = [
  member('1', 'Zezima', '2023-03-14'),
  member('2', 'Lynx Titan', '2025-03-14'),
  member('3', 'Woox', '2022-07-01'),
];

afterEach(() => vi.useRealTimers());

describe('anniversary banner', () => {
  it("names today's anniversaries with their years, on any page", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T09:00:00Z'));
    renderApp('/no/such/page', { queries: [[['members'], roster]] });
    const banner = await screen.findByRole('complementary', { name: 'Clan anniversaries' });
    expect(banner).toHaveTextContent('Zezima (3 years)');
    expect(banner).toHaveTextContent('Lynx Titan (1 year)');
    expect(banner).not.toHaveTextContent('Woox');
  });

  it('names two members and offers the rest as "and N more", which lists them all', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T09:00:00Z'));
    const busyDay = Array.from({ length: 12 }, (_, index) =>
      member(String(index + 1), `Member ${String(index + 1).padStart(2, '0')}`, '2024-03-14'),
    );
    renderApp('/no/such/page', { queries: [[['members'], busyDay]] });
    const banner = await screen.findByRole('complementary', { name: 'Clan anniversaries' });
    expect(banner).toHaveTextContent(/Member 01 \(2 years\), Member 02 \(2 years\) and 10 more$/);
    expect(banner).not.toHaveTextContent('Member 03');

    await userEvent.click(within(banner).getByRole('button', { name: 'and 10 more' }));
    expect(banner).toHaveTextContent('Member 12 (2 years)');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is absent on a day without anniversaries', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T09:00:00Z'));
    renderApp('/', { queries: [[['members'], roster]] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Clan anniversaries' })).not.toBeInTheDocument();
  });

  it('moves on to the new day at UTC midnight while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-13T23:59:00Z'));
    renderApp('/', { queries: [[['members'], roster]] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Clan anniversaries' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('complementary', { name: 'Clan anniversaries' })).toHaveTextContent(
      'Zezima (3 years)',
    );

    await act(() => vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000));
    expect(screen.queryByRole('complementary', { name: 'Clan anniversaries' })).not.toBeInTheDocument();
  });
});
