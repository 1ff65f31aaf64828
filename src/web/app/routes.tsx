import { Route, Switch } from 'wouter';
import { pagePattern, paths, routedPageOf, type RoutedPage } from '#core/site/pages.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { lazyPage, type LazyPage } from './lazy-page.tsx';

// One instance for both paths, so moving between them does not load the page again.
const welcome = lazyPage(() => import('./routes/welcome.tsx'));
// The dashboard answers both paths; its tab decides what shows.
const dashboard = lazyPage(() => import('./routes/admin.tsx'));

/** One page for each path the app has: typed on the server's list, so neither can gain a page alone. */
const pages: Record<RoutedPage, LazyPage> = {
  [paths.home]: welcome,
  [paths.newMembers]: welcome,
  [paths.members]: lazyPage(() => import('./routes/members.tsx')),
  [paths.member]: lazyPage(() => import('./routes/member.tsx')),
  [paths.events]: lazyPage(() => import('./routes/events.tsx')),
  [paths.leaderboard]: lazyPage(() => import('./routes/leaderboard.tsx')),
  [paths.stats]: lazyPage(() => import('./routes/stats.tsx')),
  [paths.hallOfFame]: lazyPage(() => import('./routes/hall-of-fame.tsx')),
  [paths.achievements]: lazyPage(() => import('./routes/achievements.tsx')),
  [paths.feed]: lazyPage(() => import('./routes/feed.tsx')),
  [paths.personalBests]: lazyPage(() => import('./routes/personal-bests.tsx')),
  [paths.bingoList]: lazyPage(() => import('./routes/bingo-list.tsx')),
  [paths.bingo]: lazyPage(() => import('./routes/bingo-board.tsx')),
  [paths.bingoReferee]: lazyPage(() => import('./routes/bingo-referee.tsx')),
  [paths.progress]: lazyPage(() => import('./routes/progress.tsx')),
  [paths.goal]: lazyPage(() => import('./routes/goal-detail.tsx')),
  [paths.newRace]: lazyPage(() => import('./routes/race-new.tsx')),
  [paths.race]: lazyPage(() => import('./routes/race-detail.tsx')),
  [paths.editRace]: lazyPage(() => import('./routes/race-edit.tsx')),
  [paths.login]: lazyPage(() => import('./routes/login.tsx')),
  [paths.register]: lazyPage(() => import('./routes/register.tsx')),
  [paths.forgotPassword]: lazyPage(() => import('./routes/forgot-password.tsx')),
  [paths.resetPassword]: lazyPage(() => import('./routes/reset-password.tsx')),
  [paths.profile]: lazyPage(() => import('./routes/profile.tsx')),
  [paths.admin]: dashboard,
  [paths.adminMembers]: dashboard,
  [paths.adminNewMember]: lazyPage(() => import('./routes/admin-new-member.tsx')),
  [paths.adminDeletedMembers]: lazyPage(() => import('./routes/admin-deleted-members.tsx')),
  [paths.adminNewEvent]: lazyPage(() => import('./routes/admin-new-event.tsx')),
};

const notFound = lazyPage(() => import('./routes/not-found.tsx'));

/** Loads the code of the page at `pathname` (or of the 404 page), e.g. before the first render. */
export function preloadPageOf(pathname: string): Promise<void> {
  const page = routedPageOf(pathname);
  return (page === null ? notFound : pages[page]).preload();
}

/**
 * The route table inside the layout. Pages load on demand, so a visitor downloads only the pages they
 * open; while a page's code loads, the layout shows a loading state in its place.
 */
export function AppRoutes() {
  return (
    <AppLayout>
      <Switch>
        {(Object.entries(pages) as Array<[RoutedPage, LazyPage]>).map(([path, { Page }]) => (
          // The server's own pattern, so `/races/abc` is the 404 page here as it is there.
          <Route key={path} path={pagePattern(path)}>
            <Page />
          </Route>
        ))}
        <Route>
          <notFound.Page />
        </Route>
      </Switch>
    </AppLayout>
  );
}
