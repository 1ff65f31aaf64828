import { useCallback, useMemo } from 'react';
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
 * Writes query parameters into the URL at once. wouter's location is an external store, so React
 * renders the new URL before the next event: an input whose value lives in the URL never shows a
 * stale value (nor moves its cursor), and two quick changes never start from the same old URL.
 * Changes replace the history entry instead of adding one per keystroke; empty values are removed
 * from the URL.
 */
export function useSetSearchParams(): (values: Record<string, string>) => void {
  const [pathname, navigate] = useLocation();
  const params = useSearchParams();
  return useCallback(
    (values) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(values)) {
        if (value === '') next.delete(name);
        else next.set(name, value);
      }
      const query = next.toString();
      navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
    },
    [params, pathname, navigate],
  );
}

/** A text value kept in the URL's query string, so a link reproduces the view. */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const params = useSearchParams();
  const setValues = useSetSearchParams();
  const set = useCallback((value: string) => setValues({ [name]: value }), [name, setValues]);
  return [params.get(name) ?? '', set];
}
