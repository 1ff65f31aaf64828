import {
  metricIcon,
  metricIconFile,
  metricIconUrl,
  PRELOADED_ICONS,
  type IconKind,
} from '#core/metrics/metric-icons.ts';
import { preloadImage } from '../lib/preload-image.ts';

const ICON_START_DELAY_MS = 1000;
const ICON_GAP_MS = 75;

/**
 * Game icons, 75 ms apart (by default the spec's list); a failed icon or a missing mapping is logged
 * and skipped, and the next icon still loads. An icon the site does not hold (`held`, when known) is
 * left out without a request: the pages show its fallback.
 */
export function iconPreloadSteps(
  icons: ReadonlyArray<{ kind: IconKind; name: string }> = PRELOADED_ICONS,
  held?: ReadonlySet<string>,
) {
  const wanted = icons.filter(({ kind, name }) => {
    const icon = metricIcon(kind, name);
    const file = icon && metricIconFile(icon);
    // An unmapped name stays, to be warned about; the default icon is the web app's own file.
    return !held || !file || held.has(file);
  });
  return wanted.map(({ kind, name }, index) => ({
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
      preloadImage(url, () => console.error(`Failed to preload icon ${url}`));
    },
  }));
}
