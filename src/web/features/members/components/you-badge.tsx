/** Marks a character the signed-in user has claimed; screen readers hear what the badge means. */
export function YouBadge() {
  return (
    <span className="rounded border border-gold-400/60 bg-gold-400/15 px-1.5 py-0.5 text-xs font-semibold text-gold-300">
      You <span className="sr-only">(your character)</span>
    </span>
  );
}
