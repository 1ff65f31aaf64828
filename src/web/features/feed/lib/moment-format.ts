import type { DinkMomentKind, FeedItem } from '#core/dink/dink.schema.ts';
import { formatNumber } from '../../../lib/format.ts';

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
