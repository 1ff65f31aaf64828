import { useState } from 'react';
import {
  DEFAULT_GAME_ICON_PATH,
  iconInitials,
  metricIcon,
  metricIconUrl,
  type IconKind,
} from '#core/metrics/metric-icons.ts';

/**
 * A game icon from the single metric-to-icon mapping, served by the site itself. Nothing renders
 * when the metric has no icon (an unknown skill, raid or boss). An icon that cannot be had shows the
 * default game icon for an activity, else the metric's initials in a badge of the icon's size, so a
 * page never shows an empty or broken box.
 */
export function GameIcon({ kind, metric, size = 24 }: { kind: IconKind; metric: string; size?: number }) {
  const icon = metricIcon(kind, metric);
  const [failed, setFailed] = useState<readonly string[]>([]);
  if (!icon) return null;

  const sources = new Set([metricIconUrl(icon), ...(kind === 'activity' ? [DEFAULT_GAME_ICON_PATH] : [])]);
  const src = [...sources].find((source) => !failed.includes(source));
  if (src === undefined) {
    return (
      <span
        aria-hidden="true"
        data-icon-fallback=""
        className="inline-flex shrink-0 items-center justify-center rounded-md bg-stone-700 leading-none font-semibold text-stone-100 select-none"
        style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
      >
        {iconInitials(icon.source === 'served' ? icon.file : metric)}
      </span>
    );
  }
  return (
    <img
      key={src}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed((sources) => [...sources, src])}
      className="inline-block shrink-0 object-contain"
      style={{ width: size, height: size }}
    />
  );
}
