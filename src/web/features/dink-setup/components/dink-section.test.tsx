import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DinkLinkCreated, MyDinkLink } from '#core/dink/dink.schema.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { DinkSection } from './dink-section.tsx';

const LINKS = 'GET /api/me/dink';
const LINK = '/api/me/characters/1/dink';

function dinkLink(overrides: Partial<MyDinkLink> = {}): MyDinkLink {
  return {
    wom_id: '1',
    player_name: 'Zezima',
    connected: false,
    bound: false,
    share_public: true,
    posts: 0,
    last_post_at: null,
    ...overrides,
  };
}

const address = (n: number): DinkLinkCreated => ({
  url: `https://clan.example/api/dink/token-${n}`,
  config_url: `https://clan.example/api/dink/token-${n}/config`,
});

/**
 * A server holding one character's link, making a new token for each POST, as the API does; the
 * binding to a game account outlasts the token.
 */
function fakeServer(link: MyDinkLink) {
  const state = { link, made: 0, revoked: 0, patches: [] as unknown[] };
  const handlers = {
    [LINKS]: () => Response.json([state.link]),
    [`POST ${LINK}`]: () => {
      state.made += 1;
      state.link = { ...state.link, connected: true };
      return Response.json(address(state.made), { status: 201 });
    },
    [`DELETE ${LINK}`]: () => {
      state.revoked += 1;
      state.link = { ...state.link, connected: false };
      return new Response(null, { status: 204 });
    },
    [`PATCH ${LINK}`]: ({ body }: FakeRequest) => {
      state.patches.push(body);
      state.link = { ...state.link, ...(body as { share_public: boolean }) };
      return Response.json(state.link);
    },
  };
  return { state, handlers };
}

const cardOf = (name: string) => screen.findByRole('article', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DinkSection', () => {
  it('asks for a claimed character first when there is none', async () => {
    stubApi({ [LINKS]: () => Response.json([]) });
    renderWithQueries(<DinkSection />);
    expect(await screen.findByText('No Characters to Connect')).toBeInTheDocument();
    expect(screen.getByText(/Claim a character on the Characters tab/)).toBeInTheDocument();
  });

  it('shows each character as connected or not, bound or waiting, with its posts and last post', async () => {
    stubApi({
      [LINKS]: () =>
        Response.json([
          dinkLink({
            connected: true,
            bound: true,
            posts: 1234,
            last_post_at: '2026-11-21T18:05:00.000Z',
          }),
          dinkLink({ wom_id: '2', player_name: 'Iron Bob', connected: true }),
          dinkLink({ wom_id: '3', player_name: 'Lynx Titan' }),
          dinkLink({ wom_id: '4', player_name: 'Old Alt', bound: true }),
        ]),
    });
    renderWithQueries(<DinkSection />);
    const zezima = await cardOf('Zezima');
    expect(zezima).toHaveTextContent('Connected');
    expect(zezima).toHaveTextContent('Bound to a game account');
    expect(zezima).toHaveTextContent('Posts1,234');
    expect(zezima).toHaveTextContent('Last post21 Nov 2026, 18:05 UTC');
    expect(within(zezima).getByRole('button', { name: 'Replace address' })).toBeInTheDocument();
    expect(within(zezima).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    const bob = await cardOf('Iron Bob');
    expect(bob).toHaveTextContent('Waiting for the first post');
    expect(bob).toHaveTextContent('Last postNever');
    const lynx = await cardOf('Lynx Titan');
    expect(lynx).toHaveTextContent('Not connected');
    expect(lynx).not.toHaveTextContent('Waiting for the first post');
    expect(lynx).not.toHaveTextContent('Bound to a game account');
    expect(within(lynx).getByRole('button', { name: 'Connect Dink' })).toHaveAccessibleDescription(
      'Lynx Titan',
    );
    // Disconnected, the character stays bound: a new address accepts only the same game account.
    const old = await cardOf('Old Alt');
    expect(old).toHaveTextContent('Not connected');
    expect(old).toHaveTextContent('Bound to a game account');
  });

  it('connects Dink and shows both URLs once, with copy buttons and the steps, until dismissed', async () => {
    const server = fakeServer(dinkLink());
    stubApi(server.handlers);
    renderWithQueries(<DinkSection />);
    const card = await cardOf('Zezima');
    await userEvent.click(within(card).getByRole('button', { name: 'Connect Dink' }));

    expect(
      await within(card).findByText('New Dink address made: copy it below, it is shown only once.'),
    ).toHaveAttribute('role', 'status');
    const shown = within(card).getByRole('region', { name: 'Your new Dink address' });
    expect(within(shown).getByLabelText('Dynamic Config URL for Zezima')).toHaveTextContent(
      address(1).config_url,
    );
    expect(within(shown).getByLabelText('Dink URL for Zezima')).toHaveTextContent(address(1).url);
    expect(within(shown).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(shown).toHaveTextContent('Shown only once. Keep it secret');
    expect(shown).toHaveTextContent('Dynamic Config URL');
    expect(shown).toHaveTextContent('Primary Webhook URLs');
    expect(shown).toHaveTextContent('You do not need ::dinkhash');
    expect(await within(card).findByText('Waiting for the first post')).toBeInTheDocument();
    expect(server.state.made).toBe(1);

    await userEvent.click(within(shown).getByRole('button', { name: 'Done, I have copied it' }));
    expect(within(card).queryByRole('region', { name: 'Your new Dink address' })).toBeNull();
    expect(within(card).queryByText(address(1).url)).toBeNull();
  });

  it('copies a URL to the clipboard', async () => {
    const user = userEvent.setup();
    stubApi(fakeServer(dinkLink()).handlers);
    renderWithQueries(<DinkSection />);
    const card = await cardOf('Zezima');
    await user.click(within(card).getByRole('button', { name: 'Connect Dink' }));
    const shown = await within(card).findByRole('region', { name: 'Your new Dink address' });
    const [copyConfig] = within(shown).getAllByRole('button', { name: 'Copy' });
    await user.click(copyConfig as HTMLElement);
    expect(await navigator.clipboard.readText()).toBe(address(1).config_url);
  });

  it('asks before replacing an address, and only then makes a new one', async () => {
    const server = fakeServer(dinkLink({ connected: true, bound: true }));
    stubApi(server.handlers);
    renderWithQueries(<DinkSection />);
    const card = await cardOf('Zezima');

    await userEvent.click(within(card).getByRole('button', { name: 'Replace address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace the Dink address of Zezima?' });
    expect(dialog).toHaveAccessibleDescription(/The current address stops working at once/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.state.made).toBe(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Replace address' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace address' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.state.made).toBe(1);
    expect(await within(card).findByLabelText('Dink URL for Zezima')).toHaveTextContent(address(1).url);
  });

  it("shows the server's refusal to replace inside the dialog", async () => {
    stubApi({
      ...fakeServer(dinkLink({ connected: true })).handlers,
      [`POST ${LINK}`]: () => apiError(403, 'FORBIDDEN', 'This character is no longer yours'),
    });
    renderWithQueries(<DinkSection />);
    await userEvent.click(within(await cardOf('Zezima')).getByRole('button', { name: 'Replace address' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to replace the address: This character is no longer yours',
    );
  });

  it("shows the server's refusal to connect in the card", async () => {
    stubApi({
      ...fakeServer(dinkLink()).handlers,
      [`POST ${LINK}`]: () => apiError(404, 'NOT_FOUND', 'Character not found'),
    });
    renderWithQueries(<DinkSection />);
    const card = await cardOf('Zezima');
    await userEvent.click(within(card).getByRole('button', { name: 'Connect Dink' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Failed to connect Dink: Character not found',
    );
  });

  it('disconnects once confirmed and hides an address still shown', async () => {
    const server = fakeServer(dinkLink());
    stubApi(server.handlers);
    renderWithQueries(<DinkSection />);
    const card = await cardOf('Zezima');
    await userEvent.click(within(card).getByRole('button', { name: 'Connect Dink' }));
    await within(card).findByRole('region', { name: 'Your new Dink address' });

    await userEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Dink from Zezima?' });
    expect(dialog).toHaveAccessibleDescription(/stops working at once/);
    expect(server.state.revoked).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await within(card).findByRole('button', { name: 'Connect Dink' })).toBeInTheDocument();
    expect(server.state.revoked).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(card).toHaveTextContent('Not connected');
    expect(within(card).queryByRole('region', { name: 'Your new Dink address' })).toBeNull();
  });

  it('turns public sharing off and on with the switch', async () => {
    const server = fakeServer(dinkLink({ connected: true }));
    stubApi(server.handlers);
    renderWithQueries(<DinkSection />);
    const toggle = within(await cardOf('Zezima')).getByRole('switch', {
      name: 'Show my moments on the public feed',
    });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/off the site’s public pages/);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(server.state.patches).toHaveLength(2));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(server.state.patches).toEqual([{ share_public: false }, { share_public: true }]);
  });

  it('shows the new choice from the click itself, while it is being saved', async () => {
    stubApi(fakeServer(dinkLink({ connected: true })).handlers);
    renderWithQueries(<DinkSection />);
    const toggle = within(await cardOf('Zezima')).getByRole('switch', {
      name: 'Show my moments on the public feed',
    });
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });

  it('lets sharing be chosen before Dink is connected', async () => {
    const server = fakeServer(dinkLink({ share_public: true }));
    stubApi(server.handlers);
    renderWithQueries(<DinkSection />);
    const toggle = within(await cardOf('Zezima')).getByRole('switch', {
      name: 'Show my moments on the public feed',
    });
    await userEvent.click(toggle);
    await waitFor(() => expect(server.state.patches).toEqual([{ share_public: false }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('keeps the switch as it was and says why when the change is refused', async () => {
    stubApi({
      ...fakeServer(dinkLink({ connected: true })).handlers,
      [`PATCH ${LINK}`]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    renderWithQueries(<DinkSection />);
    const card = await cardOf('Zezima');
    const toggle = within(card).getByRole('switch');
    await userEvent.click(toggle);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Failed to change sharing: Database unavailable',
    );
    expect(toggle).toBeChecked();
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({ [LINKS]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
    renderWithQueries(<DinkSection />);
    expect(await screen.findByText('Error Loading Dink')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
