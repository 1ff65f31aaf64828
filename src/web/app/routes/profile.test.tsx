import type { QueryKey } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { Character, ClaimRequest } from '#core/claims/claims.schema.ts';
import type { MyDinkLink } from '#core/dink/dink.schema.ts';
import { DISCORD_SIGN_IN_ERRORS, type MyDiscord } from '#core/discord/discord-home.schema.ts';
import type { Goal, GoalsPage } from '#core/goals/goals.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { memberCombobox, offeredMembers, pickMember } from '#test/member-combobox.ts';
import { publicMember } from '#test/public-member.ts';
import { onePage, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testClan, testUser } from '#test/render.tsx';
import { characterGoalsQueryKey } from '../../features/goals/api/get-my-goals.ts';
import { testGoal } from '../../features/goals/testing/test-goal.ts';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/profile'), 30_000);

const zezima = testUser({
  username: 'zezima',
  join_date: '2023-05-17',
  created_at: '2026-01-01T00:00:00.000Z',
});

const character: Character = {
  wom_id: '1',
  name: 'Zezima',
  wom_name: 'Zezima',
  womrole: 'sapphire',
  combat_level: 126,
  current_lvl: 2277,
  current_xp: 12_345_678,
  ehb: 12,
  siege_score: 0,
  claimed_at: '2026-02-03T12:00:00.000Z',
};

const approved: ClaimRequest = {
  id: 4,
  user_id: 1,
  username: 'zezima',
  wom_id: '2',
  rsn: 'Iron Zezima',
  message: null,
  status: 'approved',
  admin_notes: null,
  created_at: '2026-03-01T10:00:00.000Z',
  reviewed_at: '2026-03-02T10:00:00.000Z',
};

const roster: PublicMember[] = [
  publicMember('Zezima', { wom_id: '1', is_claimed: true, claimed: true }),
  publicMember('Lynx Titan', { wom_id: '3' }),
  publicMember('Iron Bob', { wom_id: '2' }),
];

const notLinked: MyDiscord = { linked: null, can_link: true, has_password: true };

function renderProfile(
  seed: {
    user?: SessionUser;
    characters?: Character[];
    requests?: ClaimRequest[];
    members?: PublicMember[];
    goals?: Goal[];
    discord?: MyDiscord;
    path?: string;
  } = {},
) {
  return renderApp(seed.path ?? '/profile', {
    user: seed.user ?? zezima,
    members: seed.members ?? roster,
    queries: [
      [['me', 'characters'], seed.characters ?? [character]],
      [['claim-requests'], seed.requests ?? [approved]],
      [['me', 'discord'], seed.discord ?? notLinked],
      [['user-goals', 'mine'], onePage(seed.goals ?? [])],
      ...(seed.characters ?? [character]).map(({ wom_id }): [QueryKey, GoalsPage] => [
        characterGoalsQueryKey(wom_id),
        { items: (seed.goals ?? []).filter((goal) => goal.wom_id === wom_id), next_cursor: null },
      ]),
    ],
  });
}

describe('profile page', () => {
  it('asks a visitor to log in, with Log In and Register links, and requests nothing', async () => {
    const fetch = stubApi({});
    renderApp('/profile', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Please Log In' })).toBeInTheDocument();
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const requested = fetch.mock.calls.map(([url]) => url);
    expect(requested).not.toContain('/api/me/characters');
    expect(requested).not.toContain('/api/claim-requests');
  });

  it('opens on the Characters tab and switches tabs without touching the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Characters',
      'Goals',
      'Races',
      'Dink',
      'Bingo',
      'Requests',
      'Account',
    ]);
    // On a phone the six tabs wrap rather than hide in a scrolling row that clips the focus ring.
    expect(screen.getByRole('tablist', { name: 'Profile sections' })).toHaveClass('flex-wrap');
    expect(screen.getByRole('tab', { name: 'Characters' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('article', { name: 'Zezima' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Requests' }));
    expect(screen.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Zezima' })).not.toBeInTheDocument();
    expect(location.pathname).toBe('/profile');
    expect(location.search).toBe('');
  });

  it("shows each character's rank with its icon", async () => {
    renderProfile();
    const card = await screen.findByRole('article', { name: 'Zezima' });
    expect(within(card).getByRole('img', { name: 'Sapphire rank' })).toBeInTheDocument();
    expect(within(card).getByText('Sapphire')).toBeInTheDocument();
  });

  it('offers only the members nobody has claimed, by name, for a claim request', async () => {
    renderProfile();
    await screen.findByRole('combobox', { name: 'Player' });
    expect(await offeredMembers()).toEqual(['Iron Bob', 'Lynx Titan']);
    // Searching for the claimed member by name finds nobody either.
    await userEvent.type(memberCombobox(), 'Zez');
    expect(screen.getByText('No member matches that name')).toBeInTheDocument();
  });

  it('says All players have been claimed when every member is claimed', async () => {
    renderProfile({ members: [roster[0] as PublicMember] });
    expect(await screen.findByText('All players have been claimed')).toBeInTheDocument();
  });

  it('shows the new character and drops it from the request list after a claim by code', async () => {
    const user = userEvent.setup();
    const bob: Character = { ...character, wom_id: '2', name: 'Iron Bob', womrole: 'opal' };
    let claimed = false;
    stubApi({
      'POST /api/claims/redeem': () => {
        claimed = true;
        return Response.json({ message: 'Successfully claimed player: Iron Bob', character: bob });
      },
      'GET /api/me/characters': () => Response.json(claimed ? [character, bob] : [character]),
      'GET /api/members': () =>
        Response.json(
          roster.map((member) => (member.wom_id === '2' ? { ...member, is_claimed: true } : member)),
        ),
    });
    renderProfile();
    await user.type(await screen.findByLabelText('Claim Code'), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Claim' }));

    expect(await screen.findByText('Successfully claimed player: Iron Bob')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Iron Bob' })).toBeInTheDocument();
    await vi.waitFor(async () => expect(await offeredMembers()).toEqual(['Lynx Titan']));
  });

  it('offers Dink for a character claimed by code on the Dink tab', async () => {
    const user = userEvent.setup();
    const bob: Character = { ...character, wom_id: '2', name: 'Iron Bob', womrole: 'opal' };
    const link = (wom_id: string, player_name: string): MyDinkLink => ({
      wom_id,
      player_name,
      connected: false,
      bound: false,
      share_public: true,
      posts: 0,
      last_post_at: null,
    });
    let claimed = false;
    stubApi({
      'POST /api/claims/redeem': () => {
        claimed = true;
        return Response.json({ message: 'Successfully claimed player: Iron Bob', character: bob });
      },
      'GET /api/me/characters': () => Response.json(claimed ? [character, bob] : [character]),
      'GET /api/members': () => Response.json(roster),
      'GET /api/me/dink': () =>
        Response.json(claimed ? [link('1', 'Zezima'), link('2', 'Iron Bob')] : [link('1', 'Zezima')]),
    });
    const view = renderProfile();
    view.queryClient.setQueryData(['me', 'dink'], [link('1', 'Zezima')]);
    await user.type(await screen.findByLabelText('Claim Code'), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Successfully claimed player: Iron Bob')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Dink' }));
    const panel = screen.getByRole('tabpanel', { name: 'Dink' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Dink' })).toBeInTheDocument();
    const bobCard = await within(panel).findByRole('article', { name: 'Iron Bob' });
    expect(within(bobCard).getByRole('button', { name: 'Connect Dink' })).toBeInTheDocument();
  });

  it('shows a sent claim request on the Requests tab as Pending', async () => {
    const user = userEvent.setup();
    const pending: ClaimRequest = { ...approved, id: 5, wom_id: '3', rsn: 'Lynx Titan', status: 'pending' };
    let sent = false;
    stubApi({
      'POST /api/claim-requests': () => {
        sent = true;
        return Response.json(pending, { status: 201 });
      },
      'GET /api/claim-requests': () => Response.json(sent ? [pending, approved] : [approved]),
    });
    renderProfile();
    await screen.findByRole('combobox', { name: 'Player' });
    await pickMember('Lynx Titan');
    await user.click(screen.getByRole('button', { name: 'Request Claim' }));
    expect(
      await screen.findByText('Your request for Lynx Titan has been sent to the admins.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Requests' }));
    const lynx = await screen.findByRole('article', { name: 'Lynx Titan' });
    expect(within(lynx).getByText('Pending')).toBeInTheDocument();
  });

  it('says No Characters Yet and No Requests Yet for a new account', async () => {
    const user = userEvent.setup();
    renderProfile({ characters: [], requests: [] });
    expect(await screen.findByText('No Characters Yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Requests' }));
    expect(screen.getByText('No Requests Yet')).toBeInTheDocument();
  });

  it("shows up to 3 of each character's active goals under its card, with Sync Progress", async () => {
    const goals = ['attack', 'strength', 'defence', 'magic'].map((metric, index) =>
      testGoal({ id: index + 1, metric }),
    );
    renderProfile({ goals });
    const card = await screen.findByRole('article', { name: 'Zezima' });
    expect(within(card).getAllByRole('progressbar')).toHaveLength(3);
    expect(within(card).queryByRole('article', { name: 'Magic' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sync Progress' })).toBeInTheDocument();
  });

  it("shows the synced XP on the character's card once Sync Progress says it is done", async () => {
    const user = userEvent.setup();
    const goal = testGoal({ id: 1, metric: 'overall', current_value: 12_345_678 });
    let synced = false;
    const moved = { ...goal, current_value: 12_400_000 };
    stubApi({
      'POST /api/user-goals/sync': () => {
        synced = true;
        return Response.json({
          goals: [moved],
          snapshot_at: '2026-11-24T10:00:00.000Z',
          refreshed: true,
          snapshot_age_seconds: 0,
        });
      },
      'GET /api/me/characters': () =>
        Response.json([{ ...character, current_xp: synced ? 12_400_000 : 12_345_678 }]),
      'GET /api/members': () => Response.json(roster),
      'GET /api/user-goals': () => Response.json({ items: [synced ? moved : goal], next_cursor: null }),
    });
    renderProfile({ goals: [goal] });
    const card = await screen.findByRole('article', { name: 'Zezima' });
    await user.click(within(card).getByRole('button', { name: 'Sync Progress' }));

    expect(await within(card).findByText('Progress synced.')).toBeInTheDocument();
    expect(within(card).getByText('12,400,000')).toBeInTheDocument();
    expect(within(card).queryByText('12,345,678')).not.toBeInTheDocument();
  });

  it('refreshes the character card after Sync Progress on the Goals tab too', async () => {
    const user = userEvent.setup();
    const goal = testGoal({ id: 1, metric: 'attack' });
    let synced = false;
    stubApi({
      'POST /api/user-goals/sync': () => {
        synced = true;
        return Response.json({
          goals: [goal],
          snapshot_at: '2026-11-24T09:48:00.000Z',
          refreshed: false,
          snapshot_age_seconds: 12 * 60,
        });
      },
      'GET /api/me/characters': () =>
        Response.json([{ ...character, current_xp: synced ? 12_400_000 : 12_345_678 }]),
      'GET /api/members': () => Response.json(roster),
      'GET /api/user-goals': () => Response.json({ items: [goal], next_cursor: null }),
    });
    renderProfile({ goals: [goal] });
    await user.click(await screen.findByRole('tab', { name: 'Goals' }));
    const zezimaGoals = await screen.findByRole('region', { name: 'Zezima' });
    await user.click(within(zezimaGoals).getByRole('button', { name: 'Sync Progress' }));
    expect(
      await within(zezimaGoals).findByText('Progress synced from data 12 minutes old.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Characters' }));
    const card = await screen.findByRole('article', { name: 'Zezima' });
    expect(within(card).getByText('12,400,000')).toBeInTheDocument();
  });

  it('sets a goal on the Goals tab and lists it there', async () => {
    const user = userEvent.setup();
    const goal = testGoal({ id: 9, metric: 'attack', public: false });
    let created = false;
    stubApi({
      'GET /api/pwom-player': () =>
        Response.json({
          id: 1,
          displayName: 'Zezima',
          type: 'regular',
          build: 'main',
          exp: 0,
          ehb: 0,
          combatLevel: 126,
          fetchedAt: '2026-11-24T00:00:00.000Z',
          latestSnapshot: {
            createdAt: '2026-11-24T00:00:00.000Z',
            data: {
              skills: { attack: { experience: 1_000_000, rank: 1, level: 80 } },
              bosses: {},
              activities: {},
              computed: {},
            },
          },
        }),
      'POST /api/user-goals': () => {
        created = true;
        return Response.json(goal, { status: 201 });
      },
      'GET /api/user-goals': () => Response.json({ items: created ? [goal] : [], next_cursor: null }),
    });
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Goals' }));
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByText('No Goals Set')).toBeInTheDocument();

    await user.selectOptions(panel.getByLabelText('Character'), 'Zezima');
    await user.selectOptions(panel.getByLabelText('Metric'), 'Attack');
    await user.type(panel.getByLabelText('Value'), '500000');
    expect(await panel.findByText('Current: 1,000,000')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Create Goal' }));

    const card = await panel.findByRole('article', { name: 'Attack' });
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(card).getByText('Private')).toBeInTheDocument();
    expect(panel.queryByText('No Goals Set')).not.toBeInTheDocument();
  });

  it('says No Characters to Track on the Goals tab before any character is claimed', async () => {
    const user = userEvent.setup();
    renderProfile({ characters: [] });
    await user.click(await screen.findByRole('tab', { name: 'Goals' }));
    expect(within(screen.getByRole('tabpanel')).getByText('No Characters to Track')).toBeInTheDocument();
  });

  it('shows the username and the member-since date on the Account tab', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByText('Username').nextElementSibling).toHaveTextContent('zezima');
    expect(panel.getByText('Member Since').nextElementSibling).toHaveTextContent('17 May 2023');
    expect(panel.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('counts membership from sign-up for an account without a join date', async () => {
    const user = userEvent.setup();
    renderProfile({ user: { ...zezima, join_date: null } });
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    expect(screen.getByText('Member Since').nextElementSibling).toHaveTextContent('1 January 2026');
  });

  it('logs out from the Account tab and goes home', async () => {
    const user = userEvent.setup();
    const fetch = stubApi({
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
      'GET /api/auth/me': () => Response.json({ user: null }),
      'GET /api/members': () => Response.json([]),
      'GET /api/clan': () => Response.json(testClan),
    });
    const { location } = renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Log Out' }));

    await vi.waitFor(() => expect(location.pathname).toBe('/'));
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('shows the Discord panel on the Account tab, between the details and the password', async () => {
    const user = userEvent.setup();
    renderProfile({
      discord: { ...notLinked, linked: { id: '1', username: 'zezima_rs', mention_opt_in: true } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    const panel = within(screen.getByRole('tabpanel'));
    const discord = panel.getByRole('region', { name: 'Discord' });
    expect(within(discord).getByText(/Linked as/)).toHaveTextContent('Linked as zezima_rs');
    expect(within(discord).getByRole('checkbox', { name: 'Mention me in news about me' })).toBeChecked();
    const headings = panel.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual(['Account', 'Discord', 'Change Password']);
  });

  it('leaves the Discord panel out on a site without Discord sign-in', async () => {
    const user = userEvent.setup();
    renderProfile({ discord: { ...notLinked, can_link: false } });
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(panel.queryByRole('region', { name: 'Discord' })).not.toBeInTheDocument();
  });

  it('offers Set a Password to an account made by Discord sign-in, then the change form', async () => {
    const user = userEvent.setup();
    const linked = { id: '1', username: 'zezima_rs', mention_opt_in: false };
    const fetch = stubApi({
      'POST /api/auth/password/first': () => new Response(null, { status: 204 }),
      'GET /api/me/discord': () => Response.json({ ...notLinked, linked }),
    });
    renderProfile({ discord: { ...notLinked, linked, has_password: false } });
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    const panel = within(screen.getByRole('tabpanel'));
    const section = within(panel.getByRole('region', { name: 'Set a Password' }));
    expect(
      section.getByText(
        'You signed up with Discord. Set a password to also sign in with your username, or to unlink Discord.',
      ),
    ).toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(section.queryByLabelText('Current Password')).not.toBeInTheDocument();

    await user.type(section.getByLabelText('New Password'), 'hunter33');
    await user.type(section.getByLabelText('Confirm Password'), 'hunter33');
    await user.click(section.getByRole('button', { name: 'Set Password' }));

    const changed = within(await panel.findByRole('region', { name: 'Change Password' }));
    expect(changed.getByRole('status')).toHaveTextContent(/^Your password has been set\.$/);
    expect(changed.getByLabelText('Current Password')).toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: 'Set a Password' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/me/discord', expect.anything());
  });

  it('opens the Account tab saying Discord linked. after a link, and takes it out of the address', async () => {
    const { location } = renderProfile({
      path: '/profile?discord=linked',
      discord: { ...notLinked, linked: { id: '1', username: 'zezima_rs', mention_opt_in: false } },
    });
    expect(await screen.findByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    const discord = within(screen.getByRole('region', { name: 'Discord' }));
    expect(discord.getByRole('status')).toHaveTextContent(/^Discord linked\.$/);
    expect(discord.getByText(/Linked as/)).toHaveTextContent('zezima_rs');
    await vi.waitFor(() => expect(location.search).toBe(''));
    expect(location.pathname).toBe('/profile');
    // Still said after the address is cleaned: the page read it once.
    expect(discord.getByRole('status')).toHaveTextContent('Discord linked.');
  });

  it('says why a link failed when the server comes back with discord_error', async () => {
    const { location } = renderProfile({ path: '/profile?discord_error=taken' });
    expect(await screen.findByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    const discord = within(screen.getByRole('region', { name: 'Discord' }));
    expect(discord.getByRole('alert')).toHaveTextContent(DISCORD_SIGN_IN_ERRORS.taken);
    expect(discord.getByRole('link', { name: 'Link Discord' })).toBeInTheDocument();
    await vi.waitFor(() => expect(location.search).toBe(''));
  });
});
