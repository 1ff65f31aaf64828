import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClanEvent } from '#core/events/events.schema.ts';
import type { Leaderboards } from '#core/leaderboards/leaderboards.schema.ts';
import { createManualClock } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from '../../db/revisions.ts';

const START = '2026-11-21T12:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;

/**
 * The gains of a competition's clan members, in standings order: two tie for 1st, one is alone in
 * 3rd, two tie for 4th, one trails in 6th; every other participant gained nothing.
 */
const MEMBER_GAINS = [900, 900, 700, 500, 500, 300];

interface Participation {
  playerId: number;
  player: { displayName: string };
  progress: { start: number; end: number; gained: number };
}

interface TiedWom {
  url: string;
  /** Each competition's tied winners as served, by competition id. */
  winners: Map<number, Participation[]>;
  close(): Promise<void>;
}

const forwarded = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    ['user-agent', 'x-user-agent', 'x-api-key'].flatMap((name) => {
      const value = headers[name];
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  );

/** Gives the members of a competition MEMBER_GAINS and every other participant nothing. */
function withTiedGains(participations: Participation[], members: ReadonlySet<number>): Participation[] {
  let next = 0;
  return participations.map((participation) => {
    const gained = members.has(participation.playerId) ? (MEMBER_GAINS[next++] ?? 0) : 0;
    return { ...participation, progress: { ...participation.progress, gained } };
  });
}

/**
 * WOM as the simulator serves it, except that every competition is classic and its standings end in
 * the ties of MEMBER_GAINS: the simulator decides its own gains, and this test needs ties it knows.
 */
async function startTiedWom(simulator: WomSimulator): Promise<TiedWom> {
  const members = new Set(simulator.memberIds());
  const winners = new Map<number, Participation[]>();
  const server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '/';
      const upstream = await fetch(`${simulator.origin}${path}`, { headers: forwarded(request.headers) });
      let body = await upstream.text();
      const competition = /^\/v2\/competitions\/(\d+)$/.exec(path.split('?')[0] ?? '');
      if (competition && upstream.ok) {
        const details = JSON.parse(body) as { participations: Participation[] };
        const participations = withTiedGains(details.participations, members).map((p) => ({
          ...p,
          teamName: null,
        }));
        const top = participations.filter((p) => members.has(p.playerId)).slice(0, 2);
        winners.set(Number(competition[1]), top);
        // Ties of players: every competition is classic here (a team one is won by a team).
        body = JSON.stringify({ ...details, type: 'classic', participations });
      }
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      });
      response.end(body);
    })().catch(() => {
      // The sync sees WOM failing rather than a request that never ends.
      response.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    winners,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: ties in an event's standings`, () => {
    let simulator: WomSimulator;
    let wom: TiedWom;
    let t: DiscordTestApp;
    let results: string;
    const clock = createManualClock(START);

    beforeAll(async () => {
      simulator = await startSimulator({ members: 60, seed: 3, clock });
      wom = await startTiedWom(simulator);
      t = await createDiscordTestApp(dialect, { clock, wom: { url: wom.url, groupId: simulator.groupId } });
      results = (await t.addRoute(['competition_ended'])).webhookId;
      // The site sees the clan before its competitions end, so it books their results.
      for (const at of [new Date(Date.parse(START) - 40 * DAY).toISOString(), START]) {
        clock.set(at);
        expect((await t.sync()).outcome).toBe('succeeded');
      }
    });
    afterAll(async () => {
      await t.close();
      await wom.close();
      await simulator.close();
    });

    const bookedEvents = () =>
      t.database.db
        .selectFrom('events')
        .select(['id', 'wom_id', 'start_date', 'end_date'])
        .where('points_awarded_at', 'is not', null)
        .execute();

    const winnersOf = (womId: string | null): Participation[] => wom.winners.get(Number(womId)) ?? [];

    const getJson = async <T>(url: string): Promise<T> =>
      (await t.app.inject({ method: 'GET', url })).json<T>();

    it('books places 1, 1, 3, 4, 4, 6: 15 points to both tied for 1st and 5 to the member after them', async () => {
      const events = await bookedEvents();
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        const results = await t.database.db
          .selectFrom('event_results')
          .select(['placement', 'points', 'won'])
          .where('event_id', '=', event.id)
          .orderBy('placement')
          .execute();
        const hours = (Date.parse(event.end_date!) - Date.parse(event.start_date!)) / 3_600_000;
        const short = hours >= 1 && hours <= 2;
        expect(results.map((r) => [r.placement, r.points, Boolean(r.won)])).toEqual([
          [1, short ? 2 : 15, true],
          [1, short ? 2 : 15, true],
          [3, short ? 2 : 5, false],
          [4, 2, false],
          [4, 2, false],
          [6, 2, false],
        ]);
      }
    });

    it('names both tied winners on /api/events, winner_username still naming the first', async () => {
      const events = await getJson<ClanEvent[]>('/api/events');
      for (const booked of await bookedEvents()) {
        const names = winnersOf(booked.wom_id).map((p) => p.player.displayName);
        expect(names).toHaveLength(2);
        const served = events.find((event) => event.id === booked.id);
        expect(served).toMatchObject({ winner_username: names[0], winners: names });
      }
    });

    it('counts a win on the Event Wins board for each of the tied winners', async () => {
      const expected = new Map<string, number>();
      for (const booked of await bookedEvents()) {
        for (const winner of winnersOf(booked.wom_id)) {
          const id = String(winner.playerId);
          expected.set(id, (expected.get(id) ?? 0) + 1);
        }
      }
      const board = (await getJson<Leaderboards>('/api/leaderboards')).event_wins;
      expect(new Map(board.map((entry) => [entry.wom_id, entry.value]))).toEqual(expected);
    });

    it("gives both tied winners gold in Discord's results post, and the member after them bronze", async () => {
      await t.deliverAll();
      const posts = t.texts(results);
      expect(posts).toHaveLength((await bookedEvents()).length);
      for (const post of posts) {
        const podium = post.split('**Final standings**\n')[1]?.split('\n\n')[0] ?? '';
        expect(podium.split('\n').map((line) => line.split(' ')[0])).toEqual(['🥇', '🥇', '🥉']);
      }
    });

    it('shows only the visible one of two tied winners once the other is hidden', async () => {
      const [booked] = await bookedEvents();
      const [first, second] = winnersOf(booked!.wom_id);
      const hide = async (hidden: boolean) => {
        await t.database.db
          .updateTable('members')
          .set({ hidden })
          .where('wom_id', '=', String(second!.playerId))
          .execute();
        await bumpRevision(t.database.db, 'members');
      };
      await hide(true);
      try {
        const events = await getJson<ClanEvent[]>('/api/events');
        expect(events.find((event) => event.id === booked!.id)).toMatchObject({
          winner_username: first!.player.displayName,
          winners: [first!.player.displayName],
        });
        const board = (await getJson<Leaderboards>('/api/leaderboards')).event_wins;
        expect(board.map((entry) => entry.wom_id)).not.toContain(String(second!.playerId));
      } finally {
        await hide(false);
      }
    });
  });
}
