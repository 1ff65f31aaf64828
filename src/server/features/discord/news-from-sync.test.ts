import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inertText } from '#core/discord/news-messages.ts';
import type { News } from '#core/discord/news.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { createManualClock, testConfig } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { systemClock } from '#shared/clock.ts';
import { startSimulator, type RecordedRequest, type WomSimulator } from '#stand-ins/wom/index.ts';
import { createWomGateway } from '../../wom/create-gateway.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';

const START = '2026-11-21T12:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const daysBefore = (days: number) => new Date(Date.parse(START) - days * DAY).toISOString();
const LEVEL_99_XP = 13_034_431;

const ROSTER_KINDS = [
  'member_joined',
  'member_left',
  'member_returned',
  'member_renamed',
  'rank_changed',
] as const;

interface Competition {
  id: number;
  title: string;
  endsAt: string;
}

/** WOM's group before it lists some competitions: the clan creates them later. */
function hidingCompetitions(gateway: WomGateway, hidden: Set<number>): WomGateway {
  return new Proxy(gateway, {
    get(target, property) {
      if (property === 'withFreshCount') return () => hidingCompetitions(target.withFreshCount(), hidden);
      if (property === 'getGroupCompetitions') {
        return async (groupId: number) =>
          (await target.getGroupCompetitions(groupId)).filter((c) => !hidden.has(c.id));
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (value as (...args: never[]) => unknown).bind(target);
    },
  });
}

/** WOM goes down from the first request after `from` that matches, through every retry. */
function failFromRequest(simulator: WomSimulator, from: number, matches: (r: RecordedRequest) => boolean) {
  simulator.setFaults({ latencyMs: 40 });
  const timer = setInterval(() => {
    if (!simulator.requests.slice(from).some(matches)) return;
    simulator.failNext(20, 503, 'html');
    clearInterval(timer);
  }, 1);
  return () => clearInterval(timer);
}

for (const dialect of testDialects) {
  describe(`${dialect}: news a WOM sync announces`, () => {
    const clock = createManualClock(START);
    let simulator: WomSimulator;
    let t: DiscordTestApp;
    const hidden = new Set<number>();

    beforeEach(async () => {
      clock.set(START);
      hidden.clear();
      // Seed 20 has 99s and two 200M skill achievements reached in the 40 days before START.
      simulator = await startSimulator({ members: 40, seed: 20, clock, rateLimit: false });
      const gateway = createWomGateway(testConfig(), systemClock, simulator.url);
      t = await createDiscordTestApp(dialect, {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId, gateway: hidingCompetitions(gateway, hidden) },
      });
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    /** What the outbox holds for a route, oldest first, as the news it will post. */
    async function outbox(routeId: number, afterId = 0): Promise<News[]> {
      const rows = await t.database.db
        .selectFrom('discord_deliveries')
        .select('news')
        .where('route_id', '=', routeId)
        .where('id', '>', afterId)
        .orderBy('id')
        .execute();
      return rows.map((row) => JSON.parse(row.news) as News);
    }
    const lastDeliveryId = async () =>
      (
        await t.database.db
          .selectFrom('discord_deliveries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0;
    const nameOf = async (id: number) =>
      (
        await t.database.db
          .selectFrom('members')
          .select('name')
          .where('wom_id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).name;
    const link = async (id: number) => `[${inertText(await nameOf(id))}](https://clan.example/members/${id})`;
    const achievementKeys = async () =>
      new Set(
        (
          await t.database.db
            .selectFrom('achievements')
            .select(['player_wom_id', 'metric', 'threshold'])
            .execute()
        ).map((a) => `${a.player_wom_id}:${a.metric}:${a.threshold}`),
      );
    async function competitions(): Promise<Competition[]> {
      const response = await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`);
      return (await response.json()) as Competition[];
    }

    it("posts a sync's joins, leavers, returns, renames, rank changes and new achievements to the routes carrying each", async () => {
      const [joiner, leaver, returner, renamed, promoted] = simulator.memberIds() as [
        number,
        number,
        number,
        number,
        number,
      ];
      const roster = await t.addRoute([...ROSTER_KINDS]);
      const joins = await t.addRoute(['member_joined']);
      const achievements = await t.addRoute(['achievements']);
      const nineties = await t.addRoute(['achievements'], { filters: { achievements: '99' } });
      const maxed = await t.addRoute(['achievements'], { filters: { achievements: '200m' } });
      const elsewhere = await t.addRoute(['season_reset', 'anniversaries', 'goal_completed']);

      // The first sync of an empty site imports 39 members and their achievements: no news.
      clock.set(daysBefore(40));
      simulator.removeMember(joiner);
      expect((await t.sync()).outcome).toBe('succeeded');
      expect(await t.database.db.selectFrom('members').select('wom_id').execute()).toHaveLength(39);
      expect((await achievementKeys()).size).toBeGreaterThan(50);
      await t.deliverAll();
      expect(t.standIn.received()).toEqual([]);

      clock.set(daysBefore(39));
      simulator.removeMember(returner);
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliverAll();
      expect(t.texts(roster.webhookId)).toContainEqual(`1 member left the clan\n${await link(returner)}`);

      clock.set(START);
      simulator.restoreMember(joiner);
      simulator.restoreMember(returner);
      simulator.removeMember(leaver);
      simulator.renamePlayer(renamed, 'Zed Renamed');
      const before = await t.database.db
        .selectFrom('members')
        .select(['name', 'womrole'])
        .where('wom_id', '=', String(promoted))
        .executeTakeFirstOrThrow();
      const newRole = before.womrole === 'onyx' ? 'ruby' : 'onyx';
      simulator.setRole(promoted, newRole);
      const known = await achievementKeys();
      const from = await lastDeliveryId();
      const received = t.standIn.received(roster.webhookId).length;
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliverAll();

      const news = await outbox(roster.route.id, from);
      expect(news.map((n) => n.kind)).toEqual([...ROSTER_KINDS]);
      const texts = t.texts(roster.webhookId).slice(received);
      expect(texts[0]).toBe(`Welcome! 1 new member\n${await link(joiner)}`);
      expect(texts[1]).toBe(`1 member left the clan\n${await link(leaver)}`);
      expect(texts[2]).toBe(`Welcome back! 1 member returned\n${await link(returner)}`);
      expect(texts[3]).toContain(`→ [Zed Renamed](https://clan.example/members/${renamed})`);
      expect(news[4]).toEqual({
        kind: 'rank_changed',
        changes: [
          { wom_id: String(promoted), name: before.name, from: before.womrole, to: newRole, by_admin: false },
        ],
      });
      expect(texts[4]).toContain(`${await link(promoted)}: `);
      expect(texts[4]).toContain(`→ **${roleDisplayName(newRole)}**`);
      expect(texts[4]).not.toContain('set by an admin');
      expect(t.texts(joins.webhookId)).toEqual([texts[0]]);

      // Only the achievements this sync stored, and only those WOM dates: one message for them all.
      const added = (
        await t.database.db
          .selectFrom('achievements')
          .select(['player_wom_id', 'name', 'metric', 'threshold', 'achieved_at'])
          .execute()
      ).filter((a) => !known.has(`${a.player_wom_id}:${a.metric}:${a.threshold}`));
      const dated = added.filter((a) => a.achieved_at !== null);
      expect(dated.length).toBeGreaterThan(5);
      const itemsOf = async (routeId: number) => {
        const queued = await outbox(routeId, from);
        expect(queued).toHaveLength(1);
        const [only] = queued;
        if (only?.kind !== 'achievements') throw new Error(`expected achievements, got ${only?.kind}`);
        return only.items.map((i) => `${i.wom_id}:${i.achievement}`).sort();
      };
      const keysOf = (rows: typeof dated) => rows.map((a) => `${a.player_wom_id}:${a.name}`).sort();
      expect(await itemsOf(achievements.route.id)).toEqual(keysOf(dated));
      const skill99 = dated.filter((a) => a.metric !== 'overall' && a.threshold >= LEVEL_99_XP);
      expect(skill99.length).toBeGreaterThan(1);
      expect(skill99.length).toBeLessThan(dated.length);
      expect(await itemsOf(nineties.route.id)).toEqual(keysOf(skill99));
      const skill200m = dated.filter((a) => a.threshold >= 200_000_000);
      expect(skill200m.map((a) => a.name).sort()).toEqual(['200m Hitpoints', '200m Mining']);
      expect(await itemsOf(maxed.route.id)).toEqual(keysOf(skill200m));
      expect(t.texts(achievements.webhookId)).toHaveLength(2);
      expect(t.texts(achievements.webhookId).at(-1)).toMatch(
        new RegExp(`^${dated.length} new achievements\\n`),
      );
      expect(t.texts(maxed.webhookId).at(-1)).toMatch(/^2 new achievements\n/);
      expect(t.texts(maxed.webhookId).at(-1)).toContain(': 200m Mining');

      expect(t.standIn.received(elsewhere.webhookId)).toEqual([]);
    });

    it('announces competitions it sees for the first time and those that end, with standings, points and siege leaders', async () => {
      const all = await t.addRoute(['competition_created', 'competition_ended']);
      const skills = await t.addRoute(['competition_created', 'competition_ended'], {
        filters: { competition_types: ['Skill of the Week'] },
      });
      const listed = await competitions();
      const upcoming = listed.filter((c) => Date.parse(c.endsAt) > Date.parse(START));
      expect(upcoming.length).toBeGreaterThan(1);
      for (const competition of upcoming) hidden.add(competition.id);

      clock.set(daysBefore(40));
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliverAll();
      expect(t.standIn.received()).toEqual([]);

      // The clan creates its next competitions at WOM; those that ended since pay their points.
      hidden.clear();
      clock.set(START);
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliverAll();

      const news = await outbox(all.route.id);
      const created = news.flatMap((n) => (n.kind === 'competition_created' ? [n] : []));
      expect(created.map((n) => n.competition.title).sort()).toEqual(upcoming.map((c) => c.title).sort());
      const types = new Set(news.flatMap((n) => ('competition' in n ? [n.competition.type] : [])));
      expect(types).toContain('Skill of the Week');
      expect(types.size).toBeGreaterThan(1);
      const skillNews = await outbox(skills.route.id);
      expect(skillNews.length).toBeGreaterThan(0);
      expect(skillNews).toEqual(
        news.filter((n) => 'competition' in n && n.competition.type === 'Skill of the Week'),
      );
      expect(t.texts(skills.webhookId)).toHaveLength(skillNews.length);

      const paid = await t.database.db
        .selectFrom('events')
        .select(['id', 'name', 'wom_id'])
        .where('points_awarded_at', '=', START)
        .execute();
      const ended = news.flatMap((n) => (n.kind === 'competition_ended' ? [n] : []));
      expect(paid.length).toBeGreaterThan(1);
      expect(ended.map((n) => n.competition.event_id).sort()).toEqual(paid.map((e) => e.id).sort());

      // Each message's leaders are the top scores once its own award was booked.
      const scores = new Map<string, number>();
      for (const message of ended) {
        const ledger = await t.database.db
          .selectFrom('points')
          .select(['member_wom_id', 'amount'])
          .where('event_id', '=', message.competition.event_id)
          .execute();
        expect(ledger.length).toBeGreaterThan(0);
        expect(message.points.map((p) => [p.wom_id, p.points]).sort()).toEqual(
          ledger.map((row) => [row.member_wom_id, row.amount]).sort(),
        );
        for (const row of ledger)
          scores.set(row.member_wom_id, (scores.get(row.member_wom_id) ?? 0) + row.amount);
        // The top 3 places, with everyone tied at 3rd.
        const sorted = [...scores.values()].sort((a, b) => b - a);
        const top = sorted.filter((score) => sorted.filter((other) => other > score).length < 3);
        expect(message.siege_leaders.map((l) => l.value)).toEqual(top);
        for (const leader of message.siege_leaders)
          expect(scores.get(leader.wom_id ?? '')).toBe(leader.value);

        const womId = paid.find((e) => e.id === message.competition.event_id)?.wom_id;
        const details = (await (await fetch(`${simulator.url}/competitions/${womId}`)).json()) as {
          type: string;
          participations: { progress: { gained: number } }[];
        };
        if (details.type === 'classic') {
          const best = Math.max(...details.participations.map((p) => p.progress.gained));
          expect(message.standings?.[0]?.value).toBe(best);
        }
        expect(message.standings?.length).toBeGreaterThan(0);
      }
      const [endedText] = t.texts(all.webhookId).filter((text) => text.includes('has ended'));
      expect(endedText).toContain('**Final standings**\n🥇 ');
      expect(endedText).toContain('**Points paid**\n');
      expect(endedText).toContain('**Siege score leaders**\n🥇 ');
      expect(endedText).toMatch(/ pts$/);
    });

    it('announces nothing from a sync that fails part-way, at WOM or while saving', async () => {
      const everything = await t.addRoute([
        ...ROSTER_KINDS,
        'achievements',
        'competition_created',
        'competition_ended',
      ]);
      const [joiner, leaver] = simulator.memberIds() as [number, number];
      clock.set(daysBefore(40));
      simulator.removeMember(joiner);
      await t.sync();

      clock.set(START);
      simulator.restoreMember(joiner);
      simulator.removeMember(leaver);
      const from = simulator.requests.length;
      const stopWatching = failFromRequest(simulator, from, (r) => r.path.startsWith('/competitions/'));
      const down = await t.sync();
      stopWatching();
      expect(down).toMatchObject({ outcome: 'failed', error: expect.stringContaining('503') });
      simulator.resetFaults();

      // The saving transaction throws at its last write, after the news went into the outbox.
      await failRecordingSuccess(t);
      const refused = await t.sync();
      expect(refused).toMatchObject({ outcome: 'failed', error: expect.stringContaining('refused') });

      await t.deliverAll();
      expect(await outbox(everything.route.id)).toEqual([]);
      expect(t.standIn.received()).toEqual([]);

      // The same changes, saved, are announced.
      await stopFailingRecordingSuccess(t);
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliverAll();
      const kinds = (await outbox(everything.route.id)).map((n) => n.kind);
      expect(kinds).toEqual(
        expect.arrayContaining(['member_joined', 'member_left', 'achievements', 'competition_ended']),
      );
      expect(t.standIn.received(everything.webhookId)).toHaveLength(kinds.length);
    });
  });
}

/** Makes the database refuse to mark a run succeeded: the last write of the sync's transaction. */
async function failRecordingSuccess(t: DiscordTestApp): Promise<void> {
  const db = t.database.db;
  if (t.database.dialect === 'sqlite') {
    await sql`create trigger refuse_success before update on sync_runs when new.outcome = 'succeeded'
      begin select raise(abort, 'success refused'); end`.execute(db);
    return;
  }
  await sql`create function refuse_success() returns trigger language plpgsql as $$
      begin raise exception 'success refused'; end $$`.execute(db);
  await sql`create trigger refuse_success before update on sync_runs for each row
      when (new.outcome = 'succeeded') execute function refuse_success()`.execute(db);
}

async function stopFailingRecordingSuccess(t: DiscordTestApp): Promise<void> {
  const db = t.database.db;
  if (t.database.dialect === 'sqlite') {
    await sql`drop trigger refuse_success`.execute(db);
    return;
  }
  await sql`drop trigger refuse_success on sync_runs`.execute(db);
  await sql`drop function refuse_success()`.execute(db);
}
