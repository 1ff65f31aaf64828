import type { PublicMember } from '#core/members/members.schema.ts';
import { MemberRow } from './member-row.tsx';

const headerClass = 'px-2 py-2 font-medium';

/**
 * The roster table. On a phone the role, combat and clan XP columns fold away (the name cell and the
 * details carry them); anything still too wide scrolls inside the table's own box, not the page.
 */
export function MemberTable({ members }: { members: readonly PublicMember[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800">
      <table className="w-full text-left text-sm sm:min-w-[40rem]">
        <caption className="sr-only">Clan members</caption>
        <thead className="bg-stone-900 text-stone-400">
          <tr>
            <th scope="col" className="w-10 py-2 pl-2">
              <span className="sr-only">Details</span>
            </th>
            <th scope="col" className={headerClass}>
              Rank
            </th>
            <th scope="col" className={headerClass}>
              Name
            </th>
            <th scope="col" className={`${headerClass} hidden sm:table-cell`}>
              Role
            </th>
            <th scope="col" className={`${headerClass} hidden text-right sm:table-cell`}>
              Combat
            </th>
            <th scope="col" className={`${headerClass} hidden text-right sm:table-cell`}>
              Clan XP
            </th>
            <th scope="col" className={`${headerClass} pr-3 text-right`}>
              Siege Score
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <MemberRow key={member.wom_id} member={member} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
