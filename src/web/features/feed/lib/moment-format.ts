import type { DinkMomentKind, FeedItem } from '#core/dink/dink.schema.ts';
import { formatNumber } from '../../../lib/format.ts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/**
 * How long ago a moment was, as a person says it: 'just now', '5 minutes ago', 'yesterday'. A clock a
 * little ahead of the viewer's still reads 'just now', never 'in 2 minutes'.
 */
export function formatTimeAgo(iso: string, nowMs: number): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '-';
  const elapsed = Math.max(0, nowMs - at);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

/**
 * What a moment's value counts, by kind. A drop's coins and a personal best's time are already in its
 * details, so only a milestone's exact experience (its title rounds it) is shown beside them.
 */
const VALUE_FORMAT: Partial<Record<DinkMomentKind, (value: number) => string>> = {
  xp_milestone: (value) => `${formatNumber(value)} XP`,
};

/** The moment's value in its unit ('12,500,000 gp', '1:13.20'), or null when it has none worth showing. */
export function momentValue(item: Pick<FeedItem, 'kind' | 'value'>): string | null {
  const format = VALUE_FORMAT[item.kind];
  return format === undefined || item.value === null ? null : format(item.value);
}
