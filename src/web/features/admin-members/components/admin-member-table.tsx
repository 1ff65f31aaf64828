import { useMemo } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { useIncrementalCount } from '../../../lib/use-incremental-count.ts';
import type { MemberActions } from '../hooks/use-member-actions.ts';
import { AdminMemberRow, WIDE_ONLY } from './admin-member-row.tsx';

const headerClass = 'px-2 py-2 font-medium';

/** Rows in the first render (a screenful and more), then rows added after each paint. */
const FIRST_ROWS = 40;
const ROWS_PER_STEP = 200;

/**
 * The admin's member table (spec §2): every member, hidden ones marked. A clan of thousands renders
 * its first rows at once and the rest over the next frames. The rows shown so far stay when a member
 * changes (points, visibility): only a different list of members, such as a new search, starts
 * again from the top. On a phone it is a list of name, role, score and '+2 Points' (issue 21).
 */
export function AdminMemberTable({
  members,
  actions,
}: {
  members: readonly AdminMember[];
  actions: MemberActions;
}) {
  const idsKey = members.map((member) => member.wom_id).join('\n');
  const order = useMemo(() => (idsKey === '' ? [] : idsKey.split('\n')), [idsKey]);
  const shown = useIncrementalCount(order, FIRST_ROWS, ROWS_PER_STEP);

  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800">
      <table className="w-full text-left text-sm sm:min-w-[48rem]" aria-busy={shown < members.length}>
        <caption className="sr-only">Members</caption>
        <thead className="bg-stone-900 text-stone-400">
          <tr>
            <th scope="col" className="w-10 py-2 pl-2">
              <span className="sr-only">Details</span>
            </th>
            <th scope="col" className={headerClass}>
              Player Name
            </th>
            <th scope="col" className={`${headerClass} text-right`}>
              Siege Score
            </th>
            <th scope="col" className={`${WIDE_ONLY} ${headerClass}`}>
              WOM Role
            </th>
            <th scope="col" className={`${WIDE_ONLY} ${headerClass} text-right`}>
              EHB
            </th>
            <th scope="col" className={`${WIDE_ONLY} ${headerClass} text-right`}>
              Clan XP
            </th>
            <th scope="col" className={`${WIDE_ONLY} ${headerClass}`}>
              Joined
            </th>
            <th scope="col" className={`${headerClass} pr-3 text-right sm:text-left`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {members.slice(0, shown).map((member) => (
            <AdminMemberRow key={member.wom_id} member={member} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
