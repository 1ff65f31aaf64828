import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Character } from '#core/claims/claims.schema.ts';
import type { CharacterDink } from '#core/dink/dink.schema.ts';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { publicMember } from '#test/public-member.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/members/42'), 30_000);

function characterPage(overrides: Partial<CharacterPage> = {}): CharacterPage {
  return {
    member: publicMember('Zezima', {
      wom_id: '42',
      wom_name: 'Zezima',
      womrole: 'ruby',
      combat_level: 110,
      current_lvl: 1_800,
      ehb: 412,
      siege_score: 17,
      join_date: '2022-04-23',
    }),
    next_rank_text: '9,001,150 XP to Diamond',
    wom_profile_url: 'https://wiseoldman.net/players/Zezima',
    last_updated_at: '2026-11-21T11:30:00.000Z',
    wom_last_changed_at: '2026-11-20T08:30:00.000Z',
    wom_updated_at: '2026-11-21T11:00:00.000Z',
    stats: {
      skills: [
        { metric: 'overall', level: 1_800, experience: 40_998_850, rank: 250_000 },
        { metric: 'attack', level: 99, experience: 13_034_431, rank: 120_500 },
        { metric: 'sailing', level: 1, experience: 0, rank: -1 },
      ],
      bosses: [
        { metric: 'vorkath', kills: 1_234, rank: 20_100 },
        { metric: 'zulrah', kills: 0, rank: -1 },
      ],
      activities: [{ metric: 'clue_scrolls_all', score: 412, rank: 98_000 }],
    },
    seasons: [
      {
        season_id: 1,
        name: 'Season 1',
        started_at: '2025-01-01T00:00:00.000Z',
        ended_at: '2025-12-31T00:00:00.000Z',
        open: false,
        siege_score: 55,
      },
      {
        season_id: 2,
        name: 'Season 2',
        started_at: '2026-01-01T00:00:00.000Z',
        ended_at: null,
        open: true,
        siege_score: 17,
      },
    ],
    events_won: [{ id: 5, name: 'Fishing week', metric: 'fishing', end_date: '2026-10-08T00:00:00.000Z' }],
    goals: [
      {
        id: 7,
        goal_type: 'skill',
        metric: 'woodcutting',
        start_value: 1_000_000,
        current_value: 1_500_000,
        target_value: 2_000_000,
        progress_percent: 50,
        completed: false,
        target_date: null,
      },
    ],
    races: [
      {
        id: 9,
        participant_id: 90,
        title: 'Attack race',
        metric: 'attack',
        start_value: 100,
        current_value: 175,
        target_value: 200,
        progress_percent: 75,
        end_date: null,
      },
    ],
    history: [
      { day: '2026-11-20', exp: 40_000_000, ehb: 410.5 },
      { day: '2026-11-21', exp: 40_998_850, ehb: 412.87 },
    ],
    returns: [],
    ...overrides,
  };
}

function character(womId: string): Character {
  return {
    wom_id: womId,
    name: 'Zezima',
    wom_name: 'Zezima',
    womrole: 'ruby',
    combat_level: 110,
    current_lvl: 1800,
    current_xp: 1,
    ehb: 412,
    siege_score: 17,
    claimed_at: '2026-01-01T00:00:00.000Z',
  };
}

const definition = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('member page', () => {
  it('shows the rank and the next rank in words, the levels, EHB, score, wins and when it was updated', async () => {
    const fetch = stubApi({ 'GET /api/members/42': () => Response.json(characterPage()) });
    renderApp('/members/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zezima' })).toBeInTheDocument();
    expect(definition('Rank')).toBe('Ruby');
    expect(definition('Next Rank')).toBe('9,001,150 XP to Diamond');
    expect(screen.queryByText(/band/)).not.toBeInTheDocument();
    expect(definition('Combat Level')).toBe('110');
    expect(definition('Total Level')).toBe('1,800');
    expect(definition('EHB')).toBe('412');
    expect(definition('Siege Score')).toBe('17');
    expect(definition('Events Won')).toBe('1');
    expect(definition('Joined')).toBe('23 April 2022');
    expect(
      screen.getByText(
        'Last updated 21 November 2026, 11:00 UTC · Stats last changed 20 November 2026, 08:30 UTC',
      ),
    ).toBeInTheDocument();
    const wom = screen.getByRole('link', { name: 'Wise Old Man profile (opens in a new tab)' });
    expect(wom).toHaveAttribute('href', 'https://wiseoldman.net/players/Zezima');
    expect(wom).toHaveAttribute('target', '_blank');
    expect(fetch).toHaveBeenCalledWith('/api/members/42', expect.anything());
  });

  it("lists every skill's level and XP, and every boss's kills and activity's score, in tabs", async () => {
    stubApi({ 'GET /api/members/42': () => Response.json(characterPage()) });
    renderApp('/members/42');
    const section = await screen.findByRole('region', { name: 'Skills, Bosses and Activities' });
    const rowsOf = (name: string) =>
      within(within(section).getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rowsOf('Skills')).toEqual([
      ['Overall', '1,800', '40,998,850', '250,000'],
      ['Attack', '99', '13,034,431', '120,500'],
      ['Sailing', '1', '-', '-'],
    ]);
    const user = userEvent.setup();
    await user.click(within(section).getByRole('tab', { name: 'Bosses' }));
    expect(rowsOf('Bosses')).toEqual([
      ['Vorkath', '1,234', '20,100'],
      ['Zulrah', '-', '-'],
    ]);
    await user.click(within(section).getByRole('tab', { name: 'Activities' }));
    expect(rowsOf('Activities')).toEqual([['Clue Scrolls (All)', '412', '98,000']]);
  });

  it('says WOM has never updated a member instead of showing their zeros as levels', async () => {
    stubApi({
      'GET /api/members/42': () =>
        Response.json(
          characterPage({
            member: publicMember('Zezima', {
              wom_id: '42',
              wom_account_type: 'unknown',
              combat_level: 3,
              current_lvl: 0,
              ehb: 0,
            }),
            wom_updated_at: null,
            wom_last_changed_at: null,
            stats: null,
          }),
        ),
    });
    renderApp('/members/42');
    expect(await screen.findByText('Not tracked by Wise Old Man yet')).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
    expect(definition('Combat Level')).toBe('-');
    expect(definition('Total Level')).toBe('-');
    expect(definition('EHB')).toBe('-');
    expect(screen.getByRole('region', { name: 'Skills, Bosses and Activities' })).toHaveTextContent(
      'Wise Old Man has not updated Zezima yet, so their levels and kills are not known.',
    );
  });

  it('charts the stored XP and EHB, lists the seasons newest first, the wins, public goals and races', async () => {
    stubApi({ 'GET /api/members/42': () => Response.json(characterPage()) });
    renderApp('/members/42');
    const chart = await screen.findByRole('figure', { name: "Zezima's XP and EHB over time" });
    expect(chart).toHaveTextContent(
      'From 20 Nov 2026 to 21 Nov 2026: 40,000,000 to 40,998,850 XP, 411 to 413 EHB.',
    );
    const seasons = screen.getByRole('table', { name: 'Siege score by season' });
    const rows = within(seasons).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Season 2 (current)1 January 2026 – now17',
      'Season 11 January 2025 – 31 December 202555',
    ]);
    const events = screen.getByRole('region', { name: 'Events Won' });
    expect(events).toHaveTextContent('Fishing week');
    expect(events).toHaveTextContent('Fishing · 8 October 2026');
    const goals = screen.getByRole('region', { name: 'Goals' });
    expect(within(goals).getByRole('link', { name: 'Woodcutting' })).toHaveAttribute('href', '/goals/7');
    expect(within(goals).getByRole('progressbar', { name: 'Woodcutting goal progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    const races = screen.getByRole('region', { name: 'Races' });
    expect(within(races).getByRole('link', { name: 'Attack race' })).toHaveAttribute('href', '/races/9');
    expect(races).toHaveTextContent('Attack: 175 / 200');
  });

  it('shows when a member who left came back, keeping the date they first joined', async () => {
    stubApi({
      'GET /api/members/42': () =>
        Response.json(
          characterPage({
            returns: [
              { left_at: '2026-11-20T04:00:00.000Z', returned_on: '2026-11-25', joined_before: '2022-04-23' },
            ],
          }),
        ),
    });
    renderApp('/members/42');
    const history = await screen.findByRole('region', { name: 'Clan History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Joined the clan on 23 April 2022',
      'Left the clan on 20 November 2026',
      'Returned to the clan on 25 November 2026',
    ]);
    expect(definition('Joined')).toBe('23 April 2022');
  });

  it('shows no clan history for a member who never left', async () => {
    stubApi({ 'GET /api/members/42': () => Response.json(characterPage()) });
    renderApp('/members/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zezima' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Clan History' })).not.toBeInTheDocument();
  });

  it('says what is missing when nothing is stored yet', async () => {
    stubApi({
      'GET /api/members/42': () =>
        Response.json(
          characterPage({ history: [], events_won: [], goals: [], races: [], next_rank_text: null }),
        ),
    });
    renderApp('/members/42');
    expect(await screen.findByRole('figure', { name: "Zezima's XP and EHB over time" })).toHaveTextContent(
      'No history stored yet',
    );
    expect(definition('Next Rank')).toBe('-');
    expect(screen.getByText('No event wins yet.')).toBeInTheDocument();
    expect(screen.getByText('No public goals.')).toBeInTheDocument();
    expect(screen.getByText('No public races.')).toBeInTheDocument();
  });

  it("shows the site's not-found page for a hidden or unknown member", async () => {
    stubApi({ 'GET /api/members/43': () => apiError(404, 'NOT_FOUND', 'No such member') });
    renderApp('/members/43');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('404 - Page Not Found');
  });

  it('marks the page of a character the signed-in member has claimed, and no other', async () => {
    stubApi({
      'GET /api/members/42': () => Response.json(characterPage()),
      'GET /api/me/characters': () => Response.json([character('42')]),
    });
    const first = renderApp('/members/42', { user: testUser() });
    expect(await screen.findByText('Your character')).toBeInTheDocument();
    first.unmount();

    stubApi({
      'GET /api/members/42': () => Response.json(characterPage()),
      'GET /api/me/characters': () => Response.json([character('7')]),
    });
    renderApp('/members/42', { user: testUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zezima' })).toBeInTheDocument();
    expect(screen.queryByText('Your character')).not.toBeInTheDocument();
  });

  describe("the game's own news", () => {
    const dink: CharacterDink = {
      collection: { completed: 812, total: 1_568 },
      pets: ['Vorki', 'Olmlet'],
      moments: [
        {
          id: 5,
          kind: 'loot',
          wom_id: '42',
          player_name: 'Zezima',
          occurred_at: '2026-11-20T10:00:00.000Z',
          title: 'Dragon warhammer',
          details: 'From a Lizardman shaman · 38,000,000 coins',
          value: 38_000_000,
          image_url: '/api/dink/images/3',
          thumbnail_url: '/api/dink/images/3/thumbnail',
        },
      ],
    };

    function serve(answer: CharacterDink) {
      return stubApi({
        'GET /api/members/42': () => Response.json(characterPage()),
        'GET /api/character-dink': ({ url }) =>
          url.searchParams.get('id') === '42'
            ? Response.json(answer)
            : apiError(404, 'NOT_FOUND', 'No such member'),
      });
    }

    it('shows collection-log progress, pets and the latest moments, with a link to all of them', async () => {
      serve(dink);
      renderApp('/members/42');
      const section = await screen.findByRole('region', { name: 'From the Game' });
      expect(section).toHaveTextContent('812 of 1,568 slots');
      expect(within(section).getByRole('progressbar', { name: 'Collection log progress' })).toHaveAttribute(
        'aria-valuenow',
        '51',
      );
      expect(section).toHaveTextContent('VorkiOlmlet');
      const moments = within(section).getByRole('list', { name: 'Latest moments' });
      expect(moments).toHaveTextContent('Dragon warhammer');
      expect(moments).toHaveTextContent('38,000,000 coins');
      expect(
        within(moments).getByRole('img', { name: 'Screenshot of Zezima: Dragon warhammer' }),
      ).toHaveAttribute('loading', 'lazy');
      // The page is the player's own: the moment does not name them again.
      expect(within(moments).queryByRole('link', { name: 'Zezima' })).not.toBeInTheDocument();
      expect(
        within(section).getByRole('link', { name: 'All their moments in the Clan Feed' }),
      ).toHaveAttribute('href', '/feed?wom_id=42');
    });

    it('shows only the parts that have something in them', async () => {
      serve({ collection: null, pets: ['Vorki'], moments: [] });
      renderApp('/members/42');
      const section = await screen.findByRole('region', { name: 'From the Game' });
      expect(
        within(section)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['From the Game', 'Pets']);
      expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    });

    it('has no section for a character whose Dink has sent nothing', async () => {
      stubApi({ 'GET /api/members/42': () => Response.json(characterPage()) });
      // Seeded, so the page has the empty answer by the time its heading shows.
      renderApp('/members/42', {
        queries: [[['character-dink', '42'], { collection: null, pets: [], moments: [] }]],
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Zezima' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Races' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'From the Game' })).not.toBeInTheDocument();
    });
  });
});
