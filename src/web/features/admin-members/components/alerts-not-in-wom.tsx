import { UserX } from 'lucide-react';
import { useId } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { memberName } from '../lib/member-name.ts';
import { notInWomGroup } from '../lib/not-in-wom.ts';

/**
 * Members added by hand whom the last sync did not find in the clan's WOM group (issue 29): until
 * they are in the group, WOM neither tracks their XP for the clan nor lists them. Nothing while
 * every member is in the group.
 */
export function NotInWomAlerts({ members }: { members: readonly AdminMember[] }) {
  const headingId = useId();
  const missing = notInWomGroup(members);
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900">
      <h3
        id={headingId}
        className="flex items-center gap-2 border-b border-stone-800 px-4 py-3 text-lg font-semibold text-stone-100"
      >
        Not in the WOM Group
        <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-stone-950">
          {missing.length}
          <span className="sr-only"> flagged</span>
        </span>
      </h3>
      <div className="space-y-3 p-4">
        <p className="flex items-start gap-2 text-sm text-amber-300">
          <UserX aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          Added by hand, but not in the clan&apos;s Wise Old Man group at the last sync: add them to the group
          on Wise Old Man, or delete them from the members tab.
        </p>
        <ul aria-labelledby={headingId} className="divide-y divide-stone-800 text-sm">
          {missing.map((member) => (
            <li key={member.wom_id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="font-medium wrap-anywhere text-stone-100">{memberName(member)}</span>
              <span className="text-xs text-stone-400">WOM ID {member.wom_id}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
