import type { WomAchievementItem } from '#core/wom/wom-data.schema.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatShortDate } from '../../../lib/format.ts';

/**
 * One achievement: the metric's icon, who reached it (linked to their page), what they reached and when; "date unknown" when
 * WOM does not know (it was reached before WOM first saw the player).
 */
export function AchievementRow({ achievement }: { achievement: WomAchievementItem }) {
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded bg-stone-950">
        <GameIcon kind={iconKindOf(achievement.metric)} metric={achievement.metric} size={28} />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-gold-300">
          <MemberLink womId={String(achievement.player.id)}>{achievement.player.displayName}</MemberLink>
        </p>
        <p className="break-words text-stone-200">{achievement.name}</p>
      </div>
      {achievement.createdAt === null ? (
        <span className="shrink-0 text-sm text-stone-400 italic">date unknown</span>
      ) : (
        <time dateTime={achievement.createdAt} className="shrink-0 text-sm text-stone-400">
          {formatShortDate(achievement.createdAt)}
        </time>
      )}
    </div>
  );
}
