import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISCORD_KIND_LIST } from '#core/discord/discord-kinds.ts';
import type {
  DiscordDelivery,
  DiscordRoute,
  DiscordRouteUpdate,
} from '#core/discord/discord-routes.schema.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { testDiscordApp, testRankRoles } from '../testing/discord-home.ts';
import { DiscordTab } from './discord-tab.tsx';

const ROUTES = 'GET /api/admin/discord/routes';
const KINDS = 'GET /api/admin/discord/kinds';
/** The application and role sections under the routes (their own tests cover them). */
const HOME = {
  'GET /api/admin/discord/app': () => Response.json(testDiscordApp()),
  'GET /api/admin/discord/rank-roles': () => Response.json(testRankRoles()),
};
const SECRET = 'https://discord.com/api/webhooks/123456789/s3cret-token';

function route(id: number, name: string, overrides: Partial<DiscordRoute> = {}): DiscordRoute {
  return {
    id,
    name,
    url_hint: '…/webhooks/1234…/****',
    kinds: ['member_joined', 'achievements'],
    filters: { achievements: 'any', competition_types: [] },
    enabled: true,
    disabled_reason: null,
    last_delivery_at: null,
    ...overrides,
  };
}

/** A server holding the routes, answering saves as the API does and recording what it was sent. */
function fakeServer(routes: DiscordRoute[]) {
  const state = { routes: [...routes], sent: [] as unknown[] };
  const save = (id: number | null) => (request: FakeRequest) => {
    const body = request.body as DiscordRouteUpdate;
    state.sent.push(body);
    const saved = route(id ?? state.routes.length + 1, body.name, {
      kinds: body.kinds,
      enabled: body.enabled,
      filters: body.filters ?? { achievements: 'any', competition_types: [] },
    });
    state.routes = [...state.routes.filter((r) => r.id !== saved.id), saved];
    return Response.json(saved, { status: id === null ? 201 : 200 });
  };
  const handlers = {
    ...HOME,
    [KINDS]: () => Response.json(DISCORD_KIND_LIST),
    [ROUTES]: () => Response.json(state.routes),
    'POST /api/admin/discord/routes': save(null),
    'PUT /api/admin/discord/routes/1': save(1),
    'DELETE /api/admin/discord/routes/1': () => {
      state.routes = state.routes.filter((r) => r.id !== 1);
      return new Response(null, { status: 204 });
    },
  };
  return { state, handlers };
}

function renderTab() {
  const notify = vi.fn();
  renderWithQueries(<DiscordTab notify={notify} />);
  return { notify };
}

const routesTable = () => screen.findByRole('table', { name: 'Discord routes' });
const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DiscordTab', () => {
  it('shows the Discord application and the Discord roles under the routes', async () => {
    stubApi(fakeServer([route(1, '#clan-news')]).handlers);
    renderTab();
    const tab = await screen.findByRole('region', { name: 'Discord' });
    await routesTable();
    const app = await within(tab).findByRole('region', { name: 'Discord application' });
    const roles = within(tab).getByRole('region', { name: 'Discord roles' });
    const order = [screen.getByRole('table', { name: 'Discord routes' }), app, roles];
    for (const [before, after] of [order.slice(0, 2), order.slice(1)] as Array<[HTMLElement, HTMLElement]>) {
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(await within(app).findByLabelText('Application ID')).toBeInTheDocument();
    expect(await within(roles).findByRole('table', { name: 'Discord roles' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how to get a webhook URL when there are no routes', async () => {
    stubApi(fakeServer([]).handlers);
    renderTab();
    expect(await screen.findByText('No Discord routes yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Channel settings → Integrations → Webhooks → New Webhook → Copy Webhook URL/),
    ).toBeInTheDocument();
  });

  it('lists each route with its masked URL, the news it carries in words, its state and last delivery', async () => {
    stubApi(
      fakeServer([
        route(1, '#clan-news', {
          filters: { achievements: '99', competition_types: ['Skill of the Week'] },
          last_delivery_at: '2026-11-21T18:05:00.000Z',
        }),
        route(2, '#admins', { kinds: ['player_watch'], enabled: false }),
        route(3, '#old', { disabled_reason: 'Unknown Webhook (404)' }),
      ]).handlers,
    );
    renderTab();
    await routesTable();
    const news = await rowOf('#clan-news');
    expect(news).toHaveTextContent('…/webhooks/1234…/****');
    expect(news).toHaveTextContent('Members joined, Achievements');
    expect(news).toHaveTextContent('Achievements: 99s and up');
    expect(news).toHaveTextContent('Competitions: Skill of the Week');
    expect(news).toHaveTextContent('StateOn');
    expect(news).toHaveTextContent('Last delivery21 Nov 2026, 18:05 UTC');
    const admins = await rowOf('#admins');
    expect(admins).toHaveTextContent('Player-watch reports');
    expect(admins).toHaveTextContent('StateOff');
    expect(admins).toHaveTextContent('Last deliveryNever');
    const old = await rowOf('#old');
    expect(old).toHaveTextContent('StoppedUnknown Webhook (404)');
  });

  it('adds a route with the kinds checked in each group, the filters and the switch', async () => {
    const server = fakeServer([]);
    stubApi(server.handlers);
    const { notify } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Discord route' });
    await userEvent.click(within(dialog).getByLabelText('Name'));
    await userEvent.paste('#clan-news');
    // Pasted, as from Discord's Copy Webhook URL.
    await userEvent.click(within(dialog).getByLabelText('Webhook URL'));
    await userEvent.paste(SECRET);
    const clanNews = within(dialog).getByRole('group', { name: 'Clan news' });
    const adminChannel = within(dialog).getByRole('group', { name: 'Admin channel' });
    expect(within(adminChannel).getByRole('checkbox', { name: 'Claim requests' })).toBeInTheDocument();
    expect(within(clanNews).queryByRole('checkbox', { name: 'Claim requests' })).toBeNull();
    await userEvent.click(within(clanNews).getByRole('checkbox', { name: 'Achievements' }));
    await userEvent.click(within(clanNews).getByRole('checkbox', { name: 'Members joined' }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Achievements' }),
      '200M only',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Boss of the Week' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Route' }));

    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: '#clan-news was successfully saved.' }),
    );
    expect(server.state.sent).toEqual([
      {
        name: '#clan-news',
        url: SECRET,
        kinds: ['member_joined', 'achievements'],
        enabled: false,
        filters: { achievements: '200m', competition_types: ['Boss of the Week'] },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await rowOf('#clan-news')).toHaveTextContent('StateOff');
  });

  it('adds a route carrying in-game moments of the kinds checked, and lists them in words', async () => {
    const server = fakeServer([]);
    stubApi(server.handlers);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Discord route' });
    await userEvent.type(within(dialog).getByLabelText('Name'), '#drops');
    await userEvent.click(within(dialog).getByLabelText('Webhook URL'));
    await userEvent.paste(SECRET);
    const clanNews = within(dialog).getByRole('group', { name: 'Clan news' });
    await userEvent.click(within(clanNews).getByRole('checkbox', { name: 'In-game moments (Dink)' }));
    const moments = within(dialog).getByRole('group', { name: 'In-game moments' });
    expect(within(moments).getAllByRole('checkbox')).toHaveLength(11);
    await userEvent.click(within(moments).getByRole('checkbox', { name: 'Pets' }));
    await userEvent.click(within(moments).getByRole('checkbox', { name: 'Drops' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Route' }));

    await waitFor(() => expect(server.state.sent).toHaveLength(1));
    expect(server.state.sent[0]).toEqual({
      name: '#drops',
      url: SECRET,
      kinds: ['game_moments'],
      enabled: true,
      filters: { achievements: 'any', competition_types: [], moment_kinds: ['loot', 'pet'] },
    });
    const row = await rowOf('#drops');
    expect(row).toHaveTextContent('In-game moments (Dink)');
    expect(row).toHaveTextContent('In-game moments: Drops, Pets');
  });

  it('edits the moment kinds of a route, and sends none once all are unchecked', async () => {
    const server = fakeServer([
      route(1, '#drops', {
        kinds: ['game_moments'],
        filters: { achievements: 'any', competition_types: [], moment_kinds: ['pet'] },
      }),
    ]);
    stubApi(server.handlers);
    renderTab();
    await userEvent.click(within(await rowOf('#drops')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit #drops' });
    const moments = within(dialog).getByRole('group', { name: 'In-game moments' });
    const pets = within(moments).getByRole('checkbox', { name: 'Pets' });
    expect(pets).toBeChecked();
    expect(within(moments).getByRole('checkbox', { name: 'Drops' })).not.toBeChecked();
    await userEvent.click(pets);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.state.sent).toHaveLength(1));
    expect(server.state.sent[0]).toMatchObject({
      filters: { achievements: 'any', competition_types: [] },
    });
    expect(JSON.stringify(server.state.sent[0])).not.toContain('moment_kinds');
  });

  it('asks for a name, a URL and a kind before sending anything', async () => {
    const fetch = stubApi(fakeServer([]).handlers);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Discord route' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Route' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name the route');
    expect(within(dialog).getByText('Paste the webhook URL from Discord')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one kind of news')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal beside the form, with the input kept", async () => {
    stubApi({
      ...fakeServer([]).handlers,
      'POST /api/admin/discord/routes': () =>
        apiError(
          400,
          'VALIDATION_ERROR',
          'Paste a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}',
        ),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Discord route' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'News');
    await userEvent.click(within(dialog).getByLabelText('Webhook URL'));
    await userEvent.paste('http://10.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Anniversaries' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Route' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to save the route: Paste a Discord webhook URL',
    );
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveValue('http://10.0.0.1/hook');
  });

  it('edits a route: the URL starts blank, and left blank it is not sent, so the stored one is kept', async () => {
    const server = fakeServer([
      route(1, '#clan-news', { filters: { achievements: '99', competition_types: ['Weekly'] } }),
    ]);
    stubApi(server.handlers);
    renderTab();
    await userEvent.click(within(await rowOf('#clan-news')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit #clan-news' });
    const url = within(dialog).getByLabelText('Webhook URL (optional)');
    expect(url).toHaveValue('');
    expect(url).toHaveAccessibleDescription(/Blank keeps the stored URL \(…\/webhooks\/1234…\/\*\*\*\*\)/);
    expect(within(dialog).getByRole('checkbox', { name: 'Members joined' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Weekly' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Achievements' })).toHaveValue('99');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, '#news');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.state.sent).toHaveLength(1));
    expect(server.state.sent[0]).toEqual({
      name: '#news',
      kinds: ['member_joined', 'achievements'],
      enabled: true,
      filters: { achievements: '99', competition_types: ['Weekly'] },
    });
  });

  it("sends a test and shows Discord's answer and status in the route's row", async () => {
    stubApi({
      ...fakeServer([route(1, '#clan-news'), route(2, '#gone')]).handlers,
      'POST /api/admin/discord/routes/1/test': () =>
        Response.json({ ok: true, discord_status: 204, message: 'Discord accepted the test message.' }),
      'POST /api/admin/discord/routes/2/test': () =>
        Response.json({ ok: false, discord_status: 404, message: 'Discord answered 404: Unknown Webhook' }),
    });
    renderTab();
    const news = await rowOf('#clan-news');
    await userEvent.click(within(news).getByRole('button', { name: 'Send test' }));
    expect(await within(news).findByRole('status')).toHaveTextContent(
      'Test sent (Discord status 204): Discord accepted the test message.',
    );
    const gone = await rowOf('#gone');
    await userEvent.click(within(gone).getByRole('button', { name: 'Send test' }));
    expect(await within(gone).findByRole('status')).toHaveTextContent(
      'Test failed (Discord status 404): Discord answered 404: Unknown Webhook',
    );
  });

  it('deletes a route once confirmed', async () => {
    const server = fakeServer([route(1, '#clan-news')]);
    stubApi(server.handlers);
    const { notify } = renderTab();
    const row = await rowOf('#clan-news');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete the Discord route "#clan-news"?', 'Cancel');
    expect(server.state.routes).toHaveLength(1);
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete the Discord route "#clan-news"?', 'Delete Route');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: '#clan-news was successfully deleted.' }),
    );
    expect(await screen.findByText('No Discord routes yet')).toBeInTheDocument();
  });

  it("shows a route's history: when, what, status, Discord's answer, attempts and why it failed", async () => {
    const delivery = (id: number, overrides: Partial<DiscordDelivery>): DiscordDelivery => ({
      id,
      route_id: 1,
      kind: 'rank_changed',
      summary: 'Zezima is now Sapphire',
      status: 'delivered',
      discord_status: 204,
      error: null,
      attempts: 1,
      created_at: '2026-11-21T18:05:00.000Z',
      delivered_at: '2026-11-21T18:05:02.000Z',
      ...overrides,
    });
    const asked: string[] = [];
    stubApi({
      ...fakeServer([route(1, '#clan-news')]).handlers,
      'GET /api/admin/discord/deliveries': ({ url }) => {
        asked.push(url.search);
        return Response.json([
          delivery(2, {
            kind: 'achievements',
            summary: '3 achievements',
            status: 'failed',
            discord_status: 400,
            error: 'Invalid Form Body',
            attempts: 3,
            delivered_at: null,
          }),
          delivery(1, {}),
        ]);
      },
    });
    renderTab();
    await userEvent.click(within(await rowOf('#clan-news')).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of #clan-news' });
    const table = await within(dialog).findByRole('table', { name: 'Deliveries on #clan-news' });
    const [failed, delivered] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(failed).toHaveTextContent('3 achievements');
    expect(failed).toHaveTextContent('StatusFailedInvalid Form Body');
    expect(failed).toHaveTextContent('Discord400');
    expect(failed).toHaveTextContent('Attempts3');
    expect(delivered).toHaveTextContent('21 Nov 2026, 18:05 UTCDelivered 21 Nov 2026, 18:05 UTC');
    expect(delivered).toHaveTextContent('Zezima is now SapphireRank changes');
    expect(delivered).toHaveTextContent('StatusDelivered');
    expect(asked).toEqual(['?route_id=1']);
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({
      ...HOME,
      [KINDS]: () => Response.json(DISCORD_KIND_LIST),
      [ROUTES]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    renderTab();
    expect(await screen.findByText('Error Loading Discord Routes')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
