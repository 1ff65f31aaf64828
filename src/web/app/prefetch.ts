import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { metricIcon, metricIconUrl, PRELOADED_ICONS, type IconKind } from '#core/metrics/metric-icons.ts';
import { getAchievementsQueryOptions } from '../features/achievements/api/get-achievements.ts';
import { getWomGroupQueryOptions } from '../features/clan/api/get-wom-group.ts';
import { getCompetitionsQueryOptions } from '../features/events/api/get-competitions.ts';
import { getEventsQueryOptions } from '../features/events/api/get-events.ts';
import { getGroupStatsQueryOptions } from '../features/group-stats/api/get-group-stats.ts';
import { getMembersQueryOptions } from '../features/members/api/get-members.ts';
import { scheduleWhenIdle } from '../lib/idle.ts';
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
const ICON_START_DELAY_MS = 1000;
const ICON_GAP_MS = 75;

/** The site's own images, warmed so the seasonal icons and the fallback icon show at once. */
const SITE_IMAGES = ['/icons/default.svg', '/icons/pumpkin.svg', '/icons/hat.svg', '/icons/game-default.svg'];

function preload(url: string, onError: () => void): void {
  const image = new Image();
  image.onerror = onError;
  image.src = url;
}

/**
 * Game icons, 75 ms apart (by default the spec's list); a failed icon or a missing mapping is logged
 * and skipped, and the next icon still loads.
 */
export function iconPreloadSteps(icons: ReadonlyArray<{ kind: IconKind; name: string }> = PRELOADED_ICONS) {
  return icons.map(({ kind, name }, index) => ({
    afterMs: ICON_START_DELAY_MS + index * ICON_GAP_MS,
    run: () => {
      const icon = metricIcon(kind, name);
      if (!icon) {
        // eslint-disable-next-line no-console -- spec §8: a missing icon mapping is logged as a warning
        console.warn(`No icon mapping for ${kind} "${name}"`);
        return;
      }
      const url = metricIconUrl(icon);
      // eslint-disable-next-line no-console -- spec §8: a failed icon is logged as an error, then skipped
      preload(url, () => console.error(`Failed to preload icon ${url}`));
    },
  }));
}

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
          run: () => preload(url, () => {}),
        })),
      ),
    [],
  );

  useEffect(() => scheduleWhenIdle(ICON_IDLE_TIMEOUT_MS, iconPreloadSteps()), []);
}
