import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { AppProvider } from '#web/app/provider.tsx';
import { routes } from '#web/app/routes.tsx';

export const testClan: ClanProfile = {
  name: 'Siege',
  founded: '2022-04-23',
  home_world: 517,
  discord_url: 'https://discord.gg/example',
  requirements: { skiller: 400, ironman: 600, regular: 1750 },
  icon_base_url: 'https://icons.example/metrics',
};

export function testUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    username: 'zezima',
    is_admin: false,
    created_at: '2026-01-01T00:00:00.000Z',
    join_date: '2026-01-01',
    ...overrides,
  };
}

/**
 * Renders the real route table at a path. Server state is seeded into the query cache (the app's
 * own way of holding it) by query key, so components render exactly what they would after a fetch.
 * A query left unseeded fetches from nowhere and fails, which shows the page's error state.
 */
export function renderApp(
  path: string,
  seed: {
    user?: SessionUser | null;
    /** `null` leaves the clan profile unloaded, so it is fetched (and fails unless fetch is stubbed). */
    clan?: ClanProfile | null;
    queries?: Array<[QueryKey, unknown]>;
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchInterval: false } },
  });
  queryClient.setQueryData(['auth', 'me'], { user: seed.user ?? null });
  if (seed.clan !== null) queryClient.setQueryData(['clan'], seed.clan ?? testClan);
  // Pages that load in the background (prefetch, the anniversary banner) find an empty roster.
  queryClient.setQueryData(['members'], []);
  for (const [key, data] of seed.queries ?? []) queryClient.setQueryData(key, data);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
