import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => Promise.all([preloadPageOf('/reset-password'), preloadPageOf('/profile')]), 30_000);

const TOKEN = 'k3y-from-the-admin';
const LINK_INVALID = 'This password reset link is invalid or has expired. Ask an admin for a new one.';

async function setPassword(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('reset password page', () => {
  it("shows 'Set a New Password' without the navbar", async () => {
    renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a New Password' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it("sets the password with the link's token, signs the user in and opens their profile", async () => {
    const fetch = stubApi({
      'POST /api/auth/password-reset': () => Response.json({ user: testUser() }),
      'GET /api/me/characters': () => Response.json([]),
    });
    const { location, queryClient } = renderApp(`/reset-password?token=${TOKEN}`);
    await setPassword('new-secret', 'new-secret');

    await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
    expect(location.search).toBe('');
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual({ user: testUser() });
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password-reset',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ token: TOKEN, password: 'new-secret', confirm_password: 'new-secret' }),
      }),
    );
  });

  it.each([
    ['abcde', 'abcde', 'Password must be at least 6 characters'],
    ['new-secret', 'new-secrets', "Passwords don't match"],
  ])('checks %s / %s before asking the server: %s', async (password, confirmation, message) => {
    const fetch = stubApi({});
    renderApp(`/reset-password?token=${TOKEN}`);
    await setPassword(password, confirmation);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/password-reset', expect.anything());
  });

  it("shows the server's message for a used or expired link", async () => {
    stubApi({ 'POST /api/auth/password-reset': () => apiError(400, 'INVALID_RESET_LINK', LINK_INVALID) });
    const { location } = renderApp(`/reset-password?token=${TOKEN}`);
    await setPassword('new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(location.pathname).toBe('/reset-password');
  });

  it('says the link is invalid, with no form, when it carries no token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.queryByRole('button', { name: 'Set Password' })).not.toBeInTheDocument();
  });

  it('says Connection failed when the server cannot be reached', async () => {
    stubApi({
      'POST /api/auth/password-reset': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    await setPassword('new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Connection failed$/);
  });
});
