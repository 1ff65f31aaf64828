import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#test/render-with-queries.tsx';
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
});
