import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ICON_MANIFEST_PATH } from '#core/metrics/icon-manifest.ts';
import { HeldIconsContext } from '../components/held-icons.ts';
import { api } from '../lib/api-client.ts';

export const getHeldIcons = () => api.get<string[]>(ICON_MANIFEST_PATH);

export const heldIconsQueryOptions = () => queryOptions({ queryKey: ['icons'], queryFn: getHeldIcons });

const NONE: ReadonlySet<string> = new Set();

/**
 * Tells every game icon which icons the site holds, fetched once a page shows one (a page without
 * game icons never asks). Should the list fail to load, no icon is asked for: each shows its fallback,
 * as it would after a 404.
 */
export function HeldIconsProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const { data, isError } = useQuery({ ...heldIconsQueryOptions(), enabled: wanted });
  const files = useMemo(() => (data ? new Set(data) : isError ? NONE : null), [data, isError]);
  const want = useCallback(() => setWanted(true), []);
  const value = useMemo(() => ({ files, want }), [files, want]);
  return <HeldIconsContext.Provider value={value}>{children}</HeldIconsContext.Provider>;
}
