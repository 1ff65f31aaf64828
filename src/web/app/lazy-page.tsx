import { useEffect, useState, type ComponentType } from 'react';
import { ErrorState, LoadingState } from '../components/states.tsx';

/** A page whose code loads on demand, and can be asked to load before it is shown. */
export interface LazyPage {
  Page: ComponentType;
  preload(): Promise<void>;
}

/**
 * A page whose code loads when it is first shown; each page module exports its page as `Component`.
 * No Suspense: React holds content that replaces a Suspense fallback back for 300 ms, which would
 * delay every page by that much. A page not loaded yet shows the loading state and swaps itself in
 * when its code arrives; the first page is loaded before the first render (`preloadPageOf`).
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
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
        <ErrorState
          title="Error Loading Data"
          message="Failed to load data"
          onRetry={() => setFailed(false)}
        />
      );
    }
    return <LoadingState />;
  }
  return { Page, preload };
}
