import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscordApp, DiscordAppInput, RankRoles } from '#core/discord/discord-home.schema.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { bot, emerald, moderator, testDiscordApp, testRankRoles } from '../testing/discord-home.ts';
import { DiscordAppSection } from './discord-app-section.tsx';

const APP = '/api/admin/discord/app';
const RANK_ROLES = 'GET /api/admin/discord/rank-roles';

/** A server holding the settings, answering a save as the API does and recording what it was sent. */
function fakeServer(app: DiscordApp, rankRoles: RankRoles = testRankRoles()) {
  const state = { app, sent: [] as DiscordAppInput[], rankRolesAsked: 0 };
  const handlers = {
    [`GET ${APP}`]: () => Response.json(state.app),
    [RANK_ROLES]: () => {
      state.rankRolesAsked += 1;
      return Response.json(rankRoles);
    },
    [`PUT ${APP}`]: ({ body }: FakeRequest) => {
      const input = body as DiscordAppInput;
      state.sent.push(input);
      const { bot_token, client_secret, ...rest } = input;
      state.app = {
        ...state.app,
        ...rest,
        ...(bot_token === undefined ? {} : { bot_token_set: bot_token !== null }),
        ...(client_secret === undefined ? {} : { client_secret_set: client_secret !== null }),
      };
      return Response.json(state.app);
    },
  };
  return { state, handlers };
}

const section = () => screen.findByRole('region', { name: 'Discord application' });

async function loadedForm() {
  const region = within(await section());
  await region.findByLabelText('Application ID');
  return region;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DiscordAppSection', () => {
  it('shows the stored settings, and of each secret only whether it is set', async () => {
    stubApi(fakeServer(testDiscordApp({ admin_role_ids: [moderator.id] })).handlers);
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    expect(region.getByRole('heading', { level: 3, name: 'Discord application' })).toBeInTheDocument();
    expect(region.getByLabelText('Application ID')).toHaveValue('300000000000000001');
    expect(region.getByLabelText('Server ID')).toHaveValue('100000000000000001');
    expect(region.getByLabelText('Public key')).toHaveValue('a'.repeat(64));
    expect(region.getByLabelText('Authorize URL')).toHaveValue('https://discord.com/oauth2/authorize');
    const token = region.getByLabelText('Bot token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription(/^Set Type a new one to replace it/);
    const secret = region.getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAccessibleDescription(/^Not set Paste it from the Discord Developer Portal/);
    expect(region.getByRole('checkbox', { name: 'Clear the bot token' })).not.toBeChecked();
    expect(region.queryByRole('checkbox', { name: 'Clear the client secret' })).not.toBeInTheDocument();
    expect(region.getByRole('checkbox', { name: 'Only members of the server can sign up' })).toBeChecked();
  });

  it("offers the server's roles as admin roles, but not a managed one nor @everyone", async () => {
    stubApi(fakeServer(testDiscordApp({ admin_role_ids: [moderator.id, '999'] })).handlers);
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    const roles = within(await region.findByRole('group', { name: 'Admin roles' }));
    expect(roles.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Moderator',
      'Emerald',
      'Sapphire',
      'Deleted role (999)',
    ]);
    expect(roles.getByRole('checkbox', { name: 'Moderator' })).toBeChecked();
    expect(roles.getByRole('checkbox', { name: 'Deleted role (999)' })).toBeChecked();
    expect(roles.queryByRole('checkbox', { name: bot.name })).not.toBeInTheDocument();
    expect(roles.queryByRole('checkbox', { name: '@everyone' })).not.toBeInTheDocument();
  });

  it('saves the settings, a typed token and the admin roles checked, and keeps the stored secret', async () => {
    const server = fakeServer(testDiscordApp({ admin_role_ids: [moderator.id] }));
    stubApi(server.handlers);
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    const roles = within(await region.findByRole('group', { name: 'Admin roles' }));
    await userEvent.click(region.getByLabelText('Bot token'));
    await userEvent.paste('MTIz.new-token');
    await userEvent.click(region.getByRole('checkbox', { name: 'Only members of the server can sign up' }));
    await userEvent.click(roles.getByRole('checkbox', { name: 'Emerald' }));
    await userEvent.click(region.getByRole('button', { name: 'Save' }));

    expect(await region.findByRole('status')).toHaveTextContent('Discord application saved.');
    expect(server.state.sent).toEqual([
      {
        application_id: '300000000000000001',
        guild_id: '100000000000000001',
        public_key: 'a'.repeat(64),
        oauth_authorize_url: 'https://discord.com/oauth2/authorize',
        bot_token: 'MTIz.new-token',
        members_only: false,
        admin_role_ids: [moderator.id, emerald.id],
      },
    ]);
    // The token has done its job: the field is blank again and the secret reads Set.
    expect(region.getByLabelText('Bot token')).toHaveValue('');
    // Saving may change which server the roles are read from: they are read again.
    await waitFor(() => expect(server.state.rankRolesAsked).toBe(2));
  });

  it('forgets a secret with its Clear checkbox, whatever was typed', async () => {
    const server = fakeServer(testDiscordApp({ client_secret_set: true }));
    stubApi(server.handlers);
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    await userEvent.type(region.getByLabelText('Client secret'), 'typed');
    await userEvent.click(region.getByRole('checkbox', { name: 'Clear the client secret' }));
    expect(region.getByLabelText('Client secret')).toBeDisabled();
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.state.sent).toHaveLength(1));
    expect(server.state.sent[0]).toMatchObject({ client_secret: null });
    expect(server.state.sent[0]).not.toHaveProperty('bot_token');
    expect(await region.findByLabelText('Client secret')).toHaveAccessibleDescription(/^Not set/);
    expect(region.queryByRole('checkbox', { name: 'Clear the client secret' })).not.toBeInTheDocument();
  });

  it("checks the ids, the key and the URL in the contract's words before sending anything", async () => {
    const fetch = stubApi(fakeServer(testDiscordApp()).handlers);
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    await userEvent.clear(region.getByLabelText('Server ID'));
    await userEvent.type(region.getByLabelText('Server ID'), 'my server');
    await userEvent.clear(region.getByLabelText('Public key'));
    await userEvent.type(region.getByLabelText('Public key'), 'abc');
    await userEvent.clear(region.getByLabelText('Authorize URL'));
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    expect(region.getByLabelText('Server ID')).toHaveAccessibleDescription(
      /A Discord id is a number of up to 20 digits/,
    );
    expect(region.getByLabelText('Public key')).toHaveAccessibleDescription(
      /The public key is 64 hexadecimal characters/,
    );
    expect(region.getByLabelText('Authorize URL')).toHaveAccessibleDescription(
      /The authorize URL must be a web address/,
    );
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });

  it("shows the server's refusal with the input kept", async () => {
    stubApi({
      ...fakeServer(testDiscordApp()).handlers,
      [`PUT ${APP}`]: () => apiError(400, 'VALIDATION_ERROR', 'Discord does not know that application id'),
    });
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    await userEvent.type(region.getByLabelText('Bot token'), 'tok');
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      /^Failed to save the Discord application: Discord does not know that application id$/,
    );
    expect(region.getByLabelText('Bot token')).toHaveValue('tok');
  });

  it("takes admin role ids typed by hand while the bot cannot read the server's roles", async () => {
    const server = fakeServer(
      testDiscordApp({ bot_token_set: false, admin_role_ids: ['111'] }),
      testRankRoles({ server_roles: null, server_error: 'Add the bot token first.' }),
    );
    stubApi(server.handlers);
    renderWithQueries(<DiscordAppSection />);
    const region = await loadedForm();
    const ids = await region.findByRole('textbox', { name: 'Admin roles' });
    expect(ids).toHaveValue('111');
    await userEvent.clear(ids);
    await userEvent.type(ids, '111, 222 x');
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    expect(ids).toHaveAccessibleDescription(/A Discord id is a number of up to 20 digits/);
    await userEvent.type(ids, '{Backspace}{Backspace}');
    await userEvent.click(region.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.state.sent).toHaveLength(1));
    expect(server.state.sent[0]?.admin_role_ids).toEqual(['111', '222']);
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({
      [`GET ${APP}`]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
      [RANK_ROLES]: () => Response.json(testRankRoles()),
    });
    renderWithQueries(<DiscordAppSection />);
    const region = within(await section());
    expect(await region.findByText('Error Loading the Discord Application')).toBeInTheDocument();
    expect(region.getByText('Database unavailable')).toBeInTheDocument();
  });
});
