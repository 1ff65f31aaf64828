import type { EventStatus } from '#core/events/event-status.ts';

const COUNTERS: ReadonlyArray<{ status: EventStatus; label: string }> = [
  { status: 'active', label: 'Active' },
  { status: 'upcoming', label: 'Upcoming' },
  { status: 'completed', label: 'Completed' },
];

/** How many events are active, upcoming and completed. */
export function EventCounters({ counts }: { counts: Record<EventStatus, number> }) {
  return (
    <dl className="grid grid-cols-3 gap-3">
      {COUNTERS.map(({ status, label }) => (
        <div key={status} className="rounded-lg border border-stone-800 bg-stone-900 p-3 text-center">
          <dt className="text-sm text-stone-400">{label}</dt>
          <dd className="text-2xl font-bold text-gold-300 tabular-nums">{counts[status]}</dd>
        </div>
      ))}
    </dl>
  );
}
