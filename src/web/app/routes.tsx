import { useEffect, useState, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { paths, routedPageOf, type RoutedPage } from '#core/site/pages.ts';
import { ErrorState, LoadingState } from '../components/states.tsx';
import { CONNECTION_FAILED } from '../lib/api-client.ts';
import { AppLayout } from './layout/app-layout.tsx';

/** A page whose code loads on demand, and can be asked to load before it is shown. */
interface LazyPage {
  Page: ComponentType;
  preload(): Promise<void>;
}

/**
 * A page whose code loads when it is first shown; each page module exports its page as `Component`.
 * No Suspense: React holds content that replaces a Suspense fallback back for 300 ms, which would
 * delay every page by that much. A page not loaded yet shows the loading state and swaps itself in
 * when its code arrives; the first page is loaded before the first render (`preloadPageOf`).
 */
function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      ({ Component }) => {
        loaded = Component;
      },
      (error: unknown) => {
        // A failed download may succeed later (the network came back): let the next call try again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Page() {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Loaded !== null || failed) return undefined;
      let shown = true;
      preload().then(
        () => shown && setLoaded(() => loaded),
        () => shown && setFailed(true),
      );
      return () => {
        shown = false;
      };
    }, [Loaded, failed]);
    if (Loaded !== null) return <Loaded />;
    if (failed) {
      return (
        <ErrorState title="Error Loading Page" message={CONNECTION_FAILED} onRetry={() => setFailed(false)} />
      );
    }
    return <LoadingState />;
  }
  return { Page, preload };
}

// One instance for both paths, so moving between them does not load the page again.
const welcome = lazyPage(() => import('./routes/welcome.tsx'));

/** One page for each path the app has: typed on the server's list, so neither can gain a page alone. */
const pages: Record<RoutedPage, LazyPage> = {
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
        {Object.entries(pages).map(([path, { Page }]) => (
          <Route key={path} path={path}>
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
