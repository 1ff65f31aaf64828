import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type TestApp } from '#test/app.ts';
import { createAppWithClanHistory } from '#test/clan-history.ts';
import { testDialects } from '#test/databases.ts';
import type { WomCompetitionItem, WomGroup, WomGroupStats } from '#core/wom/wom-data.schema.ts';
import type { WomSimulator } from '#stand-ins/wom/index.ts';
import type { BulkHiscoresRow } from '#stand-ins/wom/wom-shapes.ts';
import { bumpRevision } from '../../db/revisions.ts';

const START = '2026-11-21T12:00:00.000Z';

type Visibility = { hidden: true } | { deleted_at: string } | { left_at: string };
const HIDDEN: Visibility = { hidden: true };
const DELETED: Visibility = { deleted_at: START };
const LEFT: Visibility = { left_at: START };

for (const dialect of testDialects) {
  describe(`${dialect}: hidden, deleted and left members on the WOM data API`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const json = async <T>(url: string): Promise<T> => (await get(url)).json<T>();

    /** As an admin's edit would: the change, then the roster's revision (decision 007). */
    async function makeInvisible(womId: number, change: Visibility, bump = true) {
      await t.database.db.updateTable('members').set(change).where('wom_id', '=', String(womId)).execute();
      if (bump) await bumpRevision(t.database.db, 'members');
    }

    beforeAll(async () => {
      ({ t, simulator } = await createAppWithClanHistory(dialect, clock, START));
    });
    afterEach(async () => {
      await t.database.db
        .updateTable('members')
        .set({ hidden: false, deleted_at: null, left_at: null })
        .execute();
      await bumpRevision(t.database.db, 'members');
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('leaves hidden, deleted and left members out of the group, and out of its member count', async () => {
      const before = await json<WomGroup>('/api/wom-group');
      expect(before.memberships).toHaveLength(25);
      const [a, b, c] = before.memberships.slice(3).map((m) => m.playerId);
      await makeInvisible(a!, HIDDEN);
      await makeInvisible(b!, DELETED);
      await makeInvisible(c!, LEFT);
      const after = await json<WomGroup>('/api/wom-group');
      expect(after.memberships.map((m) => m.playerId)).toEqual(
        before.memberships.map((m) => m.playerId).filter((id) => ![a, b, c].includes(id)),
      );
      expect(after.memberCount).toBe(before.memberCount - 3);
      expect(Object.keys(after)).toEqual(Object.keys(before));
    });

    it("leaves a hidden member's achievements out, still filling the page from the others", async () => {
      type Achievement = { player: { id: number } };
      const before = await json<Achievement[]>('/api/wom-group-achievements?limit=100');
      const achiever = before[0]!.player.id;
      const theirs = before.filter((a) => a.player.id === achiever).length;
      await makeInvisible(achiever, HIDDEN);
      const after = await json<Achievement[]>('/api/wom-group-achievements?limit=100');
      expect(after.map((a) => a.player.id)).not.toContain(achiever);
      // The others keep their order, and stored achievements beyond the first page fill the gap.
      const others = before.filter((a) => a.player.id !== achiever);
      expect(after.slice(0, others.length)).toEqual(others);
      expect(after.length).toBeGreaterThanOrEqual(others.length);
      if (before.length - theirs >= 10) {
        expect(await json<Achievement[]>('/api/wom-group-achievements')).toHaveLength(10);
      }
    });

    it("leaves a left member's standings out of competitions, the others keeping their order", async () => {
      const members = new Set(simulator.memberIds());
      const before = await json<WomCompetitionItem[]>('/api/wom-competitions');
      const competition = before.find((c) => c.participants?.some((p) => members.has(p.playerId)));
      if (!competition?.participants) throw new Error('no standings with a member');
      const leaver = competition.participants.find((p) => members.has(p.playerId))!.playerId;
      await makeInvisible(leaver, LEFT);
      const after = await json<WomCompetitionItem[]>('/api/wom-competitions');
      expect(after.find((c) => c.id === competition.id)?.participants).toEqual(
        competition.participants.filter((p) => p.playerId !== leaver),
      );
      for (const c of after) expect(c.participants?.map((p) => p.playerId) ?? []).not.toContain(leaver);
    });

    it('shows the best visible member instead of a hidden metric leader, from the stored snapshots', async () => {
      const before = await json<WomGroupStats>('/api/wom-group-stats');
      const hiscores = (await (
        await fetch(`${simulator.url}/groups/${simulator.groupId}/bulk-hiscores`)
      ).json()) as BulkHiscoresRow[];
      const ranked = (metric: string) =>
        hiscores
          .map((row) => ({ player: row.player, entry: row.data.data.bosses[metric as 'zulrah'] }))
          .filter((row) => row.entry.kills > -1)
          .sort((x, y) => y.entry.kills - x.entry.kills);
      // A boss whose runner-up is clear, so the expected leader does not depend on tie order.
      const metric = Object.keys(before.metricLeaders.bosses).find((m) => {
        const [first, second, third] = ranked(m);
        return (
          first &&
          second &&
          second.entry.kills < first.entry.kills &&
          second.entry.kills > (third?.entry.kills ?? -1)
        );
      });
      if (metric === undefined) throw new Error('no boss with a clear runner-up');
      const [leader, runnerUp] = ranked(metric);
      expect(before.metricLeaders.bosses[metric]?.player?.id).toBe(leader!.player.id);

      await makeInvisible(leader!.player.id, HIDDEN);
      const after = await json<WomGroupStats>('/api/wom-group-stats');
      expect(after.metricLeaders.bosses[metric]).toEqual({
        metric,
        kills: runnerUp!.entry.kills,
        rank: runnerUp!.entry.rank,
        player: { id: runnerUp!.player.id, displayName: runnerUp!.player.displayName },
      });
      const leaders = [
        ...Object.values(after.metricLeaders.bosses),
        ...Object.values(after.metricLeaders.activities),
      ];
      expect(leaders.map((l) => l.player?.id)).not.toContain(leader!.player.id);
      expect(Object.keys(after.metricLeaders.bosses)).toEqual(Object.keys(before.metricLeaders.bosses));
      expect(after.memberCount).toBe(before.memberCount - 1);
      // Metrics the hidden member did not lead keep WOM's leader.
      for (const [m, l] of Object.entries(before.metricLeaders.bosses))
        if (l.player?.id !== leader!.player.id) expect(after.metricLeaders.bosses[m]).toEqual(l);
    });

    it('hides a member at once even if the writer forgot to bump the revision', async () => {
      const group = await json<WomGroup>('/api/wom-group');
      const stats = await json<WomGroupStats>('/api/wom-group-stats');
      const leader = Object.values(stats.metricLeaders.bosses).find((l) => l.player)!.player!.id;
      const other = group.memberships.find((m) => m.playerId !== leader)!.playerId;
      await makeInvisible(other, HIDDEN, false);
      await makeInvisible(leader, DELETED, false);
      const after = await json<WomGroup>('/api/wom-group');
      expect(after.memberships.map((m) => m.playerId)).not.toContain(other);
      expect(after.memberships.map((m) => m.playerId)).not.toContain(leader);
      const afterStats = await get('/api/wom-group-stats');
      expect(afterStats.body).not.toContain(`"id":${leader},`);
    });

    it.each([
      ['/api/wom-group', (body: string) => (JSON.parse(body) as WomGroup).memberships[5]!.playerId],
      [
        '/api/wom-group-stats',
        (body: string) =>
          Object.values((JSON.parse(body) as WomGroupStats).metricLeaders.bosses).find((l) => l.player)!
            .player!.id,
      ],
      [
        '/api/wom-competitions',
        (body: string) =>
          (JSON.parse(body) as WomCompetitionItem[]).find((c) => c.participants?.length)!.participants![0]!
            .playerId,
      ],
      [
        '/api/wom-group-achievements',
        (body: string) => (JSON.parse(body) as Array<{ player: { id: number } }>)[0]!.player.id,
      ],
    ])(
      'changes the ETag of %s when a member it shows is hidden, and back when shown again',
      async (url, shown) => {
        const first = await get(url);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^".+"$/);
        expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

        await makeInvisible(shown(first.body), HIDDEN);
        const hidden = await get(url, { 'if-none-match': etag });
        expect(hidden.statusCode).toBe(200);
        expect(hidden.headers.etag).not.toBe(etag);
        expect((await get(url, { 'if-none-match': hidden.headers.etag as string })).statusCode).toBe(304);

        await t.database.db.updateTable('members').set({ hidden: false }).execute();
        await bumpRevision(t.database.db, 'members');
        const shownAgain = await get(url, { 'if-none-match': etag });
        expect(shownAgain.statusCode).toBe(304);
        expect(shownAgain.body).toBe('');
      },
    );
  });
}
