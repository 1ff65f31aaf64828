import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { INACTIVITY_DAYS, INACTIVITY_DAY_CHOICES } from '#core/members/inactivity.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useExportInactivity, useInactivity, useSetAway } from '../api/inactivity.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { AwayMemberItem } from './away-member-item.tsx';
import { InactiveMemberItem, daysText } from './inactive-member-item.tsx';

/**
 * The inactivity tab (issue 21): members with no XP or EHB gain for the chosen number of days,
 * longest inactive first, each with a date until which they are away; the members away today apart,
 * with a way to clear their date; and the list as a CSV.
 */
export function InactivityTab({ notify }: { notify: Notify }) {
  const daysId = useId();
  const awayHeadingId = useId();
  const [days, setDays] = useState<number>(INACTIVITY_DAYS.default);
  const list = useInactivity(days);
  const setAway = useSetAway();
  const exporter = useExportInactivity();
  // The member whose away date is being saved: only their controls wait.
  const busyWomId = setAway.isPending ? setAway.variables.womId : null;

  const saveAway = (name: string, womId: string, awayUntil: string | null) =>
    setAway.mutate(
      { womId, awayUntil },
      {
        onSuccess: () =>
          notify({
            kind: 'success',
            text:
              awayUntil === null
                ? `${name} is no longer away.`
                : `${name} is away until ${formatLongDate(awayUntil)}.`,
          }),
        onError: (error) => notify({ kind: 'error', text: `Failed to save the away date: ${error.message}` }),
      },
    );

  const exportCsv = () =>
    exporter.mutate(days, {
      onSuccess: ({ blob, filename, count }) => {
        saveFile(blob, filename);
        notify({
          kind: 'success',
          text: `Exported ${count} inactive ${count === 1 ? 'member' : 'members'} to CSV.`,
        });
      },
      onError: (error) => notify({ kind: 'error', text: `Failed to export to CSV: ${error.message}` }),
    });

  return (
    <TabSection
      title="Inactivity"
      description="Members with no XP or EHB gain for the chosen days, by Wise Old Man and the site's daily snapshots. Members away until a date, and members who joined within the chosen days, are not listed."
      actions={
        <button
          type="button"
          onClick={exportCsv}
          disabled={exporter.isPending}
          aria-busy={exporter.isPending}
          className="flex items-center gap-2 rounded bg-stone-800 px-4 py-2 font-medium text-stone-100 hover:bg-stone-700 disabled:opacity-60"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </button>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={daysId} className="text-sm text-stone-300">
          No gain for
        </label>
        <select
          id={daysId}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          className="rounded border border-stone-600 bg-stone-950 px-2 py-1.5 text-sm text-stone-100"
        >
          {INACTIVITY_DAY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {daysText(choice)}
            </option>
          ))}
        </select>
      </div>
      <QueryState
        query={list}
        loadingLabel="Loading inactive members..."
        errorTitle="Error Loading Inactive Members"
        keepDataOnError={list.isFetchNextPageError}
      >
        {(data) => {
          const [first] = data.pages;
          if (!first) return null;
          const members = data.pages.flatMap((page) => page.members);
          return (
            <>
              <p className="text-sm text-stone-400" aria-live="polite">
                {first.total === 1 ? '1 member' : `${first.total} members`} with no gain for{' '}
                {daysText(first.days)}.
              </p>
              {members.length === 0 ? (
                <EmptyState title={`No member has gone ${daysText(first.days)} without a gain`} />
              ) : (
                <ul aria-label="Inactive members" className="space-y-2">
                  {members.map((member) => (
                    <InactiveMemberItem
                      key={member.wom_id}
                      member={member}
                      today={first.today}
                      busy={busyWomId === member.wom_id}
                      onSetAway={(awayUntil) => saveAway(member.name, member.wom_id, awayUntil)}
                    />
                  ))}
                </ul>
              )}
              <ShowMore list={list} what="inactive members" />
              {first.away.length > 0 && (
                <section aria-labelledby={awayHeadingId} className="space-y-2">
                  <h3 id={awayHeadingId} className="text-lg font-semibold text-stone-100">
                    Away
                  </h3>
                  <ul aria-label="Away members" className="space-y-2">
                    {first.away.map((member) => (
                      <AwayMemberItem
                        key={member.wom_id}
                        member={member}
                        busy={busyWomId === member.wom_id}
                        onClear={() => saveAway(member.name, member.wom_id, null)}
                      />
                    ))}
                  </ul>
                </section>
              )}
            </>
          );
        }}
      </QueryState>
    </TabSection>
  );
}
