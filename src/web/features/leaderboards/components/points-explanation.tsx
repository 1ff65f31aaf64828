import type { ClanPoints } from '#core/clan/rank-ladder.schema.ts';

function listOf(values: readonly number[]): string {
  return values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** How siege points and event wins are earned, from the clan's point values that award them (spec §9). */
export function PointsExplanation({ points }: { points: ClanPoints }) {
  const [first, second, third, others] = points.placements;
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
          <span className="font-medium text-stone-100">Event placements:</span> {first} points for 1st place,{' '}
          {second} for 2nd and {third} for 3rd.
        </li>
        <li>
          <span className="font-medium text-stone-100">Participation:</span> {others} points for taking part
          (making progress) without placing in the top three.
        </li>
        <li>
          <span className="font-medium text-stone-100">Short events (1 to 2 hours):</span> {points.short}{' '}
          points for every participant.
        </li>
        <li>
          <span className="font-medium text-stone-100">Admin awards:</span> {listOf(points.buttons)} points
          from the clan staff for helping out, hosting and other contributions.
        </li>
      </ul>
      <p className="mt-3 text-stone-400">
        Event Wins counts the Wise Old Man competitions each member won; members tied for first place each get
        the win.
      </p>
    </section>
  );
}
