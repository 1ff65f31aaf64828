import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testUser } from '#test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Answers the login request with `respond`; every other request is not expected on this page. */
function stubLogin(respond: () => Promise<Response>) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/auth/login') return respond();
    throw new Error(`unexpected request to ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function signIn() {
  const view = renderApp('/login');
  await userEvent.type(await screen.findByLabelText('Username'), 'zezima');
  await userEvent.type(screen.getByLabelText('Password'), 'hunter22');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return view;
}

const errorBody = (code: string, message: string) => ({ code, message });

describe('login form', () => {
  it('says Invalid credentials when the server refuses the username and password', async () => {
    const fetch = stubLogin(async () =>
      Response.json(errorBody('INVALID_CREDENTIALS', 'Invalid credentials'), { status: 401 }),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials$/);
    expect(fetch).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
  });

  it('says Invalid credentials for any 401, whatever wording the server used', async () => {
    stubLogin(async () =>
      Response.json(errorBody('UNAUTHENTICATED', 'You must be logged in'), { status: 401 }),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials$/);
  });

  it.each([
    [
      'a 500 with the server error body',
      () => Response.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side'), { status: 500 }),
    ],
    ['a 502 from a proxy with an HTML page', () => new Response('<h1>Bad Gateway</h1>', { status: 502 })],
    ['a 503', () => Response.json(errorBody('UNAVAILABLE', 'Down for maintenance'), { status: 503 })],
    [
      'a 400 the form did not expect',
      () => Response.json(errorBody('VALIDATION_ERROR', 'The request is not valid'), { status: 400 }),
    ],
    ['a success that does not match the contract', () => Response.json({ unexpected: true })],
  ])('says Authentication failed for %s', async (_, respond) => {
    stubLogin(async () => respond());
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Authentication failed$/);
  });

  it('says Connection failed when the server cannot be reached', async () => {
    stubLogin(async () => {
      throw new TypeError('Failed to fetch');
    });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Connection failed$/);
  });

  it('passes on the rate limit message, which says when to try again', async () => {
    stubLogin(async () =>
      Response.json(errorBody('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'), {
        status: 429,
      }),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts. Please wait a moment and try again.$/,
    );
  });

  it('clears the message and signs the user in on the next good attempt', async () => {
    let attempt = 0;
    stubLogin(async () => {
      attempt += 1;
      return attempt === 1
        ? Response.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side'), { status: 500 })
        : Response.json({ user: testUser() });
    });
    const { location } = await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
