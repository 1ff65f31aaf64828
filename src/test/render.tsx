import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { DEFAULT_WELCOME_MARKDOWN } from '#core/clan/clan-profile.schema.ts';
import { DEFAULT_LADDER, DEFAULT_POINTS } from '#core/clan/default-rules.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { AppProvider } from '#web/app/provider.tsx';
import { AppRoutes } from '#web/app/routes.tsx';

export const testClan: ClanProfile = {
  name: 'Siege',
  founded: '2022-04-23',
  home_world: 517,
  discord_url: 'https://discord.gg/example',
  requirements: { skiller: 400, ironman: 600, regular: 1750 },
  icon_base_url: 'https://icons.example/metrics',
  ranks: DEFAULT_LADDER,
  points: DEFAULT_POINTS,
  welcome_html: `<p>${DEFAULT_WELCOME_MARKDOWN}</p>\n`,
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

/** Where the app is, as the browser's `location` would say it (`search` is `?…` or ''). */
interface TestLocation {
  readonly pathname: string;
  readonly search: string;
}

/** The latest address in a memory history: a navigation adds one, a replacement overwrites it. */
function latestLocation(history: readonly string[]): TestLocation {
  const [pathname = '/', query = ''] = (history.at(-1) ?? '/').split('?');
  return { pathname, search: query ? `?${query}` : '' };
}

/**
 * Renders the real route table at a path, which may carry a query string. Server state is seeded
 * into the query cache (the app's own way of holding it) by query key, so components render exactly
 * what they would after a fetch. A query left unseeded fetches from nowhere and fails, which shows
 * the page's error state. `location` says where the app has navigated since.
 */
export function renderApp(
  path: string,
  seed: {
    user?: SessionUser | null;
    /** `null` leaves the clan profile unloaded, so it is fetched (and fails unless fetch is stubbed). */
    clan?: ClanProfile | null;
    /**
     * The roster that every page sees in the background (the anniversary banner, prefetch): empty by
     * default; `null` leaves it unloaded, so it is fetched.
     */
    members?: PublicMember[] | null;
    queries?: Array<[QueryKey, unknown]>;
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchInterval: false } },
  });
  queryClient.setQueryData(['auth', 'me'], { user: seed.user ?? null });
  if (seed.clan !== null) queryClient.setQueryData(['clan'], seed.clan ?? testClan);
  if (seed.members !== null) queryClient.setQueryData(['members'], seed.members ?? []);
  for (const [key, data] of seed.queries ?? []) queryClient.setQueryData(key, data);
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <Router hook={memory.hook}>
        <AppRoutes />
      </Router>
    </AppProvider>,
  );
  const location: TestLocation = {
    get pathname() {
      return latestLocation(memory.history).pathname;
    },
    get search() {
      return latestLocation(memory.history).search;
    },
  };
  return { ...view, location, queryClient };
}
