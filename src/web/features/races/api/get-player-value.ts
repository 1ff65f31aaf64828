import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { metricValue } from '#core/metrics/metric-value.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

/** The same key the goal form reads the player under, so a player read for one serves the other. */
const playerQuery = (womId: string) =>
  queryOptions({
    queryKey: ['pwom-player', womId] as const,
    queryFn: () => api.get<WomPlayerItem>('/api/pwom-player', { id: womId }),
    enabled: womId !== '',
  });

function valueIn(player: WomPlayerItem | undefined, metric: string): number | null {
  const snapshot = player?.latestSnapshot;
  if (!snapshot || metric === '') return null;
  return metricValue(snapshot, metric);
}

/** A participant's current value of the metric from its stored snapshot; null until known. */
export function usePlayerValue(womId: string, metric: string): number | null {
  const { data } = useQuery(playerQuery(womId));
  return valueIn(data, metric);
}

/** The value already read for a participant, if any, for the form's check at submit time. */
export function cachedPlayerValue(queryClient: QueryClient, womId: string, metric: string): number | null {
  return valueIn(queryClient.getQueryData(playerQuery(womId).queryKey), metric);
}
