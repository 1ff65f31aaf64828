import { memo, useId, useState } from 'react';
import type { PublicMember } from '#core/members/members.schema.ts';
import { sameRsn } from '#core/members/names.ts';
import { NOT_TRACKED_TEXT, isTrackedByWom } from '#core/members/wom-tracking.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { DetailsToggleCell } from '../../../components/details-toggle-cell.tsx';
import { MemberAnchor } from '../../../components/member-link.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { IronmanIcon } from './ironman-icon.tsx';
import { RankIcon } from './rank-icon.tsx';
import { YouBadge } from './you-badge.tsx';

/** Spec §3: a member whose data is missing shows as 'Unknown Player' at combat level 3. */
const UNKNOWN_PLAYER = 'Unknown Player';
const DEFAULT_COMBAT_LEVEL = 3;

const MEMBER_TABLE_COLUMNS = 7;

function displayName(member: PublicMember): string {
  return member.name.trim() === '' ? UNKNOWN_PLAYER : member.name;
}

/**
 * The game's lowest combat level is 3, so anything below it means the level is not known yet; a
 * member WOM never updated has none to show.
 */
function combatLevel(member: PublicMember): string {
  if (!isTrackedByWom(member)) return '-';
  return String(member.combat_level >= DEFAULT_COMBAT_LEVEL ? member.combat_level : DEFAULT_COMBAT_LEVEL);
}

function MemberDetails({ member }: { member: PublicMember }) {
  const known = isTrackedByWom(member);
  const fields = [
    { label: 'Clan XP', value: known ? formatNumber(member.clan_xp) : '-' },
    { label: 'Siege Score', value: formatNumber(member.siege_score) },
    { label: 'Joined', value: member.join_date ? formatLongDate(member.join_date) : '-' },
    { label: 'Next Rank', value: member.next_rank.label },
    { label: 'Starting Level', value: known ? formatNumber(member.first_lvl) : '-' },
    { label: 'Starting XP', value: known ? formatNumber(member.first_xp) : '-' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
      {fields.map((field) => (
        <div key={field.label}>
          <dt className="text-xs font-medium tracking-wide text-stone-400 uppercase">{field.label}</dt>
          <dd className="text-stone-100">{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One member: a summary row that expands on a click anywhere on it, or by its button (Enter or
 * Space), to show the member's details in a row beneath; the name links to the member's page, and
 * `mine` marks a character the signed-in user has claimed. Memoised: rows added to a growing table
 * leave the rows already shown alone.
 */
export const MemberRow = memo(function MemberRow({
  member,
  mine,
  navigate,
}: {
  member: PublicMember;
  mine: boolean;
  /** Opens a page in the app: the table's one, stable across renders. */
  navigate: (path: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const name = displayName(member);
  const womName = member.wom_name && !sameRsn(member.wom_name, name) ? member.wom_name : null;
  const role = roleDisplayName(member.womrole);
  const level = combatLevel(member);
  const toggle = () => setExpanded(!expanded);

  return (
    <>
      <tr
        onClick={toggle}
        className={`cursor-pointer border-t border-stone-800 hover:bg-stone-900 ${expanded ? 'bg-stone-900' : ''}`}
      >
        <DetailsToggleCell
          expanded={expanded}
          detailsId={detailsId}
          name={name}
          onClick={(event) => {
            // The row's own click handler would toggle a second time.
            event.stopPropagation();
            toggle();
          }}
        />
        <td className="px-2 py-2">
          <RankIcon role={member.womrole} />
        </td>
        <th scope="row" className="px-2 py-2 text-left font-medium">
          <span className="flex items-center gap-2">
            <span className="text-stone-100">
              <MemberAnchor womId={member.wom_id} navigate={navigate}>
                {name}
              </MemberAnchor>
            </span>
            {member.ironman_type && <IronmanIcon type={member.ironman_type} />}
            {mine && <YouBadge />}
          </span>
          {womName && <span className="block text-xs font-normal text-stone-400">WOM: {womName}</span>}
          {!isTrackedByWom(member) && (
            <span className="block text-xs font-normal text-amber-300/90 italic">{NOT_TRACKED_TEXT}</span>
          )}
          {/* On a phone the role and combat columns fold into the name cell (clan XP is in the details). */}
          <span className="block text-xs font-normal text-stone-400 sm:hidden">
            {role} · <span className="whitespace-nowrap">Combat {level}</span>
          </span>
        </th>
        <td className="hidden px-2 py-2 text-stone-300 sm:table-cell">{role}</td>
        <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">{level}</td>
        <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
          {isTrackedByWom(member) ? formatNumber(member.clan_xp) : '-'}
        </td>
        <td className="px-2 py-2 pr-3 text-right font-semibold text-gold-300 tabular-nums">
          {formatNumber(member.siege_score)}
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="bg-stone-900">
          <td colSpan={MEMBER_TABLE_COLUMNS} className="px-4 pt-1 pb-4 sm:pl-14">
            <MemberDetails member={member} />
          </td>
        </tr>
      )}
    </>
  );
});
