import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, testClan, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

const SPEC_LINKS = ['Home', 'Members', 'Events', 'Leaderboard', 'Hall of Fame', 'Stats', 'Achievements'];

async function mainNav() {
  return screen.findByRole('navigation', { name: 'Main' });
}

describe('navbar', () => {
  it("links to the spec's seven public pages in its order, then progress, the feed, personal bests and bingo, with Log In for a visitor", async () => {
    renderApp('/');
    const nav = await mainNav();
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Siege', ...SPEC_LINKS, 'Progress', 'Feed', 'Personal Bests', 'Bingo', 'Log In']);
    expect(within(nav).getByRole('link', { name: 'Bingo' })).toHaveAttribute('href', '/bingo');
    expect(within(nav).getByRole('link', { name: 'Hall of Fame' })).toHaveAttribute('href', '/bosses');
    expect(within(nav).getByRole('link', { name: 'Progress' })).toHaveAttribute('href', '/progress');
    expect(within(nav).getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/feed');
    expect(within(nav).getByRole('link', { name: 'Personal Bests' })).toHaveAttribute(
      'href',
      '/personal-bests',
    );
  });

  it('marks Progress as the current page on /progress for a signed-in user', async () => {
    renderApp('/progress', { user: testUser() });
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'Progress' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it.each([
    ['/', 'Home'],
    ['/members', 'Members'],
    ['/members/', 'Members'],
    ['/bosses?search=lynx', 'Hall of Fame'],
    ['/feed?kind=pet', 'Feed'],
    ['/progress', 'Progress'],
    ['/personal-bests', 'Personal Bests'],
  ])('marks the link to the page shown at %s as the current page', async (path, current) => {
    renderApp(path);
    const nav = await mainNav();
    const marked = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([current]);
    expect(marked[0]).toHaveClass('text-gold-300');
  });

  it('marks no link on a page the navbar does not list', async () => {
    renderApp('/no/such/page');
    const nav = await mainNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toEqual([]);
  });

  it('names the logo link even before the clan profile has loaded', async () => {
    renderApp('/', { clan: null });
    const nav = await mainNav();
    expect(within(nav).getAllByRole('link')[0]).toHaveAccessibleName(/.+/);
  });

  it('offers a signed-in user their profile and Log Out', async () => {
    renderApp('/', { user: testUser() });
    const nav = await mainNav();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'Progress' })).toHaveAttribute('href', '/progress');
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  describe('signing out from the admin dashboard', () => {
    // The dashboard's code is large: loaded before the test, so a busy machine cannot time it out.
    beforeAll(() => preloadPageOf('/admin'), 30_000);
    afterEach(() => vi.unstubAllGlobals());

    it('goes to the home page, without the dashboard asking for admin data as a visitor', async () => {
      const requested: string[] = [];
      let signedIn = true;
      vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
        const path = String(input).split('?')[0] ?? '';
        requested.push(`${init?.method ?? 'GET'} ${path}`);
        if (path === '/api/auth/logout') {
          signedIn = false;
          return new Response(null, { status: 204 });
        }
        if (path === '/api/auth/me')
          return Response.json({ user: signedIn ? testUser({ is_admin: true }) : null });
        if (path === '/api/clan') return Response.json(testClan);
        if (path.startsWith('/api/admin/'))
          return signedIn
            ? Response.json([])
            : Response.json({ code: 'UNAUTHENTICATED', message: 'You must be logged in' }, { status: 401 });
        return Response.json([]);
      });
      const { location } = renderApp('/admin', { user: testUser({ is_admin: true }) });
      await screen.findByRole('heading', { level: 1, name: 'Clan Administration' });

      await userEvent.click(within(await mainNav()).getByRole('button', { name: 'Log Out' }));
      await within(await mainNav()).findByRole('link', { name: 'Log In' });
      expect(location.pathname).toBe('/');
      const afterLogout = requested.slice(requested.indexOf('POST /api/auth/logout'));
      expect(afterLogout.filter((request) => request.includes('/api/admin/'))).toEqual([]);
    });
  });

  it('offers an admin the dashboard and their own profile', async () => {
    renderApp('/', { user: testUser({ is_admin: true }) });
    const nav = await mainNav();
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'Progress' })).toHaveAttribute('href', '/progress');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('opens and closes from the menu button', async () => {
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside it', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('heading', { level: 1 }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open on a click inside it', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes when the route changes', async () => {
    const { location } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(await mainNav()).getByRole('link', { name: 'Stats' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clan Stats' })).toBeInTheDocument();
    expect(location.pathname).toBe('/stats');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link to the page already shown is chosen', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(await mainNav()).getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['/login', '/register', '/forgot-password'])('is hidden on %s', async (path) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('is shown on the 404 page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
