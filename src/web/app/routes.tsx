import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { LoadingState } from '../components/states.tsx';
import { AppLayout } from './layout/app-layout.tsx';

/** The route table. Pages load on demand, so a visitor downloads only the pages they open. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <LoadingState />,
    children: [
      { path: paths.home, lazy: () => import('./routes/welcome.tsx') },
      { path: paths.newMembers, lazy: () => import('./routes/welcome.tsx') },
      { path: paths.members, lazy: () => import('./routes/members.tsx') },
      { path: paths.events, lazy: () => import('./routes/events.tsx') },
      { path: paths.leaderboard, lazy: () => import('./routes/leaderboard.tsx') },
      { path: paths.stats, lazy: () => import('./routes/stats.tsx') },
      { path: paths.hallOfFame, lazy: () => import('./routes/hall-of-fame.tsx') },
      { path: paths.achievements, lazy: () => import('./routes/achievements.tsx') },
      { path: paths.login, lazy: () => import('./routes/login.tsx') },
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];
