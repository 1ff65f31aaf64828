import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAchievementsQueryOptions } from '../features/achievements/api/get-achievements.ts';
import { getWomGroupQueryOptions } from '../features/clan/api/get-wom-group.ts';
import { getCompetitionsQueryOptions } from '../features/events/api/get-competitions.ts';
import { getEventsQueryOptions } from '../features/events/api/get-events.ts';
import { getGroupStatsQueryOptions } from '../features/group-stats/api/get-group-stats.ts';
import { getMembersQueryOptions } from '../features/members/api/get-members.ts';
import { scheduleWhenIdle } from '../lib/idle.ts';
import { heldIconsQueryOptions } from './held-icons.tsx';
import { preloadImage } from '../lib/preload-image.ts';
import { ACHIEVEMENT_LIMITS } from '#core/wom/achievement-limits.ts';

/**
 * The spec's idle-time prefetch (§7, §9): the group first, then stats and members after 0.5 s,
 * events and achievements after 1.5 s, competitions after 3 s. A failed prefetch is ignored: the
 * page that needs the data fetches it again. (Claim requests, races, users and goals join the last
 * stage when those features exist.)
 */
export function prefetchStages(queryClient: QueryClient) {
  return [
    { afterMs: 0, run: () => void queryClient.prefetchQuery(getWomGroupQueryOptions()) },
    {
      afterMs: 500,
      run: () => {
        void queryClient.prefetchQuery(getGroupStatsQueryOptions());
        void queryClient.prefetchQuery(getMembersQueryOptions());
      },
    },
    {
      afterMs: 1500,
      run: () => {
        void queryClient.prefetchQuery(getEventsQueryOptions());
        void queryClient.prefetchQuery(getAchievementsQueryOptions(ACHIEVEMENT_LIMITS.default));
      },
    },
    { afterMs: 3000, run: () => void queryClient.prefetchQuery(getCompetitionsQueryOptions()) },
  ];
}

const DATA_IDLE_TIMEOUT_MS = 2000;
const IMAGE_IDLE_TIMEOUT_MS = 3000;
const IMAGE_GAP_MS = 100;
const ICON_IDLE_TIMEOUT_MS = 4000;

/** The site's own images, warmed so the seasonal icons and the fallback icon show at once. */
const SITE_IMAGES = ['/icons/default.svg', '/icons/pumpkin.svg', '/icons/hat.svg', '/icons/game-default.svg'];

/** Starts the idle-time prefetch and preloading once, after the first render. */
export function useIdlePreloading(): void {
  const queryClient = useQueryClient();

  useEffect(() => scheduleWhenIdle(DATA_IDLE_TIMEOUT_MS, prefetchStages(queryClient)), [queryClient]);

  useEffect(
    () =>
      scheduleWhenIdle(
        IMAGE_IDLE_TIMEOUT_MS,
        SITE_IMAGES.map((url, index) => ({
          afterMs: index * IMAGE_GAP_MS,
          run: () => preloadImage(url, () => {}),
        })),
      ),
    [],
  );

  // The icons' steps need the metric catalogue, which the first page does not: fetched only when idle,
  // with the list of icons the site holds, so that none it lacks is requested.
  useEffect(
    () =>
      scheduleWhenIdle(ICON_IDLE_TIMEOUT_MS, async () => {
        const [{ iconPreloadSteps }, held] = await Promise.all([
          import('./icon-preload-steps.ts'),
          queryClient.fetchQuery(heldIconsQueryOptions()).catch(() => []),
        ]);
        return iconPreloadSteps(undefined, new Set(held));
      }),
    [queryClient],
  );
}
