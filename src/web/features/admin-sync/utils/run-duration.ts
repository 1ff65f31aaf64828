/** How long a run took, as '45 s', '3 min 05 s' or '2 h 01 min'; null while it has not finished. */
export function runDuration(startedAt: string, finishedAt: string | null): string | null {
  if (finishedAt === null) return null;
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (minutes < 60) return `${minutes} min ${pad(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
}
