import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { startServerProcess, stopServerProcess, until, type ServerProcess } from '#test/server-process.ts';
import { saveLinkToken } from './dink-links.repository.ts';
import { hashDinkToken, newDinkToken } from './dink-token.ts';
import { examplePayload } from './dink.testing.ts';

const POSTS = 40;
/** Answers after which the first server is killed, with later posts still in flight. */
const KILL_AFTER = 12;
const AT = '2026-11-01T00:00:00.000Z';

/** Forty distinct pets (so each is notable) and drops (so the loot board counts each once). */
function postBody(n: number): string {
  const base = examplePayload(n % 2 === 0 ? 'pet.json' : 'loot.json');
  return JSON.stringify({ ...base, content: `post ${n}` });
}

async function seedMemberWithAddress(database: TestDatabase): Promise<string> {
  const token = newDinkToken();
  await database.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ username: 'dinker', password_hash: 'x', created_at: AT, updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('members')
      .values({ wom_id: '42', name: 'Wise Rune', wom_name: 'wise rune', created_at: AT, updated_at: AT })
      .execute();
    await trx
      .insertInto('player_claims')
      .values({ user_id: user.id, wom_id: '42', claimed_at: AT })
      .execute();
    await saveLinkToken(trx, { womId: '42', userId: user.id, tokenHash: hashDinkToken(token), now: AT });
    // A bingo running through the test whose tile lists the drop: its events are written with the post.
    const board = await trx
      .insertInto('bingo_boards')
      .values({
        title: 'Crash bingo',
        description: '',
        starts_at: '2000-01-01T00:00:00.000Z',
        ends_at: '2100-01-01T00:00:00.000Z',
        size: 3,
        codeword: null,
        review: 'auto',
        bonuses: JSON.stringify({ row: 0, column: 0, diagonal: 0, board: 0 }),
        created_by: null,
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const team = await trx
      .insertInto('bingo_teams')
      .values({ board_id: board.id, name: 'Solo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('bingo_team_members')
      .values({ board_id: board.id, team_id: team.id, wom_id: '42' })
      .execute();
    await trx
      .insertInto('bingo_tiles')
      .values({
        board_id: board.id,
        row: 0,
        col: 0,
        title: 'Some items',
        icon: null,
        points: 1,
        goal: JSON.stringify({ type: 'item', items: ['Some item'], count: 1_000 }),
      })
      .execute();
  });
  return token;
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed while Dink posts arrive and become moments`, () => {
    let database: TestDatabase | undefined;
    const servers: ServerProcess[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
      await database?.destroy();
    });

    it('keeps every answered post, and after Dink retries the rest, each post is one moment and one bingo event', async () => {
      database = await createTestDatabase(dialect);
      const token = await seedMemberWithAddress(database);
      const env = {
        DATABASE_URL: database.url,
        // A group on an address where nothing listens: the WOM sync fails, which this test ignores.
        WOM_GROUP_ID: '1',
        WOM_BASE_URL: 'http://127.0.0.1:9/v2',
        DINK_PROCESS_INTERVAL_SECONDS: '1',
        JOB_LEASE_SECONDS: '2',
        // Every line the server writes, so the test can look for the address's secret in them.
        LOG_LEVEL: 'trace',
        LOG_FORMAT: 'json',
      };
      const send = (base: string, n: number) =>
        fetch(`${base}/api/dink/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: postBody(n),
        }).then(
          (response) => response.status,
          () => 0,
        );

      const first = await startServerProcess(env);
      servers.push(first);
      const answered = new Set<number>();
      let kill: () => void = () => undefined;
      const killed = new Promise<void>((resolve) => {
        kill = () => {
          first.child.kill('SIGKILL');
          resolve();
        };
      });
      const inFlight = Array.from({ length: POSTS }, (_, i) => i + 1).map(async (n) => {
        const status = await send(first.base, n);
        if (status === 202) answered.add(n);
        if (answered.size === KILL_AFTER) kill();
      });
      await Promise.all([killed, ...inFlight]);
      await stopServerProcess(first, 'SIGKILL');

      // Every post the server answered survived the kill.
      const kept = await database.db.selectFrom('dink_posts').select('payload').execute();
      const keptNumbers = new Set(kept.map((row) => Number(/post (\d+)/.exec(row.payload)![1])));
      for (const n of answered) expect(keptNumbers.has(n), `post ${n}`).toBe(true);

      // Dink retries whatever got no answer; a post that was answered may come again as well.
      const second = await startServerProcess(env);
      servers.push(second);
      for (let n = 1; n <= POSTS; n += 1) {
        const status = await send(second.base, n);
        expect([200, 202], `post ${n}`).toContain(status);
        expect(status === 200, `post ${n} known`).toBe(keptNumbers.has(n));
      }
      await until('every post is a moment', async () => {
        const row = await database!.db
          .selectFrom('dink_posts')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('processed_at', 'is', null)
          .executeTakeFirstOrThrow();
        return Number(row.count) === 0;
      });
      const moments = await database.db.selectFrom('dink_moments').select(['post_id', 'kind']).execute();
      expect(moments).toHaveLength(POSTS / 2);
      expect(moments.every((moment) => moment.kind === 'pet')).toBe(true);
      const loot = await database.db
        .selectFrom('dink_loot_totals')
        .select(['total_value', 'drops'])
        .execute();
      expect(loot).toEqual([{ total_value: (POSTS / 2) * 42_069, drops: POSTS / 2 }]);
      // Each drop counts once on the bingo tile too: none lost with the kill, none twice after it.
      const events = await database.db.selectFrom('bingo_tile_events').select('source_key').execute();
      expect(new Set(events.map((event) => event.source_key)).size).toBe(POSTS / 2);
      expect(events).toHaveLength(POSTS / 2);
      await stopServerProcess(second, 'SIGTERM');
      // The address is a secret: no log line of either process holds its token.
      expect(first.output()).toContain('Clan site ready');
      for (const server of [first, second]) expect(server.output()).not.toContain(token);
    }, 120_000);
  });
}
