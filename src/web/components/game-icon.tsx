import { useContext, useEffect, useState } from 'react';
import {
  DEFAULT_GAME_ICON_PATH,
  iconInitials,
  metricIcon,
  metricIconFile,
  metricIconUrl,
  type IconKind,
} from '#core/metrics/metric-icons.ts';
import { HeldIconsContext } from './held-icons.ts';

/**
 * A game icon from the single metric-to-icon mapping, served by the site itself. Nothing renders
 * when the metric has no icon (an unknown skill, raid or boss). An icon the site does not hold (or
 * that fails to load) shows the default game icon for an activity, else the metric's initials in a
 * badge of the icon's size, so a page never shows an empty or broken box. The site's list of held
 * icons is consulted first, so such an icon is never requested: no 404 for it in the console.
 */
export function GameIcon({ kind, metric, size = 24 }: { kind: IconKind; metric: string; size?: number }) {
  const icon = metricIcon(kind, metric);
  const held = useContext(HeldIconsContext);
  const [failed, setFailed] = useState<readonly string[]>([]);
  useEffect(() => held?.want(), [held]);
  if (!icon) return null;

  const box = { width: size, height: size };
  const file = metricIconFile(icon);
  if (file !== null && held !== null && held.files === null) {
    // Until the list is in, a quiet box of the icon's size: the icon or its fallback replaces it.
    return <span aria-hidden="true" className="inline-block shrink-0 rounded-md bg-stone-800" style={box} />;
  }
  const servable = file === null || held === null || held.files?.has(file) === true;
  const sources = new Set([
    ...(servable ? [metricIconUrl(icon)] : []),
    ...(kind === 'activity' ? [DEFAULT_GAME_ICON_PATH] : []),
  ]);
  const src = [...sources].find((source) => !failed.includes(source));
  if (src === undefined) {
    return (
      <span
        aria-hidden="true"
        data-icon-fallback=""
        className="inline-flex shrink-0 items-center justify-center rounded-md bg-stone-700 leading-none font-semibold text-stone-100 select-none"
        style={{ ...box, fontSize: Math.round(size * 0.42) }}
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
      style={box}
    />
  );
}
