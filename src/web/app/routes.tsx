import type { LazyRouteFunction, NonIndexRouteObject, RouteObject } from 'react-router';
import { paths, type RoutedPage } from '#core/site/pages.ts';
import { LoadingState } from '../components/states.tsx';
import { AppLayout } from './layout/app-layout.tsx';

type PageModule = LazyRouteFunction<NonIndexRouteObject>;

/** One module per page the app has: typed on the server's list, so neither can gain a page alone. */
const pages: Record<RoutedPage, PageModule> = {
  [paths.home]: () => import('./routes/welcome.tsx'),
  [paths.newMembers]: () => import('./routes/welcome.tsx'),
  [paths.members]: () => import('./routes/members.tsx'),
  [paths.events]: () => import('./routes/events.tsx'),
  [paths.leaderboard]: () => import('./routes/leaderboard.tsx'),
  [paths.stats]: () => import('./routes/stats.tsx'),
  [paths.hallOfFame]: () => import('./routes/hall-of-fame.tsx'),
  [paths.achievements]: () => import('./routes/achievements.tsx'),
  [paths.login]: () => import('./routes/login.tsx'),
  [paths.forgotPassword]: () => import('./routes/forgot-password.tsx'),
};

/** The route table. Pages load on demand, so a visitor downloads only the pages they open. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <LoadingState />,
    children: [
      ...Object.entries(pages).map(([path, lazy]) => ({ path, lazy })),
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];
