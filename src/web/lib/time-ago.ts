const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/**
 * How long ago something was, as a person says it: 'just now', '5 minutes ago', 'yesterday', 'last
 * week'. A clock a little ahead of the viewer's still reads 'just now', never 'in 2 minutes'.
 */
export function formatTimeAgo(iso: string, now: Date): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '-';
  const elapsed = Math.max(0, now.getTime() - at);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}
