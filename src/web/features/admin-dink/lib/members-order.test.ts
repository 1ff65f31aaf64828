import { describe, expect, it } from 'vitest';
import type { AdminDink } from '#core/dink/dink.schema.ts';
import { byLastPost } from './members-order.ts';

const member = (player_name: string, last_post_at: string | null): AdminDink['members'][number] => ({
  wom_id: player_name,
  player_name,
  username: player_name.toLowerCase(),
  connected: true,
  bound: last_post_at !== null,
  share_public: true,
  posts: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  last_post_at,
});

describe('byLastPost', () => {
  it('puts the latest post first and those that never posted last, by name', () => {
    const ordered = byLastPost([
      member('Quiet', null),
      member('Old', '2026-11-01T10:00:00.000Z'),
      member('Alpha', null),
      member('New', '2026-11-27T10:00:00.000Z'),
      member('Also New', '2026-11-27T10:00:00.000Z'),
    ]);
    expect(ordered.map((m) => m.player_name)).toEqual(['Also New', 'New', 'Old', 'Alpha', 'Quiet']);
  });
});
