import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISCORD_SIGN_IN_ERRORS } from '#core/discord/discord-home.schema.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testClan, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/login'), 30_000);

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'boss');
  await user.type(screen.getByLabelText('Password'), 'hunter22');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it("shows 'Sign In' without the navbar, with links to register and for a forgotten password", async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      testClan.discord_url,
    );
  });

  it('links a forgotten password to /forgot-password when the clan has no chat link', async () => {
    renderApp('/login', { clan: { ...testClan, discord_url: null } });
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends an admin to the dashboard', async () => {
    stubApi({
      'POST /api/auth/login': () => Response.json({ user: testUser({ username: 'boss', is_admin: true }) }),
    });
    const { location } = renderApp('/login');
    await signIn();
    await vi.waitFor(() => expect(location.pathname).toBe('/admin'));
  });

  it('sends a member who is not an admin to their profile', async () => {
    stubApi({
      'POST /api/auth/login': () => Response.json({ user: testUser() }),
      'GET /api/me/characters': () => Response.json([]),
    });
    const { location } = renderApp('/login');
    await signIn();
    await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
  });

  it('offers Sign in with Discord, a plain link to the server, once the site says it is set up', async () => {
    stubApi({ 'GET /api/auth/providers': () => Response.json({ discord: true }) });
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Discord' });
    expect(link).toHaveAttribute('href', '/api/auth/discord/start');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['Discord sign-in is off', () => Response.json({ discord: false })],
    ['the providers cannot be read', () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong')],
  ])('offers only the password when %s', async (_, respond) => {
    const fetch = stubApi({ 'GET /api/auth/providers': respond });
    renderApp('/login');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/providers', expect.anything()));
    await screen.findByLabelText('Username');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Sign in with Discord' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(Object.entries(DISCORD_SIGN_IN_ERRORS))(
    'says why a Discord sign-in came back with discord_error=%s',
    async (code, sentence) => {
      stubApi({ 'GET /api/auth/providers': () => Response.json({ discord: true }) });
      renderApp(`/login?discord_error=${code}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
      expect(await screen.findByRole('link', { name: 'Sign in with Discord' })).toBeInTheDocument();
    },
  );

  it('shows no alert for a discord_error the server never sends', async () => {
    stubApi({ 'GET /api/auth/providers': () => Response.json({ discord: true }) });
    renderApp('/login?discord_error=made_up');
    await screen.findByRole('link', { name: 'Sign in with Discord' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
