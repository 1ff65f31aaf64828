import { useLocation } from 'wouter';
import type { PublicMember } from '#core/members/members.schema.ts';
import { useIncrementalCount } from '../../../lib/use-incremental-count.ts';
import { MemberRow } from './member-row.tsx';

const NONE: ReadonlySet<string> = new Set();

const headerClass = 'px-2 py-2 font-medium';

/** Rows in the first render (a screenful and more), then rows added after each paint. */
const FIRST_ROWS = 40;
const ROWS_PER_STEP = 200;

/**
 * The roster table. On a phone the role, combat and clan XP columns fold away (the name cell and the
 * details carry them); anything still too wide scrolls inside the table's own box, not the page. From
 * a tablet up the table overflows into the page, so its header can stick to the top while the page
 * scrolls. A long roster renders its first rows at once and the rest over the next few frames, so
 * the page shows members without waiting for every row; all rows end up in the document, for
 * find-in-page and screen readers. A signed-in member's own characters carry a 'You' badge.
 */
export function MemberTable({
  members,
  own = NONE,
}: {
  members: readonly PublicMember[];
  /** The WOM ids of the signed-in user's own characters. */
  own?: ReadonlySet<string>;
}) {
  const shown = useIncrementalCount(members, FIRST_ROWS, ROWS_PER_STEP);
  const [, navigate] = useLocation();
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800 sm:overflow-x-visible">
      <table className="w-full text-left text-sm sm:min-w-[40rem]" aria-busy={shown < members.length}>
        <caption className="sr-only">Clan members</caption>
        <thead className="sticky top-0 z-10 bg-stone-900 text-stone-400 shadow-[0_1px_0_#292524]">
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
          {members.slice(0, shown).map((member) => (
            <MemberRow
              key={member.wom_id}
              member={member}
              mine={own.has(member.wom_id)}
              navigate={navigate}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
