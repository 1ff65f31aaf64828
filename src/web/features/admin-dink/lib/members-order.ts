import type { AdminDink } from '#core/dink/dink.schema.ts';

type DinkMember = AdminDink['members'][number];

/** Latest post first, those that never posted last; ties by player name. */
export function byLastPost(members: readonly DinkMember[]): DinkMember[] {
  const time = (member: DinkMember) =>
    member.last_post_at === null ? -Infinity : new Date(member.last_post_at).getTime();
  return [...members].sort((a, b) => time(b) - time(a) || a.player_name.localeCompare(b.player_name));
}
