/** Every page path in one place, so links, the browser's routes and the server cannot drift apart. */
export const paths = {
  home: '/',
  newMembers: '/new-members',
  members: '/members',
  member: '/members/:id',
  events: '/events',
  leaderboard: '/leaderboard',
  hallOfFame: '/bosses',
  stats: '/stats',
  achievements: '/achievements',
  feed: '/feed',
  personalBests: '/personal-bests',
  bingoList: '/bingo',
  bingo: '/bingo/:id',
  bingoReferee: '/bingo/:id/referee',
  progress: '/progress',
  goal: '/goals/:id',
  newRace: '/races/new',
  race: '/races/:id',
  editRace: '/races/:id/edit',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  profile: '/profile',
  admin: '/admin',
  adminMembers: '/admin/members',
  adminNewMember: '/admin/members/new',
  adminDeletedMembers: '/admin/members/deleted',
  adminNewEvent: '/admin/events/new',
} as const;

/**
 * The pages the app has today. The browser's route table is typed on this list and the server
 * answers 404 for any other path, so the two agree on what exists. `:id` in a path stands for a
 * row's serial id: digits only.
 */
export const routedPages = [
  paths.home,
  paths.newMembers,
  paths.members,
  paths.member,
  paths.events,
  paths.leaderboard,
  paths.stats,
  paths.hallOfFame,
  paths.achievements,
  paths.feed,
  paths.personalBests,
  paths.bingoList,
  paths.bingo,
  paths.bingoReferee,
  paths.progress,
  paths.goal,
  paths.newRace,
  paths.race,
  paths.editRace,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.profile,
  paths.admin,
  paths.adminMembers,
  paths.adminNewMember,
  paths.adminDeletedMembers,
  paths.adminNewEvent,
] as const;
export type RoutedPage = (typeof routedPages)[number];

/**
 * The data each page needs first, so the server can name it in the page's HTML and the browser
 * fetches it while the page's code is still loading. The URLs are exactly the ones the page's
 * queries request, or the preloaded answer would go unused.
 */
export const pageData: Partial<Record<RoutedPage, readonly string[]>> = {
  [paths.members]: ['/api/members'],
  [paths.events]: ['/api/events'],
  [paths.leaderboard]: ['/api/leaderboards'],
  // Unfiltered, as a shared link or the navbar opens them; a filtered view fetches its own.
  [paths.feed]: ['/api/feed'],
  [paths.personalBests]: ['/api/personal-bests', '/api/loot-board'],
  [paths.bingoList]: ['/api/bingo'],
};

/** A page's path as a pattern both the server and the browser's router match (`:id` is digits). */
export function pagePattern(page: RoutedPage): RegExp {
  return new RegExp(`^${page.replaceAll(':id', '(?<id>\\d+)')}$`);
}

const patterns = routedPages.map((page) => [page, pagePattern(page)] as const);

/** The address of one row's page: `pathTo(paths.race, 12)` is '/races/12'. */
export function pathTo(page: RoutedPage, id: number): string {
  return page.replaceAll(':id', String(id));
}

/** The routed page a request path names (`/members/` and `/members?x` are `/members`), or null. */
export function routedPageOf(url: string): RoutedPage | null {
  const path = url.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return patterns.find(([, pattern]) => pattern.test(trimmed))?.[0] ?? null;
}
