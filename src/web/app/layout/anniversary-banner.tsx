import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { anniversariesOn } from '#core/members/anniversaries.ts';
import { useMembers } from '../../features/members/api/get-members.ts';
import { useUtcToday } from '../../lib/use-utc-today.ts';

/**
 * Names shown before 'and N more': a busy day in a 300-member clan named a dozen members and pushed
 * every page down by several lines. Two names and the rest fit two lines of a 390 px phone.
 */
const NAMED_ANNIVERSARIES = 2;

function yearsText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** Today's membership anniversaries (UTC), on every page; nothing when there are none. */
export function AnniversaryBanner() {
  const { data: members } = useMembers();
  const today = useUtcToday();
  const [expanded, setExpanded] = useState(false);
  if (!members) return null;
  const { anniversaries } = anniversariesOn(members, new Date(today));
  if (anniversaries.length === 0) return null;
  const shown = expanded ? anniversaries : anniversaries.slice(0, NAMED_ANNIVERSARIES);
  const more = anniversaries.length - shown.length;
  return (
    <aside aria-label="Clan anniversaries" className="border-b border-gold-500/40 bg-gold-500/10">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2 text-sm text-gold-300">
        <PartyPopper aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <p>
          <span className="font-semibold">Happy clan anniversary! </span>
          {shown.map(({ member, years }, index) => (
            <span key={member.wom_id}>
              {index > 0 && ', '}
              <span className="font-medium text-stone-100">{member.name}</span> ({yearsText(years)})
            </span>
          ))}
          {more > 0 && (
            <>
              {' '}
              <button
                type="button"
                onClick={() => setExpanded(true)}
                className="rounded underline hover:text-gold-400"
              >
                and {more} more
              </button>
            </>
          )}
        </p>
      </div>
    </aside>
  );
}
