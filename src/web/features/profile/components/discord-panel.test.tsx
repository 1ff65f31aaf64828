import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISCORD_HOME_MESSAGES, type MyDiscord } from '#core/discord/discord-home.schema.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { DiscordPanel, type DiscordNotice } from './discord-panel.tsx';

const MINE = 'GET /api/me/discord';

function myDiscord(overrides: Partial<MyDiscord> = {}): MyDiscord {
  return {
    linked: { id: '80351110224678912', username: 'zezima_rs', mention_opt_in: false },
    can_link: true,
    has_password: true,
    ...overrides,
  };
}

/** A server holding the user's link, answering as the API does and recording what it was sent. */
function fakeServer(mine: MyDiscord) {
  const state = { mine, sent: [] as unknown[], unlinked: 0 };
  const handlers = {
    [MINE]: () => Response.json(state.mine),
    'PUT /api/me/discord': ({ body }: FakeRequest) => {
      state.sent.push(body);
      const { mention_opt_in } = body as { mention_opt_in: boolean };
      state.mine = { ...state.mine, linked: state.mine.linked && { ...state.mine.linked, mention_opt_in } };
      return Response.json(state.mine);
    },
    'DELETE /api/me/discord': () => {
      state.unlinked += 1;
      state.mine = { ...state.mine, linked: null };
      return new Response(null, { status: 204 });
    },
  };
  return { state, handlers };
}

function renderPanel(notice: DiscordNotice | null = null) {
  return renderWithQueries(<DiscordPanel notice={notice} />);
}

const panel = () => screen.findByRole('region', { name: 'Discord' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DiscordPanel', () => {
  it('shows the linked account, its mention choice and Unlink Discord', async () => {
    stubApi(fakeServer(myDiscord()).handlers);
    renderPanel();
    const region = within(await panel());
    expect(region.getByRole('heading', { level: 3, name: 'Discord' })).toBeInTheDocument();
    expect(region.getByText(/Linked as/)).toHaveTextContent('Linked as zezima_rs');
    expect(region.getByRole('checkbox', { name: 'Mention me in news about me' })).not.toBeChecked();
    expect(region.getByRole('button', { name: 'Unlink Discord' })).toBeInTheDocument();
    expect(region.queryByRole('link', { name: 'Link Discord' })).not.toBeInTheDocument();
  });

  it('saves the mention choice as soon as it is changed', async () => {
    const server = fakeServer(myDiscord());
    stubApi(server.handlers);
    renderPanel();
    const mention = within(await panel()).getByRole('checkbox', { name: 'Mention me in news about me' });
    await userEvent.click(mention);
    await waitFor(() => expect(server.state.sent).toEqual([{ mention_opt_in: true }]));
    await waitFor(() => expect(mention).toBeChecked());
    expect(mention).toBeEnabled();
    await userEvent.click(mention);
    await waitFor(() =>
      expect(server.state.sent).toEqual([{ mention_opt_in: true }, { mention_opt_in: false }]),
    );
    await waitFor(() => expect(mention).not.toBeChecked());
  });

  it('shows the new choice from the click itself, while it is being saved', async () => {
    const server = fakeServer(myDiscord());
    stubApi(server.handlers);
    renderPanel();
    const mention = within(await panel()).getByRole('checkbox', { name: 'Mention me in news about me' });
    fireEvent.click(mention);
    expect(mention).toBeChecked();
    await waitFor(() => expect(mention).toBeEnabled());
    expect(mention).toBeChecked();
  });

  it('says why the mention choice was not saved, and keeps the stored one', async () => {
    stubApi({
      ...fakeServer(myDiscord()).handlers,
      'PUT /api/me/discord': () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    renderPanel();
    const region = within(await panel());
    const mention = region.getByRole('checkbox', { name: 'Mention me in news about me' });
    await userEvent.click(mention);
    expect(await region.findByRole('alert')).toHaveTextContent('Failed to save: Database unavailable');
    expect(mention).not.toBeChecked();
  });

  it('unlinks once confirmed, then offers Link Discord', async () => {
    const server = fakeServer(myDiscord());
    stubApi(server.handlers);
    renderPanel();
    const region = within(await panel());
    await userEvent.click(region.getByRole('button', { name: 'Unlink Discord' }));
    await answerConfirm('Unlink Discord?', 'Cancel');
    expect(server.state.unlinked).toBe(0);

    await userEvent.click(region.getByRole('button', { name: 'Unlink Discord' }));
    await answerConfirm('Unlink Discord?', 'Unlink Discord');
    expect(server.state.unlinked).toBe(1);
    expect(await region.findByRole('link', { name: 'Link Discord' })).toHaveAttribute(
      'href',
      '/api/auth/discord/start?link=1',
    );
    expect(region.queryByText(/Linked as/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal to unlink an account with no password, in the dialog", async () => {
    const server = fakeServer(myDiscord({ has_password: false }));
    stubApi({
      ...server.handlers,
      'DELETE /api/me/discord': () => apiError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.unlinkNeedsPassword),
    });
    renderPanel();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Unlink Discord' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Discord?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink Discord' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Set a password before you unlink Discord, or you could not sign in again\.$/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(await panel()).getByText(/Linked as/)).toHaveTextContent('zezima_rs');
  });

  it('says a server fault on unlink is one', async () => {
    stubApi({
      ...fakeServer(myDiscord()).handlers,
      'DELETE /api/me/discord': () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    renderPanel();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Unlink Discord' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Discord?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink Discord' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Failed to unlink Discord: Database unavailable$/,
    );
  });

  it('offers Link Discord, a plain link to the server, when nothing is linked', async () => {
    stubApi(fakeServer(myDiscord({ linked: null })).handlers);
    renderPanel();
    const region = within(await panel());
    expect(region.getByRole('link', { name: 'Link Discord' })).toHaveAttribute(
      'href',
      '/api/auth/discord/start?link=1',
    );
    expect(region.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Unlink Discord' })).not.toBeInTheDocument();
  });

  it('shows nothing on a site that cannot link Discord, for an account not linked', async () => {
    const fetch = stubApi(fakeServer(myDiscord({ linked: null, can_link: false })).handlers);
    const { container } = renderPanel();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });

  it('still shows a linked account on a site that can no longer link one, so it can be unlinked', async () => {
    stubApi(fakeServer(myDiscord({ can_link: false })).handlers);
    renderPanel();
    expect(within(await panel()).getByRole('button', { name: 'Unlink Discord' })).toBeInTheDocument();
  });

  it.each([
    [{ kind: 'success', text: 'Discord linked.' }, 'status'],
    [{ kind: 'error', text: DISCORD_HOME_MESSAGES.alreadyLinked }, 'alert'],
  ] as const)('shows what linking came back with: %o', async (notice, role) => {
    stubApi(fakeServer(myDiscord()).handlers);
    renderPanel(notice);
    expect(await within(await panel()).findByRole(role)).toHaveTextContent(notice.text);
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({ [MINE]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
    renderPanel();
    const region = within(await panel());
    expect(region.getByText('Error Loading Discord')).toBeInTheDocument();
    expect(region.getByText('Database unavailable')).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
