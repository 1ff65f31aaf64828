import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useRouter } from 'wouter';

/**
 * The URL's query parameters. Read through the router's own search hook rather than wouter's
 * `useSearch`, which percent-decodes the query string before it is parsed: a typed `%20` would come
 * back as a space.
 */
export function useSearchParams(): URLSearchParams {
  const router = useRouter();
  const search = router.searchHook(router);
  return useMemo(() => new URLSearchParams(search), [search]);
}

/**
 * How a change reaches the browser's history: `replace` (the default) rewrites the current entry, as
 * a search box must, or one Back would undo a single keystroke; `push` adds an entry, for a change
 * the user thinks of as going somewhere else (a tab), so Back returns to where they were.
 */
export type SearchParamHistory = 'replace' | 'push';

/**
 * Writes query parameters into the URL at once. wouter's location is an external store, so React
 * renders the new URL before the next event: an input whose value lives in the URL never shows a
 * stale value (nor moves its cursor), and two quick changes never start from the same old URL.
 * Empty values are removed from the URL.
 */
export function useSetSearchParams(
  history: SearchParamHistory = 'replace',
): (values: Record<string, string>) => void {
  const [pathname, navigate] = useLocation();
  const params = useSearchParams();
  // The query as last written: two changes in one event (Radix reports a tab on mousedown and again
  // on the focus it brings) must see each other, before React renders the first.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  return useCallback(
    (values) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(values)) {
        if (value === '') next.delete(name);
        else next.set(name, value);
      }
      const query = next.toString();
      // Nothing changed (a tab chosen again): no history entry.
      if (query === latest.current.toString()) return;
      latest.current = next;
      navigate(query ? `${pathname}?${query}` : pathname, { replace: history === 'replace' });
    },
    [pathname, navigate, history],
  );
}

/** A text value kept in the URL's query string, so a link reproduces the view. */
export function useSearchParam(
  name: string,
  history: SearchParamHistory = 'replace',
): [string, (value: string) => void] {
  const params = useSearchParams();
  const setValues = useSetSearchParams(history);
  const set = useCallback((value: string) => setValues({ [name]: value }), [name, setValues]);
  return [params.get(name) ?? '', set];
}
