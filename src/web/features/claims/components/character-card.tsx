import { useId, type ReactNode } from 'react';
import type { Character } from '#core/claims/claims.schema.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';

/**
 * One claimed character: its rank and the stats the profile shows (spec §2, Profile tabs), then
 * whatever the page adds under them (its goals).
 */
export function CharacterCard({
  character,
  rankIcon,
  children,
}: {
  character: Character;
  rankIcon: ReactNode;
  children?: ReactNode;
}) {
  const nameId = useId();
  const stats = [
    ['Combat Level', formatNumber(character.combat_level)],
    ['Total Level', formatNumber(character.current_lvl)],
    ['XP', formatNumber(character.current_xp)],
    ['EHB', formatNumber(character.ehb)],
  ] as const;
  return (
    <article aria-labelledby={nameId} className="rounded-lg border border-stone-800 bg-stone-900 p-5">
      <header className="flex items-start justify-between gap-3">
        <div>
          <h3 id={nameId} className="text-lg font-semibold text-gold-300">
            <MemberLink womId={character.wom_id}>{character.name}</MemberLink>
          </h3>
          <p className="text-xs text-stone-400">Claimed {formatLongDate(character.claimed_at)}</p>
        </div>
        <p className="flex items-center gap-2 text-sm text-stone-200">
          {rankIcon}
          <span>
            <span className="sr-only">Rank: </span>
            {roleDisplayName(character.womrole)}
          </span>
        </p>
      </header>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded bg-stone-950/60 px-3 py-2">
            <dt className="text-xs text-stone-400">{label}</dt>
            <dd className="font-semibold text-stone-100">{value}</dd>
          </div>
        ))}
      </dl>
      {children && <div className="mt-4 border-t border-stone-800 pt-4">{children}</div>}
    </article>
  );
}
