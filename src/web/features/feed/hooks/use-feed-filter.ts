import { useCallback, useMemo } from 'react';
import { useSearchParams, useSetSearchParams } from '../../../lib/use-search-param.ts';
import type { FeedFilter } from '../api/get-feed.ts';
import { isMomentKind } from '#core/dink/moment-kinds.ts';

/** A WOM player id as the server takes it: digits, no leading zero. */
const WOM_ID = /^[1-9]\d{0,9}$/;

/**
 * The feed's filter, kept in the URL (`?kind=pet&wom_id=42`) so a link shows the same moments. A
 * value the server would refuse (a hand-edited kind) is read as no filter rather than an error page.
 */
export function useFeedFilter(): [FeedFilter, (change: FeedFilter) => void] {
  const params = useSearchParams();
  const setParams = useSetSearchParams();
  const kind = params.get('kind') ?? '';
  const womId = params.get('wom_id') ?? '';
  const filter = useMemo<FeedFilter>(
    () => ({
      kind: isMomentKind(kind) ? kind : undefined,
      wom_id: WOM_ID.test(womId) ? womId : undefined,
    }),
    [kind, womId],
  );
  const setFilter = useCallback(
    (change: FeedFilter) => {
      const values: Record<string, string> = {};
      if ('kind' in change) values.kind = change.kind ?? '';
      if ('wom_id' in change) values.wom_id = change.wom_id ?? '';
      setParams(values);
    },
    [setParams],
  );
  return [filter, setFilter];
}
