import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';

const NOW = '2026-12-01T12:00:00.000Z';
const nowSeconds = () => String(Math.floor(Date.parse(NOW) / 1000));

/** A Discord application's key pair, its public half as the developer portal shows it (hex). */
function applicationKeys(): { privateKey: KeyObject; publicHex: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, publicHex: Buffer.from(jwk.x ?? '', 'base64url').toString('hex') };
}

for (const dialect of testDialects) {
  describe(`${dialect}: slash commands over HTTP`, () => {
    let t: TestApp;
    const keys = applicationKeys();
    const stranger = applicationKeys();

    beforeAll(async () => {
      t = await createTestApp(dialect, {
        clock: createManualClock(NOW),
        env: { DISCORD_PUBLIC_KEY: keys.publicHex, PUBLIC_URL: 'https://clan.example' },
      });
      await addMember(t, '101', 'Zezima');
      await addMember(t, '102', 'Lynx Titan');
      await addMember(t, '103', 'Iron Bob');
      for (const [womId, score] of [
        ['101', 120],
        ['102', 300],
        ['103', 120],
      ] as const)
        await t.database.db
          .updateTable('members')
          .set({ siege_score: score })
          .where('wom_id', '=', womId)
          .execute();
    });
    afterAll(async () => t.close());

    /** Sends an interaction as Discord does: signed over the timestamp and the exact body. */
    const send = (
      body: object,
      options: { key?: KeyObject; timestamp?: string; signature?: string | null } = {},
    ) => {
      const text = JSON.stringify(body);
      const timestamp = options.timestamp ?? nowSeconds();
      const signature =
        options.signature === undefined
          ? sign(null, Buffer.from(timestamp + text), options.key ?? keys.privateKey).toString('hex')
          : options.signature;
      return t.app.inject({
        method: 'POST',
        url: '/api/discord/interactions',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': timestamp,
          ...(signature === null ? {} : { 'x-signature-ed25519': signature }),
        },
        payload: text,
      });
    };
    const command = (name: string, player?: string) => ({
      type: 2,
      data: {
        name,
        ...(player === undefined ? {} : { options: [{ name: 'player', type: 3, value: player }] }),
      },
    });

    it('answers a signed PING with PONG, and refuses one unsigned, wrongly signed, altered or stale', async () => {
      const pong = await send({ type: 1 });
      expect(pong.statusCode).toBe(200);
      expect(pong.json()).toEqual({ type: 1 });
      expect((await send({ type: 1 }, { signature: null })).statusCode).toBe(401);
      expect((await send({ type: 1 }, { key: stranger.privateKey })).statusCode).toBe(401);
      expect((await send({ type: 1 }, { signature: 'ab'.repeat(64) })).statusCode).toBe(401);
      const stale = String(Math.floor(Date.parse(NOW) / 1000) - 301);
      expect((await send({ type: 1 }, { timestamp: stale })).statusCode).toBe(401);
      // The signature covers the exact bytes: the same signature on another body fails.
      const signed = sign(
        null,
        Buffer.from(nowSeconds() + JSON.stringify({ type: 1 })),
        keys.privateKey,
      ).toString('hex');
      const altered = await t.app.inject({
        method: 'POST',
        url: '/api/discord/interactions',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': nowSeconds(),
          'x-signature-ed25519': signed,
        },
        payload: JSON.stringify({ type: 1, extra: true }),
      });
      expect(altered.statusCode).toBe(401);
    });

    it("answers /points with the player's siege score and place, never pinging anyone", async () => {
      const response = await send(command('points', 'zezima'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        type: 4,
        data: {
          content: '[Zezima](https://clan.example/members/101) has 120 siege points, 2nd in the clan.',
          allowed_mentions: { parse: [] },
        },
      });
      const unknown = await send(command('points', '@everyone'));
      expect(unknown.json()).toMatchObject({
        type: 4,
        data: { content: 'No clan member is named @everyone.', flags: 64, allowed_mentions: { parse: [] } },
      });
      expect((await send(command('points'))).json()).toMatchObject({ data: { flags: 64 } });
    });

    it('lists the siege leaders with ties sharing a place, and links a player with /whois', async () => {
      const leaders = (await send(command('leaderboard'))).json<{ data: { content: string } }>();
      expect(leaders.data.content.split('\n')).toEqual([
        '**Siege score leaders**',
        '1. [Lynx Titan](https://clan.example/members/102) — 300',
        '2. [Iron Bob](https://clan.example/members/103) — 120',
        '2. [Zezima](https://clan.example/members/101) — 120',
      ]);
      expect((await send(command('whois', 'Iron Bob'))).json()).toMatchObject({
        data: { content: 'Iron Bob: https://clan.example/members/103' },
      });
    });

    it("tells a player's rank, the running and next events, and the running bingo boards' standings", async () => {
      const rank = (await send(command('rank', 'Lynx Titan'))).json<{ data: { content: string } }>();
      expect(rank.data.content).toMatch(/^\[Lynx Titan\]\(https:\/\/clan\.example\/members\/102\) is /);
      const none = (await send(command('events'))).json<{ data: { content: string } }>();
      expect(none.data.content).toBe('No event is running or planned.');
      for (const [name, start, end] of [
        ['Skill of the Week', '2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z'],
        ['Boss of the Week', '2026-12-07T00:00:00.000Z', '2026-12-14T00:00:00.000Z'],
      ] as const)
        await t.database.db
          .insertInto('events')
          .values({
            name,
            type: 'Weekly',
            start_date: start,
            end_date: end,
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
      const events = (await send(command('events'))).json<{ data: { content: string } }>();
      expect(events.data.content.split('\n')).toEqual([
        `Running: **Skill of the Week**, ends <t:${Date.parse('2026-12-07T00:00:00.000Z') / 1000}:R>`,
        `Next: **Boss of the Week**, starts <t:${Date.parse('2026-12-07T00:00:00.000Z') / 1000}:R>`,
        'https://clan.example/events',
      ]);
      expect((await send(command('bingo'))).json()).toMatchObject({
        data: { content: 'No bingo board is running.' },
      });
      const board = await t.database.db
        .insertInto('bingo_boards')
        .values({
          title: 'Winter bingo',
          description: '',
          starts_at: '2026-11-30T00:00:00.000Z',
          ends_at: '2026-12-07T00:00:00.000Z',
          size: 3,
          codeword: null,
          review: 'auto',
          bonuses: JSON.stringify({ row: 0, column: 0, diagonal: 0, board: 0 }),
          created_by: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of ['Red', 'Blue'])
        await t.database.db.insertInto('bingo_teams').values({ board_id: board.id, name }).execute();
      const bingo = (await send(command('bingo'))).json<{ data: { content: string } }>();
      expect(bingo.data.content.split('\n')).toEqual([
        `**Winter bingo** https://clan.example/bingo/${board.id}`,
        'Blue — 0',
        'Red — 0',
      ]);
    });

    it('refuses a body that is not an interaction, even signed', async () => {
      expect((await send({ nonsense: true })).statusCode).toBe(400);
    });
  });
}

describe('slash commands on a site without a Discord application', () => {
  it('refuses every interaction: nothing can be verified', async () => {
    const t = await createTestApp('sqlite');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 1 }),
    });
    expect(response.statusCode).toBe(401);
    await t.close();
  });
});
