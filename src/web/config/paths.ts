/** Every page path in one place, so links and routes cannot drift apart. */
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
} as const;

/** Pages shown without the navbar (spec §2, Navigation). */
export const pagesWithoutNavbar: readonly string[] = [paths.login, paths.register, paths.forgotPassword];
