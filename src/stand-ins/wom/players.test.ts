import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, post } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type {
  AchievementJson,
  CompetitionDetailsJson,
  CompetitionJson,
  ErrorJson,
  GroupDetailsJson,
  PlayerDetailsJson,
} from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';

describe('player endpoints and world edits', () => {
  let simulator: WomSimulator;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = manualClock(NOW);
    simulator = await startSimulator({ clock, members: 60 });
  });
  afterEach(() => simulator.close());

  const details = () =>
    call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`).then((r) => r.body);
  const player = (name: string) =>
    call<PlayerDetailsJson>(`${simulator.url}/players/${encodeURIComponent(name)}`);
  const tracked = async () => {
    const members = (await details()).memberships.filter(
      (membership) => membership.player.updatedAt !== null,
    );
    const spaced = members.find((membership) => membership.player.displayName.includes(' '));
    if (spaced === undefined) throw new Error('no member with a space in the name');
    return spaced.player;
  };

  it('finds a player by any spelling of the name, and by id', async () => {
    const target = await tracked();
    const spellings = [
      target.displayName,
      target.displayName.toUpperCase().replace(/ /g, '_'),
      target.displayName.toLowerCase().replace(/ /g, '-'),
      ` ${target.username} `,
    ];
    for (const spelling of spellings) {
      const { status, body } = await player(spelling);
      expect([status, body.id, body.displayName]).toEqual([200, target.id, target.displayName]);
    }
    const byId = await call<PlayerDetailsJson>(`${simulator.url}/players/id/${target.id}`);
    expect(byId.body.username).toBe(target.username);
    expect(byId.body.latestSnapshot?.playerId).toBe(target.id);
    expect(byId.body).toMatchObject({ archive: null, annotations: [] });
    expect(byId.body.combatLevel).toBeGreaterThanOrEqual(3);
  });

  it('answers PLAYER_NOT_FOUND for unknown names and ids, and 400 for a bad id', async () => {
    expect((await player('Nobody Here')).text).toBe(
      '{"code":"PLAYER_NOT_FOUND","message":"Player not found"}',
    );
    expect((await call<ErrorJson>(`${simulator.url}/players/id/1`)).status).toBe(404);
    expect((await call<ErrorJson>(`${simulator.url}/players/id/abc`)).body.message).toBe(
      "Parameter 'id' is not a valid number.",
    );
  });

  it('shows a never-updated member as unknown, without a snapshot', async () => {
    const untracked = (await details()).memberships.find(
      (membership) => membership.player.updatedAt === null,
    );
    if (untracked === undefined) throw new Error('no never-updated member');
    const { body } = await call<PlayerDetailsJson>(`${simulator.url}/players/id/${untracked.playerId}`);
    expect(body).toMatchObject({
      type: 'unknown',
      exp: 0,
      ehb: 0,
      combatLevel: 3,
      latestSnapshot: null,
      updatedAt: null,
    });
  });

  it('names a handful of rank-and-file members, the same for the same seed, as alts', async () => {
    const alts = simulator.altIds();
    expect(alts).toHaveLength(3);
    const memberships = (await details()).memberships;
    const staff = new Set(['owner', 'deputy_owner', 'general', 'captain', 'maxed']);
    for (const id of alts) {
      const membership = memberships.find((entry) => entry.playerId === id);
      expect(membership?.player.updatedAt).not.toBeNull();
      expect(staff.has(membership?.role ?? 'owner')).toBe(false);
    }
    const twin = await startSimulator({ clock, members: 60 });
    const otherSeed = await startSimulator({ clock, members: 60, seed: 2 });
    try {
      expect(twin.altIds()).toEqual(alts);
      expect(otherSeed.altIds()).not.toEqual(alts);
    } finally {
      await twin.close();
      await otherSeed.close();
    }
  });

  it('knows the non-members who only take part in competitions', async () => {
    const members = new Set(simulator.memberIds());
    const competitions = (
      await call<CompetitionJson[]>(`${simulator.url}/groups/${simulator.groupId}/competitions`)
    ).body;
    const first = competitions[0];
    if (first === undefined) throw new Error('no competitions');
    const { body } = await call<CompetitionDetailsJson>(`${simulator.url}/competitions/${first.id}`);
    const outsider = body.participations.find((participation) => !members.has(participation.playerId));
    if (outsider === undefined) throw new Error('no outsider');
    expect((await player(outsider.player.displayName)).status).toBe(200);
  });

  it('updates a player at most once a minute', async () => {
    const target = await tracked();
    const url = `${simulator.url}/players/${encodeURIComponent(target.displayName)}`;
    clock.advance(90_000);
    const first = await post<PlayerDetailsJson>(url);
    expect(first.status).toBe(200);
    expect(first.body.updatedAt).toBe(clock.now().toISOString());
    clock.advance(20_000);
    const second = await post<ErrorJson>(url);
    expect(second.status).toBe(429);
    expect(second.text).toBe('{"code":"PLAYER_IS_RATE_LIMITED","message":"Player was updated too recently"}');
    expect(second.headers.get('retry-after')).toBe('40');
    expect(second.headers.get('ratelimit-limit')).toBe('1');
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    expect(second.headers.get('ratelimit-reset')).toBe('40');
    clock.advance(41_000);
    expect((await post<PlayerDetailsJson>(url)).status).toBe(200);
  });

  it('tracks a name it has never seen with 201, then serves it', async () => {
    const created = await post<PlayerDetailsJson>(`${simulator.url}/players/New_Kid%20Here`);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'new kid here', displayName: 'New Kid Here' });
    expect(created.body.latestSnapshot).not.toBeNull();
    const again = await player('NEW KID-HERE');
    expect([again.status, again.body.id]).toEqual([200, created.body.id]);
    const tooLong = await post<ErrorJson>(`${simulator.url}/players/ThisNameIsWayTooLong`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      code: 'INVALID_USERNAME',
      subError: { code: 'USERNAME_TOO_LONG' },
      message: 'Invalid username',
    });
  });

  it('renames a player: the old name stops resolving, the id stays', async () => {
    const target = await tracked();
    simulator.renamePlayer(target.id, 'Fresh Start');
    expect((await player(target.displayName)).text).toBe(
      '{"code":"PLAYER_NOT_FOUND","message":"Player not found"}',
    );
    const renamed = await player('FRESH_START');
    expect(renamed.body).toMatchObject({
      id: target.id,
      username: 'fresh start',
      displayName: 'Fresh Start',
    });
    const membership = (await details()).memberships.find((entry) => entry.playerId === target.id);
    expect(membership?.player.displayName).toBe('Fresh Start');
    expect(() => simulator.renamePlayer(target.id, 'x'.repeat(13))).toThrow();
  });

  it('removes a member from the group and restores them with their role', async () => {
    const before = await details();
    const leaving = before.memberships.find((membership) => membership.role === 'captain');
    if (leaving === undefined) throw new Error('no captain');
    simulator.removeMember(leaving.playerId);
    const without = await details();
    expect(without.memberCount).toBe(before.memberCount - 1);
    expect(without.memberships.map((membership) => membership.playerId)).not.toContain(leaving.playerId);
    expect(simulator.memberIds()).not.toContain(leaving.playerId);
    expect((await call<PlayerDetailsJson>(`${simulator.url}/players/id/${leaving.playerId}`)).status).toBe(
      200,
    );
    const achievements = (
      await call<AchievementJson[]>(`${simulator.url}/groups/${simulator.groupId}/achievements?limit=50`)
    ).body;
    expect(achievements.map((achievement) => achievement.playerId)).not.toContain(leaving.playerId);

    clock.advance(60_000);
    simulator.restoreMember(leaving.playerId);
    const back = (await details()).memberships.find((membership) => membership.playerId === leaving.playerId);
    expect(back).toMatchObject({ role: 'captain', createdAt: clock.now().toISOString() });
    expect(simulator.memberIds().at(-1)).toBe(leaving.playerId);
  });

  it('changes a role and adds experience', async () => {
    const target = await tracked();
    simulator.setRole(target.id, 'zenyte');
    const membership = (await details()).memberships.find((entry) => entry.playerId === target.id);
    expect(membership?.role).toBe('zenyte');
    expect(membership?.updatedAt).toBe(NOW);
    expect(() => simulator.setRole(target.id, 'pvm_organizer')).toThrow();

    const before = (await player(target.displayName)).body;
    clock.advance(5_000);
    simulator.gainExperience(target.id, 'fishing', 1_000);
    const after = (await player(target.displayName)).body;
    const fishing = (body: PlayerDetailsJson) => body.latestSnapshot?.data.skills.fishing.experience ?? 0;
    expect(fishing(after)).toBeGreaterThanOrEqual(fishing(before) + 1_000);
    expect(after.updatedAt).toBe(clock.now().toISOString());
    expect(() => simulator.gainExperience(target.id, 'overall', 5)).toThrow();
  });
});

describe("the clan's own renames", () => {
  const DAY = 86_400_000;
  const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();
  const names = async (simulator: WomSimulator) =>
    new Map(
      (await call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`)).body.memberships.map(
        (membership) => [membership.playerId, membership.player.displayName] as const,
      ),
    );
  const renamedBetween = (before: Map<number, string>, after: Map<number, string>) =>
    [...before].filter(([id, name]) => after.get(id) !== name).map(([id]) => id);

  /** The group's names a month back, at the epoch and four days on, as three syncs would see them. */
  async function namesOverTime(seed: number) {
    const clock = manualClock(NOW);
    const simulator = await startSimulator({ clock, members: 150, seed });
    try {
      clock.set(at(-30 * DAY));
      const monthAgo = await names(simulator);
      clock.set(NOW);
      const now = await names(simulator);
      clock.set(at(4 * DAY));
      const later = await names(simulator);
      return { monthAgo, now, later };
    } finally {
      await simulator.close();
    }
  }

  it('renames a few members by the seed: some in the last month, some hours after the epoch', async () => {
    const { monthAgo, now, later } = await namesOverTime(1);
    const past = renamedBetween(monthAgo, now);
    const coming = renamedBetween(now, later);
    expect(past.length).toBeGreaterThanOrEqual(1);
    expect(coming.length).toBeGreaterThanOrEqual(1);
    // About one member in fifty, each renamed once.
    expect(past.length + coming.length).toBe(3);
    expect(past.filter((id) => coming.includes(id))).toEqual([]);
    expect(renamedBetween(monthAgo, later).sort()).toEqual([...past, ...coming].sort());

    const twin = await namesOverTime(1);
    expect(renamedBetween(twin.monthAgo, twin.later).sort()).toEqual([...past, ...coming].sort());
    expect(twin.later).toEqual(later);
    const other = await namesOverTime(2);
    expect(renamedBetween(other.monthAgo, other.later).sort()).not.toEqual([...past, ...coming].sort());
  });

  it('changes the name between two snapshots: the id and stats stay, the old name stops resolving', async () => {
    const clock = manualClock(NOW);
    const simulator = await startSimulator({ clock, members: 150 });
    try {
      const before = await names(simulator);
      clock.set(at(4 * DAY));
      const after = await names(simulator);
      const [id] = renamedBetween(before, after);
      if (id === undefined) throw new Error('no rename after the epoch');
      const oldName = before.get(id) ?? '';
      const newName = after.get(id) ?? '';

      clock.set(NOW);
      const old = await call<PlayerDetailsJson>(`${simulator.url}/players/${encodeURIComponent(oldName)}`);
      expect([old.status, old.body.id]).toEqual([200, id]);
      clock.set(at(4 * DAY));
      expect((await call<ErrorJson>(`${simulator.url}/players/${encodeURIComponent(oldName)}`)).status).toBe(
        404,
      );
      const renamed = await call<PlayerDetailsJson>(
        `${simulator.url}/players/${encodeURIComponent(newName)}`,
      );
      expect(renamed.body).toMatchObject({ id, displayName: newName, username: newName.toLowerCase() });
      const beforeSnapshot = Date.parse(old.body.latestSnapshot?.createdAt ?? '');
      const afterSnapshot = Date.parse(renamed.body.latestSnapshot?.createdAt ?? '');
      expect(afterSnapshot).toBeGreaterThan(beforeSnapshot);

      // A test's own rename wins over the schedule.
      simulator.renamePlayer(id, 'Fresh Start');
      clock.set(NOW);
      expect((await names(simulator)).get(id)).toBe('Fresh Start');
    } finally {
      await simulator.close();
    }
  });

  it('leaves tiny clans and the members the player-watch list names as they were', async () => {
    const clock = manualClock(NOW);
    const tiny = await startSimulator({ clock, members: 9 });
    try {
      clock.set(at(-30 * DAY));
      const monthAgo = await names(tiny);
      clock.set(at(4 * DAY));
      expect(renamedBetween(monthAgo, await names(tiny))).toEqual([]);
    } finally {
      await tiny.close();
    }
    const { monthAgo, later } = await namesOverTime(1);
    const simulator = await startSimulator({ clock: manualClock(NOW), members: 150 });
    try {
      const list = (await call<Array<{ accused_rsn: string }>>(`${simulator.origin}/player-watch.json`)).body;
      const accused = new Set(list.map((entry) => entry.accused_rsn.replace(/[-_\s]/g, ' ').toLowerCase()));
      for (const id of renamedBetween(monthAgo, later)) {
        expect(accused.has((monthAgo.get(id) ?? '').toLowerCase())).toBe(false);
        expect(accused.has((later.get(id) ?? '').toLowerCase())).toBe(false);
      }
    } finally {
      await simulator.close();
    }
  });
});
