const UNITS = [
  { name: 'day', ms: 86_400_000 },
  { name: 'hour', ms: 3_600_000 },
  { name: 'minute', ms: 60_000 },
] as const;

/** `3 hours ago`: how long ago something happened, in the largest whole unit, as a terminal shows it. */
export function formatAge(ms: number): string {
  for (const unit of UNITS) {
    const count = Math.floor(ms / unit.ms);
    if (count >= 1) return `${count} ${unit.name}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
