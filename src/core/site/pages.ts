/** Every page path in one place, so links, the browser's routes and the server cannot drift apart. */
export const paths = {
  home: '/',
  newMembers: '/new-members',
  members: '/members',
  events: '/events',
  leaderboard: '/leaderboard',
  hallOfFame: '/bosses',
  stats: '/stats',
  achievements: '/achievements',
  progress: '/progress',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  profile: '/profile',
  admin: '/admin',
  adminMembers: '/admin/members',
  adminNewMember: '/admin/members/new',
  adminDeletedMembers: '/admin/members/deleted',
  adminNewEvent: '/admin/events/new',
} as const;

/**
 * The pages the app has today. The browser's route table is typed on this list and the server
 * answers 404 for any other path, so the two agree on what exists.
 */
export const routedPages = [
  paths.home,
  paths.newMembers,
  paths.members,
  paths.events,
  paths.leaderboard,
  paths.stats,
  paths.hallOfFame,
  paths.achievements,
  paths.login,
  paths.forgotPassword,
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
};

/** The routed page a request path names (`/members/` and `/members?x` are `/members`), or null. */
export function routedPageOf(url: string): RoutedPage | null {
  const path = url.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routedPages.find((page) => page === trimmed) ?? null;
}
