import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { formatLongDate } from '../../../lib/format.ts';

export function ClanFacts({ clan }: { clan: ClanProfile }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-4">
        <dt className="text-sm text-stone-400">Founded</dt>
        <dd className="text-lg font-semibold">{formatLongDate(clan.founded)}</dd>
      </div>
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-4">
        <dt className="text-sm text-stone-400">Home world</dt>
        <dd className="text-lg font-semibold">World {clan.home_world}</dd>
      </div>
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-4">
        <dt className="text-sm text-stone-400">Community</dt>
        <dd className="text-lg font-semibold">
          {clan.discord_url ? (
            <a
              href={clan.discord_url}
              className="text-gold-300 underline hover:text-gold-400"
              rel="noreferrer"
              target="_blank"
            >
              Join our Discord
            </a>
          ) : (
            'Ask any member in-game'
          )}
        </dd>
      </div>
    </dl>
  );
}
