const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const STEPS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }> = [
  { unit: 'minute', seconds: 60, below: 60 },
  { unit: 'hour', seconds: 60 * 60, below: 24 },
  { unit: 'day', seconds: 24 * 60 * 60, below: 30 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60, below: 12 },
  { unit: 'year', seconds: 365 * 24 * 60 * 60, below: Infinity },
];

/**
 * How long before `now` a timestamp was, in its largest whole unit: '3 hours ago', 'yesterday'. A
 * moment under a minute old, or stamped ahead of this clock, is 'just now'.
 */
export function formatRelativeTime(value: string, now: Date): string {
  const seconds = (now.getTime() - new Date(value).getTime()) / 1000;
  if (Number.isNaN(seconds)) return '-';
  if (seconds < 60) return 'just now';
  for (const { unit, seconds: size, below } of STEPS) {
    const count = Math.floor(seconds / size);
    if (count < below) return relative.format(-count, unit);
  }
  return '-';
}
