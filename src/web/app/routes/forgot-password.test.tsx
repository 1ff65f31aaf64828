import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#test/render-with-queries.tsx';
import { renderApp } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/forgot-password'), 30_000);

describe('forgot password page', () => {
  it('only confirms locally that an admin must be contacted in-game, without any request', async () => {
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderApp('/forgot-password');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Username'), ' zezima ');
    await user.click(screen.getByRole('button', { name: 'Submit Reset Request' }));

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Nothing has been sent');
    expect(status).toHaveTextContent(
      'Please contact a clan admin in-game and ask for a reset link for zezima',
    );
    // Nothing is recorded on the server, so the page must not claim otherwise.
    expect(status).not.toHaveTextContent(/noted|received|submitted/i);
    // (The site's idle-time prefetch may read public data meanwhile; nothing is sent.)
    expect(
      fetch.mock.calls.filter(([, init]) => init?.method !== undefined && init.method !== 'GET'),
    ).toEqual([]);
  });

  it('asks for nothing until a username is typed', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Submit Reset Request' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
