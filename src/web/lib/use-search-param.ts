import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Writes query parameters into the URL at once. flushSync makes the router render the new URL
 * before the next event, so an input whose value lives in the URL never shows a stale value and two
 * quick changes never start from the same old URL. Changes replace the history entry instead of
 * adding one per keystroke; empty values are removed from the URL.
 */
export function useSetSearchParams(): (values: Record<string, string>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (values) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true, flushSync: true },
      ),
    [setParams],
  );
}

/** A text value kept in the URL's query string, so a link reproduces the view. */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [params] = useSearchParams();
  const setValues = useSetSearchParams();
  const set = useCallback((value: string) => setValues({ [name]: value }), [name, setValues]);
  return [params.get(name) ?? '', set];
}
