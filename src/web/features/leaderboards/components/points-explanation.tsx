import { EVENT_POINTS, MANUAL_POINT_INCREMENTS } from '#core/events/competition-results.ts';

function listOf(values: readonly number[]): string {
  return `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** How siege points and event wins are earned, from the same constants that award them (spec §9). */
export function PointsExplanation() {
  return (
    <section
      aria-labelledby="points-heading"
      className="rounded-lg border border-stone-800 bg-stone-900 p-4 text-sm text-stone-300"
    >
      <h2 id="points-heading" className="mb-3 text-xl font-semibold text-gold-300">
        How Siege Points Are Earned
      </h2>
      <ul className="space-y-2">
        <li>
          <span className="font-medium text-stone-100">Event placements:</span> {EVENT_POINTS.first} points
          for 1st place, {EVENT_POINTS.second} for 2nd and {EVENT_POINTS.third} for 3rd.
        </li>
        <li>
          <span className="font-medium text-stone-100">Participation:</span> {EVENT_POINTS.participation}{' '}
          points for taking part (making progress) without placing in the top three.
        </li>
        <li>
          <span className="font-medium text-stone-100">Short events (1 to 2 hours):</span>{' '}
          {EVENT_POINTS.participation} points for every participant.
        </li>
        <li>
          <span className="font-medium text-stone-100">Admin awards:</span> {listOf(MANUAL_POINT_INCREMENTS)}{' '}
          points from the clan staff for helping out, hosting and other contributions.
        </li>
      </ul>
      <p className="mt-3 text-stone-400">
        Event Wins counts the Wise Old Man competitions each member won; members tied for first place each get
        the win.
      </p>
    </section>
  );
}
