import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISCORD_HOME_MESSAGES,
  type RankRoles,
  type RankRolesInput,
  type Reconcile,
} from '#core/discord/discord-home.schema.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { emerald, moderator, sapphire, testDiscordApp, testRankRoles } from '../testing/discord-home.ts';
import { RankRolesSection } from './rank-roles-section.tsx';

const RANK_ROLES = '/api/admin/discord/rank-roles';
const RECONCILE = 'POST /api/admin/discord/rank-roles/reconcile';
const COMMANDS = 'POST /api/admin/discord/commands';

const zezimaChange = { discord_user_id: '1', username: 'zezima', add: [emerald.id], remove: [sapphire.id] };
const lynxChange = { discord_user_id: '2', username: 'Lynx Titan', add: [moderator.id], remove: [] };

/**
 * A server holding the map, answering as the API does: a dry run lists the changes, a real run makes
 * them (and a second real run has nothing left to do); everything sent is recorded.
 */
function fakeServer(rankRoles: RankRoles = testRankRoles(), changes = [zezimaChange, lynxChange]) {
  const state = { rankRoles, saved: [] as RankRolesInput[], runs: [] as unknown[], left: changes };
  const handlers = {
    'GET /api/admin/discord/app': () => Response.json(testDiscordApp()),
    [`GET ${RANK_ROLES}`]: () => Response.json(state.rankRoles),
    [`PUT ${RANK_ROLES}`]: ({ body }: FakeRequest) => {
      const input = body as RankRolesInput;
      state.saved.push(input);
      state.rankRoles = { ...state.rankRoles, roles: input.roles };
      return Response.json({ roles: input.roles });
    },
    [RECONCILE]: ({ body }: FakeRequest) => {
      state.runs.push(body);
      const answer: Reconcile = { changes: state.left, unreadable: 0 };
      if (!(body as { dry_run: boolean }).dry_run) state.left = [];
      return Response.json(answer);
    },
  };
  return { state, handlers };
}

const section = () => screen.findByRole('region', { name: 'Discord roles' });
const roleOf = (name: string) => screen.findByRole('combobox', { name: `Discord role for ${name}` });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RankRolesSection', () => {
  it('lists each rank and title with its group and the server role it gives', async () => {
    stubApi(fakeServer().handlers);
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    expect(region.getByRole('heading', { level: 3, name: 'Discord roles' })).toBeInTheDocument();
    const table = await region.findByRole('table', { name: 'Discord roles' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Owner',
      'Emerald',
      'Sapphire',
    ]);
    expect(rows[0]).toHaveTextContent('Title');
    expect(rows[1]).toHaveTextContent('Rank');
    expect(await roleOf('Sapphire')).toHaveValue(sapphire.id);
    expect(await roleOf('Owner')).toHaveValue('');
    // The roles the bot can give, highest first: no managed role, no @everyone.
    const options = within(await roleOf('Owner')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'No role',
      'Moderator',
      'Emerald',
      'Sapphire',
    ]);
    // Stacked on a phone, so the menu never runs off a 390 px screen.
    expect(table).toHaveClass('max-sm:block');
  });

  it('saves the map with the unmapped keys left out', async () => {
    const server = fakeServer();
    stubApi(server.handlers);
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await userEvent.selectOptions(await roleOf('Owner'), 'Moderator');
    await userEvent.selectOptions(await roleOf('Sapphire'), 'No role');
    await userEvent.selectOptions(await roleOf('Emerald'), 'Emerald');
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    expect(await region.findByText('Discord roles saved.')).toHaveAttribute('role', 'status');
    expect(server.state.saved).toEqual([{ roles: { owner: moderator.id, emerald: emerald.id } }]);
    expect(await roleOf('Owner')).toHaveValue(moderator.id);
  });

  it('keeps a mapped role the bot cannot give on show, and says so', async () => {
    stubApi(fakeServer(testRankRoles({ roles: { owner: '999' } })).handlers);
    renderWithQueries(<RankRolesSection />);
    const owner = await roleOf('Owner');
    expect(owner).toHaveValue('999');
    expect(owner).toHaveDisplayValue('Deleted role (999) (cannot be given)');
  });

  it("shows the server's refusal to save", async () => {
    stubApi({
      ...fakeServer().handlers,
      [`PUT ${RANK_ROLES}`]: () => apiError(400, 'VALIDATION_ERROR', 'At most 100 roles'),
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await roleOf('Owner');
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      /^Failed to save the Discord roles: At most 100 roles$/,
    );
  });

  it('shows the role changes waiting to be sent, and why sending them stopped', async () => {
    stubApi(
      fakeServer(testRankRoles({ pending: 3, stopped_reason: 'Discord answered 403: Missing Permissions' }))
        .handlers,
    );
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    expect(await region.findByText('3 role changes waiting to be sent')).toBeInTheDocument();
    expect(region.getByRole('alert')).toHaveTextContent(
      'Sending role changes stopped: Discord answered 403: Missing Permissions',
    );
  });

  it('says 1 role change, and no warning while sending runs', async () => {
    stubApi(fakeServer(testRankRoles({ pending: 1 })).handlers);
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    expect(await region.findByText('1 role change waiting to be sent')).toBeInTheDocument();
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says why the server's roles could not be read instead of the table", async () => {
    stubApi(
      fakeServer(testRankRoles({ server_roles: null, server_error: DISCORD_HOME_MESSAGES.botNotSetUp }))
        .handlers,
    );
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    expect(await region.findByRole('alert')).toHaveTextContent(DISCORD_HOME_MESSAGES.botNotSetUp);
    expect(region.queryByRole('table')).not.toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Check roles' })).toBeInTheDocument();
  });

  it('checks the roles without changing them, lists each change by role name, then fixes them', async () => {
    const server = fakeServer();
    stubApi(server.handlers);
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await userEvent.click(await region.findByRole('button', { name: 'Check roles' }));
    expect(await region.findByText('2 members need role changes.')).toHaveAttribute('role', 'status');
    const list = region.getByRole('list', { name: 'Role changes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['zezima: add Emerald; remove Sapphire', 'Lynx Titan: add Moderator']);
    expect(server.state.runs).toEqual([{ dry_run: true }]);

    await userEvent.click(region.getByRole('button', { name: 'Fix 2 members' }));
    expect(
      await region.findByText('Sending role changes for 2 members. They reach Discord within a minute.'),
    ).toHaveAttribute('role', 'status');
    expect(server.state.runs).toEqual([{ dry_run: true }, { dry_run: false }]);
    expect(region.queryByRole('button', { name: /^Fix/ })).not.toBeInTheDocument();

    await userEvent.click(region.getByRole('button', { name: 'Check roles' }));
    expect(await region.findByText('Every linked member has the right roles.')).toBeInTheDocument();
    expect(region.queryByRole('list', { name: 'Role changes' })).not.toBeInTheDocument();
    expect(region.queryByRole('button', { name: /^Fix/ })).not.toBeInTheDocument();
  });

  it('says Fix 1 member, 1 member being sent, and how many members could not be checked', async () => {
    stubApi({
      ...fakeServer().handlers,
      [RECONCILE]: () => Response.json({ changes: [lynxChange], unreadable: 2 }),
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await userEvent.click(await region.findByRole('button', { name: 'Check roles' }));
    expect(await region.findByText(/^1 member needs role changes\./)).toHaveTextContent(
      '1 member needs role changes. 2 linked members could not be checked: they left the server, or Discord did not answer.',
    );
    await userEvent.click(region.getByRole('button', { name: 'Fix 1 member' }));
    expect(
      await region.findByText(/^Sending role changes for 1 member\. They reach Discord within a minute\./),
    ).toHaveAttribute('role', 'status');
  });

  it("shows the server's refusal to check the roles", async () => {
    stubApi({
      ...fakeServer().handlers,
      [RECONCILE]: () => apiError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.botNotSetUp),
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await userEvent.click(await region.findByRole('button', { name: 'Check roles' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      `Failed to check roles: ${DISCORD_HOME_MESSAGES.botNotSetUp}`,
    );
  });

  it("shows the server's refusal to fix the roles, keeping the list", async () => {
    let runs = 0;
    stubApi({
      ...fakeServer().handlers,
      [RECONCILE]: () => {
        runs += 1;
        return runs === 1
          ? Response.json({ changes: [zezimaChange], unreadable: 0 })
          : apiError(409, 'CONFLICT', 'Discord answered 403: Missing Permissions');
      },
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await userEvent.click(await region.findByRole('button', { name: 'Check roles' }));
    await userEvent.click(await region.findByRole('button', { name: 'Fix 1 member' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      'Failed to fix roles: Discord answered 403: Missing Permissions',
    );
    expect(region.getByRole('list', { name: 'Role changes' })).toHaveTextContent('zezima: add Emerald');
  });

  it('registers the slash commands and names them', async () => {
    stubApi({
      ...fakeServer().handlers,
      [COMMANDS]: () => Response.json({ registered: ['points', 'rank', 'leaderboard'] }),
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    const commands = within(region.getByRole('region', { name: 'Slash commands' }));
    await userEvent.click(commands.getByRole('button', { name: 'Register slash commands' }));
    expect(await commands.findByRole('status')).toHaveTextContent(
      /^Registered \/points, \/rank, \/leaderboard$/,
    );
  });

  it("shows the server's refusal to register the slash commands", async () => {
    stubApi({
      ...fakeServer().handlers,
      [COMMANDS]: () => apiError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.botNotSetUp),
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    await userEvent.click(region.getByRole('button', { name: 'Register slash commands' }));
    await waitFor(() =>
      expect(region.getByRole('alert')).toHaveTextContent(
        `Failed to register the slash commands: ${DISCORD_HOME_MESSAGES.botNotSetUp}`,
      ),
    );
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({
      'GET /api/admin/discord/app': () => Response.json(testDiscordApp()),
      [`GET ${RANK_ROLES}`]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    renderWithQueries(<RankRolesSection />);
    const region = within(await section());
    expect(await region.findByText('Error Loading Discord Roles')).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
