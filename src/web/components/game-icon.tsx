import { useState } from 'react';
import { metricIcon, metricIconUrl, type IconKind } from '#core/metrics/metric-icons.ts';
import { useIconBaseUrl } from '../lib/icons.tsx';

/**
 * A game icon from the single metric-to-icon mapping. Nothing renders when the metric has no icon
 * (an unknown skill, raid or boss), before the icon host is known, or when the image fails to load.
 */
export function GameIcon({ kind, metric, size = 24 }: { kind: IconKind; metric: string; size?: number }) {
  const baseUrl = useIconBaseUrl();
  const [failed, setFailed] = useState(false);
  const icon = metricIcon(kind, metric);
  // Until the clan profile names the icon host, a remote icon has no address yet.
  if (!icon || failed || (icon.source === 'remote' && baseUrl === '')) return null;
  return (
    <img
      src={metricIconUrl(icon, baseUrl)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      className="inline-block shrink-0 object-contain"
      style={{ width: size, height: size }}
    />
  );
}
