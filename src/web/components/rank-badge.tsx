/** Gold, silver and bronze for the podium places. */
const PODIUM_COLOURS: Readonly<Record<number, string>> = {
  1: 'bg-gold-400 text-stone-950',
  2: 'bg-stone-300 text-stone-950',
  3: 'bg-amber-700 text-stone-50',
};

/** A board's place number, in the podium's colour for the first three. */
export function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={`inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-sm font-semibold ${
        PODIUM_COLOURS[rank] ?? 'bg-stone-800 text-stone-200'
      }`}
    >
      {rank}
    </span>
  );
}
