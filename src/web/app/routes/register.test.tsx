import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => Promise.all([preloadPageOf('/register'), preloadPageOf('/profile')]), 30_000);

async function fillIn(username: string, password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('register page', () => {
  it("shows 'Create an Account' without the navbar, with a link to sign in instead", async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', '/login');
  });

  it('creates the account, signs the user in and opens their profile', async () => {
    const created = testUser({ id: 7, username: 'newbie' });
    const fetch = stubApi({
      'POST /api/auth/register': () => Response.json({ user: created }, { status: 201 }),
      'GET /api/me/characters': () => Response.json([]),
    });
    const { location, queryClient } = renderApp('/register');
    await fillIn('  Newbie ', 'hunter22', 'hunter22');

    await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
    expect(await screen.findByText('No Characters Yet')).toBeInTheDocument();
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual({ user: created });
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/register',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ username: 'Newbie', password: 'hunter22', confirm_password: 'hunter22' }),
      }),
    );
  });

  it("says Passwords don't match before asking the server", async () => {
    const fetch = stubApi({});
    renderApp('/register');
    await fillIn('newbie', 'hunter22', 'hunter23');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/register', expect.anything());
  });

  it('says Password must be at least 6 characters before asking the server', async () => {
    const fetch = stubApi({});
    renderApp('/register');
    await fillIn('newbie', 'abcde', 'abcde');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/register', expect.anything());
  });

  it('accepts a password of exactly 6 characters', async () => {
    const fetch = stubApi({
      'POST /api/auth/register': () => Response.json({ user: testUser() }, { status: 201 }),
      'GET /api/me/characters': () => Response.json([]),
    });
    const { location } = renderApp('/register');
    await fillIn('newbie', 'abcdef', 'abcdef');
    await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
    expect(fetch).toHaveBeenCalledWith('/api/auth/register', expect.anything());
  });

  it.each([
    [409, 'USERNAME_TAKEN', 'Username already taken'],
    [400, 'VALIDATION_ERROR', "Passwords don't match"],
    [400, 'VALIDATION_ERROR', 'Usernames may use letters, digits, spaces, _ and -.'],
    [429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'],
  ])(
    "shows the server's refusal %i %s in its own words and stays on the page",
    async (status, code, message) => {
      stubApi({ 'POST /api/auth/register': () => apiError(status, code, message) });
      const { location } = renderApp('/register');
      await fillIn('zezima', 'hunter22', 'hunter22');
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
      expect(location.pathname).toBe('/register');
    },
  );

  it("drops the server's last refusal when the next try fails in the browser", async () => {
    stubApi({ 'POST /api/auth/register': () => apiError(409, 'CONFLICT', 'Username already taken') });
    renderApp('/register');
    await fillIn('zezima', 'hunter22', 'hunter22');
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already taken');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirm Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Registration failed: {message} when the server fails', async () => {
    stubApi({
      'POST /api/auth/register': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderApp('/register');
    await fillIn('zezima', 'hunter22', 'hunter22');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Registration failed: Something went wrong on our side$/,
    );
  });

  it('says Registration failed when a success does not match the contract', async () => {
    stubApi({ 'POST /api/auth/register': () => Response.json({ unexpected: true }, { status: 201 }) });
    const { location } = renderApp('/register');
    await fillIn('zezima', 'hunter22', 'hunter22');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
    expect(location.pathname).toBe('/register');
  });

  it("says Connection failed with the browser's reason when the server cannot be reached", async () => {
    stubApi({
      'POST /api/auth/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/register');
    await fillIn('zezima', 'hunter22', 'hunter22');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Connection failed: Failed to fetch$/);
  });
});
