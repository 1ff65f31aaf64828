import type { News } from './news.ts';

/**
 * How long news of a gathering kind waits for more of its kind before it is sent: applying 20 rank
 * changes, one request each, posted 20 messages "1 rank change" (issue 29); now the changes queued
 * within a minute of the first go out as one.
 */
export const GATHER_MS = 60_000;

type RankChange = Extract<News, { kind: 'rank_changed' }>['changes'][number];

/** Whether news of this kind waits `GATHER_MS` for more of its kind, to go out as one message. */
export function gathers(kind: News['kind']): boolean {
  return kind === 'rank_changed';
}

/**
 * The one message for gathered news still waiting (`queued`) and news of its kind after it, or null
 * when the two do not gather. Each member is listed once, from the rank they had before the first
 * change to the rank after the last, in the order they were first changed; a member set back to the
 * rank they had is left out, so the result may list nobody.
 */
export function gatheredNews(queued: News, next: News): News | null {
  if (queued.kind !== 'rank_changed' || next.kind !== 'rank_changed') return null;
  const byMember = new Map<string, RankChange>();
  for (const change of [...queued.changes, ...next.changes]) {
    const earlier = byMember.get(change.wom_id);
    byMember.set(change.wom_id, earlier ? { ...change, from: earlier.from } : change);
  }
  return {
    kind: 'rank_changed',
    changes: [...byMember.values()].filter((change) => change.from !== change.to),
  };
}

/** Whether gathered news has nothing left to say (every change in it was undone). */
export function saysNothing(news: News): boolean {
  return news.kind === 'rank_changed' && news.changes.length === 0;
}
