import { Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import { eventTypeLabel } from '#core/events/event-types.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import { savedText, type Notify } from '../../../components/notice-banner.tsx';
import { paths } from '../../../config/paths.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useDeleteEvent } from '../api/event-actions.ts';
import { useAdminEvents } from '../api/get-admin-events.ts';
import { competitionNotice, takeCreatedEvent } from '../utils/created-event-notice.ts';
import { AwardPointsDialog } from './award-points-dialog.tsx';
import { EventEditDialog } from './event-edit-dialog.tsx';
import { PointBatchesList } from './point-batches-list.tsx';
import type { MemberChoice } from '../../../components/member-combobox.tsx';
import { EventPoints } from './event-points.tsx';

const when = (date: string | null) => (date === null ? '-' : formatDateTime(date));

/**
 * The competition an event links to, named as WOM names it, or flagged when WOM last said it has no
 * such competition, so a mistyped id is seen before the event's points are due.
 */
function LinkedCompetition({ event }: { event: AdminEvent }) {
  if (event.wom_missing_at) {
    return (
      <span className="mt-1 block rounded bg-red-950 px-2 py-0.5 text-xs font-medium text-red-200">
        WOM cannot find competition {event.wom_id}
      </span>
    );
  }
  return (
    <span className="mt-1 block text-xs text-stone-400">
      Competition {event.wom_id}
      {event.wom_title && <span className="block text-stone-300">{event.wom_title}</span>}
    </span>
  );
}

function EventRow({
  event,
  onEdit,
  onAward,
  notify,
}: {
  event: AdminEvent;
  onEdit: () => void;
  onAward: () => void;
  notify: Notify;
}) {
  const deleteEvent = useDeleteEvent();
  const nameId = useId();
  const { confirm, dialog } = useConfirm();

  const remove = async () => {
    const yes = await confirm({
      title: `Are you sure you want to delete ${event.name}?`,
      description: 'The event leaves the events page. Points it has already paid stay with the members.',
      label: 'Delete Event',
    });
    if (!yes) return;
    // mutateAsync: the deleted event's row unmounts before a per-call callback could run.
    void deleteEvent.mutateAsync(event.id).then(
      () => notify({ kind: 'success', text: `${event.name} was successfully deleted.` }),
      (error: Error) => notify({ kind: 'error', text: `Failed to delete ${event.name}: ${error.message}` }),
    );
  };

  return (
    <tr className="border-t border-stone-800 align-top">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <span id={nameId} className="block font-medium text-stone-100">
          {event.name}
        </span>
        {event.metric && <span className="text-xs text-stone-400">{event.metric}</span>}
      </th>
      {/* On a phone's card the type has a line of its own, so Start and End share the next. */}
      <td className="px-4 py-3 max-sm:col-span-2">
        <StackedLabel>Type</StackedLabel>
        {eventTypeLabel(event.type) ?? '-'}
        {event.short_event && <span className="block text-xs text-stone-400">Short event</span>}
      </td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        <StackedLabel>Start</StackedLabel>
        {when(event.start_date)}
      </td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        <StackedLabel>End</StackedLabel>
        {when(event.end_date)}
      </td>
      <td className="px-4 py-3">
        <StackedLabel>Source</StackedLabel>
        {event.manual ? (
          <span className="rounded bg-sky-950 px-2 py-0.5 text-xs font-medium text-sky-200">Manual</span>
        ) : (
          <span className="rounded bg-stone-800 px-2 py-0.5 text-xs font-medium text-stone-300">
            Synced from WOM
          </span>
        )}
        {event.wom_id && <LinkedCompetition event={event} />}
      </td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        <StackedLabel>Points</StackedLabel>
        <EventPoints event={event} notify={notify} />
      </td>
      <td className="px-4 py-3 max-sm:col-span-2 max-sm:pt-2">
        <button
          type="button"
          onClick={onAward}
          aria-describedby={nameId}
          className="mb-2 rounded border border-gold-500 px-3 py-1 text-sm text-gold-300 hover:bg-stone-800"
        >
          Award points
        </button>
        {event.manual ? (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={onEdit}
              aria-describedby={nameId}
              className="rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800"
            >
              Edit
            </button>
            <button
              type="button"
              onClick={() => void remove()}
              disabled={deleteEvent.isPending}
              aria-describedby={nameId}
              className="rounded border border-red-900 px-3 py-1 text-sm text-red-300 hover:bg-red-950 disabled:opacity-60"
            >
              Delete
            </button>
          </div>
        ) : (
          <span className="text-xs text-stone-400">Managed by the sync</span>
        )}
        {dialog}
      </td>
    </tr>
  );
}

function EventsTable({
  events,
  members,
  notify,
}: {
  events: AdminEvent[];
  members: readonly MemberChoice[];
  notify: Notify;
}) {
  const [editing, setEditing] = useState<AdminEvent | null>(null);
  const [awarding, setAwarding] = useState<AdminEvent | null>(null);
  if (events.length === 0) return <EmptyState title="No events found" />;
  return (
    <>
      {/* Stacked: on a phone each event is a card, its Edit and Delete on screen (issue 21). */}
      <DataTable
        caption="Events"
        columns={['Event', 'Type', 'Start', 'End', 'Source', 'Points', 'Actions']}
        stacked
      >
        {events.map((event) => (
          <EventRow
            key={event.id}
            event={event}
            onEdit={() => setEditing(event)}
            onAward={() => setAwarding(event)}
            notify={notify}
          />
        ))}
      </DataTable>
      <AwardPointsDialog
        event={awarding}
        members={members}
        onClose={() => setAwarding(null)}
        notify={notify}
      />
      <EventEditDialog
        event={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          notify({ kind: 'success', text: savedText(saved.name) });
        }}
      />
    </>
  );
}

/** The events tab: every event, with edit and delete for the ones admins made by hand. */
/**
 * The events tab. `members` are who an award made in one go may pick by hand (the dashboard's roster).
 */
export function EventsTab({ notify, members }: { notify: Notify; members: readonly MemberChoice[] }) {
  const events = useAdminEvents();
  // Arriving from the new event page: say the event was created.
  useEffect(() => {
    const created = takeCreatedEvent();
    if (created === null) return;
    const competition = created.wom_competition ? ` ${competitionNotice(created.wom_competition)}` : '';
    notify({ kind: 'success', text: `${savedText(created.name)}${competition}` });
  }, [notify]);
  return (
    <TabSection
      title="Event Management"
      description="Events synced from WOM competitions follow the sync; events made here can be edited and deleted."
      actions={
        <Link
          to={paths.adminNewEvent}
          className="inline-flex items-center gap-1 rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          New Event
        </Link>
      }
    >
      <QueryState query={events} loadingLabel="Loading events..." errorTitle="Error Loading Events">
        {(data) => <EventsTable events={data} members={members} notify={notify} />}
      </QueryState>
      <PointBatchesList notify={notify} />
    </TabSection>
  );
}
