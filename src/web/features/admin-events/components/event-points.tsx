import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useBookEventPoints } from '../api/event-actions.ts';

/**
 * An event's Points cell: when it paid, or that it has not yet. An event whose competition ended
 * before this site pays nothing by itself (issue 29): once its results are in, one button books its
 * points through the ledger, after the admin confirms.
 */
export function EventPoints({ event, notify }: { event: AdminEvent; notify: Notify }) {
  const book = useBookEventPoints();
  const { confirm, dialog } = useConfirm();
  if (event.points_awarded_at) return <>Awarded {formatDateTime(event.points_awarded_at)}</>;
  if (!event.before_site) return <>Not yet</>;

  const run = async () => {
    const yes = await confirm({
      title: `Book the points of ${event.name}?`,
      description:
        'It ended before this site, so it has paid nothing. Its members get points by their places, as for any event since; each award can be undone from their points history.',
      label: 'Book Points',
      tone: 'confirm',
    });
    if (!yes) return;
    book.mutate(event.id, {
      onSuccess: () => notify({ kind: 'success', text: `The points of ${event.name} are booked.` }),
      onError: (error) => notify({ kind: 'error', text: `Failed to book ${event.name}: ${error.message}` }),
    });
  };
  return (
    <>
      <span className="block font-medium text-stone-200">Before this site</span>
      {event.results_at ? (
        <button
          type="button"
          onClick={() => void run()}
          disabled={book.isPending}
          className="mt-1 rounded border border-gold-500 px-3 py-1 text-sm text-gold-300 hover:bg-stone-800 disabled:opacity-60"
        >
          {book.isPending ? 'Booking...' : 'Book points'} <span className="sr-only">of {event.name}</span>
        </button>
      ) : (
        <span className="block text-xs text-stone-400">Results not in yet</span>
      )}
      {dialog}
    </>
  );
}
