import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { INACTIVITY_DAYS, INACTIVITY_DAY_CHOICES } from '#core/members/inactivity.ts';
import type { MemberChoice } from '../../../components/member-combobox.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useExportInactivity, useInactivity, useSetAway } from '../api/inactivity.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { AwaySection } from './away-section.tsx';
import { InactiveMemberItem, daysText } from './inactive-member-item.tsx';

/**
 * The inactivity tab (issue 21): first the members away today, a list of their own with the date
 * they are back and a way to clear it, and a form to mark any member away (issue 29); then the
 * members with no XP or EHB gain for the chosen number of days, longest inactive first, each with a
 * date until which they are away; and that list as a CSV. `members` is the roster to mark away
 * from, which the dashboard loads.
 */
export function InactivityTab({
  notify,
  members,
}: {
  notify: Notify;
  members?: readonly MemberChoice[] | undefined;
}) {
  const daysId = useId();
  const [days, setDays] = useState<number>(INACTIVITY_DAYS.default);
  const list = useInactivity(days);
  const setAway = useSetAway();
  const exporter = useExportInactivity();
  // The member whose away date is being saved: only their controls wait.
  const busyWomId = setAway.isPending ? setAway.variables.womId : null;

  const saveAway = async (name: string, womId: string, awayUntil: string | null): Promise<boolean> => {
    try {
      await setAway.mutateAsync({ womId, awayUntil });
      notify({
        kind: 'success',
        text:
          awayUntil === null
            ? `${name} is no longer away.`
            : `${name} is away until ${formatLongDate(awayUntil)}.`,
      });
      return true;
    } catch (error) {
      notify({ kind: 'error', text: `Failed to save the away date: ${(error as Error).message}` });
      return false;
    }
  };
  const first = list.data?.pages[0];

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
      {first && (
        <AwaySection
          away={first.away}
          today={first.today}
          members={members}
          busyWomId={busyWomId}
          onSetAway={saveAway}
        />
      )}
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
          const [page] = data.pages;
          if (!page) return null;
          const inactive = data.pages.flatMap((each) => each.members);
          return (
            <>
              <p className="text-sm text-stone-400" aria-live="polite">
                {page.total === 1 ? '1 member' : `${page.total} members`} with no gain for{' '}
                {daysText(page.days)}.
              </p>
              {inactive.length === 0 ? (
                <EmptyState title={`No member has gone ${daysText(page.days)} without a gain`} />
              ) : (
                <ul aria-label="Inactive members" className="space-y-2">
                  {inactive.map((member) => (
                    <InactiveMemberItem
                      key={member.wom_id}
                      member={member}
                      today={page.today}
                      busy={busyWomId === member.wom_id}
                      onSetAway={(awayUntil) => void saveAway(member.name, member.wom_id, awayUntil)}
                    />
                  ))}
                </ul>
              )}
              <ShowMore list={list} what="inactive members" />
            </>
          );
        }}
      </QueryState>
    </TabSection>
  );
}
