import { useId, useState, type FormEvent } from 'react';
import type { AdminEvent, EventStanding } from '#core/events/admin-events.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { MemberCombobox, type MemberChoice } from '../../../components/member-combobox.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useAwardBatch, useEventStandings } from '../api/point-batches.ts';

interface Row {
  wom_id: string;
  name: string;
  amount: string;
}

const INPUT =
  'w-24 rounded border border-stone-700 bg-stone-950 px-2 py-1 text-right text-sm text-stone-100 focus:border-gold-400';

/** The award's rows and reason, started from the standings once they are in. */
function AwardForm({
  event,
  standings,
  members,
  onClose,
  notify,
}: {
  event: AdminEvent;
  standings: readonly EventStanding[];
  members: readonly MemberChoice[];
  onClose: () => void;
  notify: Notify;
}) {
  const award = useAwardBatch();
  const [rows, setRows] = useState<Row[]>(() =>
    standings.map((entry) => ({ wom_id: entry.wom_id, name: entry.name, amount: String(entry.points) })),
  );
  const [reason, setReason] = useState(event.name);
  const [picked, setPicked] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();

  const add = (womId: string) => {
    setPicked('');
    const member = members.find((candidate) => candidate.wom_id === womId);
    if (!member || rows.some((row) => row.wom_id === womId)) return;
    setRows([...rows, { wom_id: member.wom_id, name: member.name, amount: '' }]);
  };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const bad = rows.find((row) => !/^[1-9]\d{0,3}$/.test(row.amount.trim()));
    if (rows.length === 0) return setProblem('Pick at least one member');
    if (bad) return setProblem(`${bad.name}: the amount must be a whole number of points, 1 or more`);
    setProblem(null);
    award.mutate(
      {
        event_id: event.id,
        reason,
        entries: rows.map((row) => ({ wom_id: row.wom_id, amount: Number(row.amount.trim()) })),
      },
      {
        onSuccess: (batch) => {
          notify({
            kind: 'success',
            text: `${batch.total} points awarded to ${batch.entries.length} member${batch.entries.length === 1 ? '' : 's'} for ${event.name}.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {rows.length === 0 && (
        <p className="text-sm text-stone-400">
          No standings are stored for this event: pick the members by hand.
        </p>
      )}
      {rows.length > 0 && (
        <ul
          className="max-h-80 divide-y divide-stone-800 overflow-y-auto rounded border border-stone-800"
          aria-label="Members awarded"
        >
          {rows.map((row, index) => (
            <li key={row.wom_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 grow font-medium text-stone-100">{row.name}</span>
              <input
                aria-label={`Points for ${row.name}`}
                value={row.amount}
                inputMode="numeric"
                onChange={(change) =>
                  setRows(
                    rows.map((current, i) =>
                      i === index ? { ...current, amount: change.target.value } : current,
                    ),
                  )
                }
                className={INPUT}
              />
              <button
                type="button"
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
                className="rounded border border-stone-700 px-2 py-1 text-xs text-stone-300 hover:bg-stone-800"
              >
                Remove<span className="sr-only"> {row.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <MemberCombobox
        label="Add a member"
        members={members}
        value={picked}
        onChange={add}
        placeholder="Type a name"
      />
      <div className="space-y-1">
        <label htmlFor={reasonId} className="block text-sm font-medium text-stone-200">
          Reason
        </label>
        <input
          id={reasonId}
          value={reason}
          maxLength={200}
          onChange={(change) => setReason(change.target.value)}
          className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400"
        />
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      {award.isError && <FormAlert>Failed to award the points: {award.error.message}</FormAlert>}
      <ModalActions
        onCancel={onClose}
        label={`Award ${rows.reduce((sum, row) => sum + (Number(row.amount) || 0), 0)} points`}
        pendingLabel="Awarding..."
        pending={award.isPending}
        tone="confirm"
      />
    </form>
  );
}

/**
 * An event's points in one go (issue 30): the members its standings would pay, prefilled by place
 * and the clan's point values, or picked by hand; each amount can be changed, one reason covers them
 * all, and one confirmation books them. The award can later be undone as a whole.
 */
export function AwardPointsDialog({
  event,
  members,
  onClose,
  notify,
}: {
  event: AdminEvent | null;
  members: readonly MemberChoice[];
  onClose: () => void;
  notify: Notify;
}) {
  // Only an event linked to a competition has standings to start from.
  const standings = useEventStandings(event?.wom_id ? event.id : null);
  const waiting = event?.wom_id ? standings.isPending : false;
  return (
    <Modal
      open={event !== null}
      onOpenChange={(open) => !open && onClose()}
      title={event ? `Award points for ${event.name}` : 'Award points'}
      description="Each member gets one points entry with this reason; the whole award can be undone from the list below the events."
      size="large"
    >
      {event && waiting && <p className="text-sm text-stone-400">Loading the standings...</p>}
      {event && !waiting && (
        <AwardForm
          key={event.id}
          event={event}
          standings={standings.data ?? []}
          members={members}
          onClose={onClose}
          notify={notify}
        />
      )}
    </Modal>
  );
}
