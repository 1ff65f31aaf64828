import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { paths, type RoutedPage } from '#core/site/pages.ts';
import { LoadingState } from '../components/states.tsx';
import { AppLayout } from './layout/app-layout.tsx';

type Page = LazyExoticComponent<ComponentType>;

/** A page whose code loads when it is first shown; each page module exports its page as `Component`. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>): Page {
  return lazy(() => load().then(({ Component }) => ({ default: Component })));
}

// One instance for both paths, so moving between them does not load the page again.
const welcome = lazyPage(() => import('./routes/welcome.tsx'));

/** One page for each path the app has: typed on the server's list, so neither can gain a page alone. */
const pages: Record<RoutedPage, Page> = {
  [paths.home]: welcome,
  [paths.newMembers]: welcome,
  [paths.members]: lazyPage(() => import('./routes/members.tsx')),
  [paths.events]: lazyPage(() => import('./routes/events.tsx')),
  [paths.leaderboard]: lazyPage(() => import('./routes/leaderboard.tsx')),
  [paths.stats]: lazyPage(() => import('./routes/stats.tsx')),
  [paths.hallOfFame]: lazyPage(() => import('./routes/hall-of-fame.tsx')),
  [paths.achievements]: lazyPage(() => import('./routes/achievements.tsx')),
  [paths.login]: lazyPage(() => import('./routes/login.tsx')),
  [paths.forgotPassword]: lazyPage(() => import('./routes/forgot-password.tsx')),
};

const NotFound = lazyPage(() => import('./routes/not-found.tsx'));

/**
 * The route table inside the layout. Pages load on demand, so a visitor downloads only the pages they
 * open; while a page's code loads, the layout shows a loading state in its place.
 */
export function AppRoutes() {
  return (
    <AppLayout>
      <Suspense fallback={<LoadingState />}>
        <Switch>
          {Object.entries(pages).map(([path, Page]) => (
            <Route key={path} path={path}>
              <Page />
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
