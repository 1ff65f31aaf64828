import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCheck } from '#core/sync/connection-check.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { RECORDED_GROUP_ID, recordedJson, startRecordedWom, type RecordedWom } from '#test/recorded-wom.ts';

let wom: RecordedWom;
beforeAll(async () => {
  wom = await startRecordedWom();
});
afterAll(async () => wom.close());

for (const dialect of testDialects) {
  describe(`${dialect}: POST /api/admin/sync/check`, () => {
    let t: TestApp;
    afterEach(async () => t.close());

    async function checkAs(app: TestApp, username = 'leader') {
      const cookie = await loginAs(app, username);
      return app.app.inject({ method: 'POST', url: '/api/admin/sync/check', headers: { cookie } });
    }

    it("reports the group, WOM's rate-limit headers and every endpoint the sync reads", async () => {
      wom.moment = 'first-sync';
      t = await createTestApp(dialect, { wom: { url: `${wom.url}/v2`, groupId: RECORDED_GROUP_ID } });
      await createUser(t, 'leader', { admin: true });
      const response = await checkAs(t);
      expect(response.statusCode).toBe(200);
      const check = response.json<ConnectionCheck>();
      const group = recordedJson<{ name: string; memberships: unknown[] }>('group-details.first-sync.json');
      expect(check).toMatchObject({
        base_url: `${wom.url}/v2`,
        group_id: RECORDED_GROUP_ID,
        group_name: group.name,
        members: group.memberships.length,
        rate_limit: { limit: 20, reset: 60 },
      });
      expect(check.rate_limit.remaining).toEqual(expect.any(Number));
      expect(check.endpoints.map((endpoint) => endpoint.path)).toEqual([
        '/groups/1',
        '/groups/1/bulk-hiscores',
        '/groups/1/statistics',
        '/groups/1/competitions',
        '/groups/1/achievements?limit=50&offset=0',
        '/competitions/4',
        '/players/id/1',
      ]);
      const [player, ...others] = [...check.endpoints].reverse();
      expect(others.every((e) => e.status === 200 && e.parsed && e.error === null)).toBe(true);
      // Only players 6 and 31 were recorded: the replay answers for player 1 as WOM does for one it lacks.
      expect(player).toMatchObject({
        status: 404,
        parsed: false,
        error: 'WOM answered 404: Player not found',
      });
    });

    it('says which request failed when the group is not there, without failing itself', async () => {
      t = await createTestApp(dialect, { wom: { url: wom.url, groupId: 999 } });
      await createUser(t, 'leader', { admin: true });
      const check = (await checkAs(t)).json<ConnectionCheck>();
      expect(check).toMatchObject({ group_id: 999, group_name: null, members: null });
      expect(check.endpoints[0]).toEqual({
        path: '/groups/999',
        status: 404,
        parsed: false,
        error: 'WOM answered 404: Group not found.',
      });
    });

    it('reports WOM as unreachable when nothing answers', async () => {
      t = await createTestApp(dialect, { wom: { url: 'http://127.0.0.1:9', groupId: RECORDED_GROUP_ID } });
      await createUser(t, 'leader', { admin: true });
      const check = (await checkAs(t)).json<ConnectionCheck>();
      expect(check.group_name).toBeNull();
      expect(check.rate_limit).toEqual({ limit: null, remaining: null, reset: null });
      expect(
        check.endpoints.every(
          (e) => e.status === null && !e.parsed && e.error?.includes('Could not reach WOM'),
        ),
      ).toBe(true);
    });

    it('lets an admin check twice a minute, then answers 429 without asking WOM', async () => {
      t = await createTestApp(dialect, { wom: { url: wom.url, groupId: RECORDED_GROUP_ID } });
      await createUser(t, 'leader', { admin: true });
      expect((await checkAs(t)).statusCode).toBe(200);
      expect((await checkAs(t)).statusCode).toBe(200);
      const asked = wom.requests.length;
      const third = await checkAs(t);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(wom.requests.length).toBe(asked);
    });
  });
}
