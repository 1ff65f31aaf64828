import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { StatGrid, type StatItem } from './stat-grid.tsx';

/** The clan's facts beside its member count; the Discord link only when the clan has one. */
export function ClanInfo({
  clan,
  memberCount,
}: {
  clan: Pick<ClanProfile, 'founded' | 'home_world' | 'discord_url'>;
  memberCount: number;
}) {
  const items: StatItem[] = [
    { label: 'Founded', value: formatLongDate(clan.founded) },
    { label: 'Home World', value: `World ${clan.home_world}` },
    { label: 'Members', value: formatNumber(memberCount) },
  ];
  if (clan.discord_url) {
    items.push({
      label: 'Discord',
      value: (
        <a
          href={clan.discord_url}
          className="text-lg text-gold-300 underline hover:text-gold-400"
          rel="noreferrer"
          target="_blank"
        >
          Join our Discord
        </a>
      ),
    });
  }
  return <StatGrid title="Clan Info" items={items} />;
}
