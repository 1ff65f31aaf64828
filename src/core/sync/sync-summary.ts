/** The counts a WOM sync run records (wom-sync.service.ts), as it names them. */
export type SyncCounts = Readonly<Record<string, number>>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * One readable line for a finished sync, for the server's log: the clan's size, what changed, and
 * what it cost in WOM requests and time. Changes that did not happen are left out.
 */
export function syncSummaryLine(counts: SyncCounts, womRequests: number, durationMs: number): string {
  const n = (key: string) => counts[key] ?? 0;
  const roster = [
    [n('inserted'), 'joined'],
    [n('left'), 'left'],
    [n('returned'), 'returned'],
    [n('renamed'), 'renamed'],
    [n('updated'), 'updated'],
  ]
    .filter(([count]) => count !== 0)
    .map(([count, what]) => `${count} ${what}`);
  const changes = [
    n('snapshots') > 0 ? plural(n('snapshots'), 'new snapshot') : null,
    n('achievements') > 0 ? plural(n('achievements'), 'new achievement') : null,
    n('events') > 0 ? plural(n('events'), 'event') + ' changed' : null,
    n('results') > 0 ? plural(n('results'), 'result') + ' booked' : null,
  ].filter((part) => part !== null);
  const members = `${plural(n('members'), 'member')}${roster.length > 0 ? ` (${roster.join(', ')})` : ''}`;
  const what = [members, ...(changes.length > 0 ? changes : ['nothing else changed'])].join(', ');
  return `WOM sync: ${what}; ${plural(womRequests, 'WOM request')} in ${(durationMs / 1000).toFixed(1)} s`;
}
