import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { pollDelayMs, retryDelayMs } from '../utils/poll-delay.ts';

/**
 * A job's status, polled: every second while a run is running, every 10 s otherwise, and after a
 * failed request again after 1, 2, 5, then 10 s until one succeeds (decision 014: polling reads the
 * run's row from whichever instance answers). When a run ends, `refreshWhenDone` is reloaded: the
 * data that run changed.
 */
export function usePolledStatus<T extends { running: boolean }>(
  queryKey: QueryKey,
  fetchStatus: () => Promise<T>,
  refreshWhenDone: QueryKey,
) {
  const [failures, setFailures] = useState(0);
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      try {
        const status = await fetchStatus();
        setFailures(0);
        return status;
      } catch (error) {
        setFailures((count) => count + 1);
        throw error;
      }
    },
    // The backoff below is the retry: TanStack's own would ask again on its own schedule.
    retry: false,
    refetchInterval: (current) => pollDelayMs({ running: current.state.data?.running ?? false, failures }),
  });

  const running = query.data?.running ?? false;
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: refreshWhenDone });
    wasRunning.current = running;
  }, [running, queryClient, refreshWhenDone]);

  return { query, retryInMs: failures > 0 ? retryDelayMs(failures) : null };
}
