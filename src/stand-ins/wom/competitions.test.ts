import { isSkill } from '@wise-old-man/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedJson } from '#test/recorded-wom.ts';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import { generateWorld } from './generate-world.ts';
import { competitionStatus } from './responses.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type { CompetitionDetailsJson, CompetitionJson, ErrorJson, ParticipationJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const MINUTE = 60_000;
const DAY = 86_400_000;

type Status = 'upcoming' | 'ongoing' | 'finished';

/** SOTW or BOTW, whether played in teams ("Team SOTW: Mining") or not. */
const kind = (title: string) => title.replace(/^Team /, '').slice(0, 4);

describe('competition details', () => {
  let simulator: WomSimulator;
  let clock: ManualClock;
  let competitions: CompetitionJson[];
  const detailsOf = async (id: number, query = '') =>
    (await call<CompetitionDetailsJson>(`${simulator.url}/competitions/${id}${query}`)).body;
  const status = (competition: CompetitionJson): Status => {
    const now = clock.now().getTime();
    if (Date.parse(competition.endsAt) < now) return 'finished';
    return Date.parse(competition.startsAt) < now ? 'ongoing' : 'upcoming';
  };
  const withStatus = (wanted: Status) => competitions.filter((competition) => status(competition) === wanted);

  beforeAll(async () => {
    clock = manualClock(NOW);
    simulator = await startSimulator({ clock });
    competitions = (
      await call<CompetitionJson[]>(`${simulator.url}/groups/${simulator.groupId}/competitions`)
    ).body;
  });
  afterAll(() => simulator.close());

  const sortedAsSpecified = (participations: ParticipationJson[]) => {
    for (let i = 1; i < participations.length; i += 1) {
      const a = participations[i - 1];
      const b = participations[i];
      if (a === undefined || b === undefined) continue;
      const order =
        b.progress.gained - a.progress.gained ||
        b.progress.start - a.progress.start ||
        a.playerId - b.playerId;
      // The server's comparator: a before b means a negative result.
      expect(order).toBeLessThan(0);
    }
  };

  it("has six back-to-back weekly events, last week's 90-minute rush and today's Clan Hour", () => {
    const duration = (competition: CompetitionJson) =>
      Date.parse(competition.endsAt) - Date.parse(competition.startsAt);
    const byStart = [...competitions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    const weekly = byStart.filter((competition) => duration(competition) === 7 * DAY);
    expect(weekly.map(status)).toEqual([
      'finished',
      'finished',
      'finished',
      'finished',
      'ongoing',
      'upcoming',
    ]);
    weekly.forEach((competition, index) => {
      const next = weekly[index + 1];
      if (next === undefined) return;
      expect(next.startsAt).toBe(competition.endsAt);
      // SOTW and BOTW take turns, in teams or not.
      expect([kind(competition.title), kind(next.title)].sort()).toEqual(['BOTW', 'SOTW']);
    });
    const rush = byStart.filter((competition) => duration(competition) === 90 * MINUTE);
    expect(rush.map((competition) => [competition.title.endsWith(' Rush'), status(competition)])).toEqual([
      [true, 'finished'],
    ]);
    expect(rush[0]!.startsAt >= weekly[3]!.startsAt && rush[0]!.endsAt <= weekly[3]!.endsAt).toBe(true);
    const clanHour = byStart.filter((competition) => duration(competition) === 120 * MINUTE);
    expect(clanHour.map((competition) => competition.title.startsWith('Clan Hour: '))).toEqual([true]);
    expect(clanHour[0]!.startsAt.slice(0, 10)).toBe(NOW.slice(0, 10));
    expect(competitions).toHaveLength(8);
  });

  it('sorts participations and mirrors the ranking delta in progress and levels', async () => {
    for (const competition of competitions) {
      const details = await detailsOf(competition.id);
      expect(details.participations).toHaveLength(details.participantCount);
      expect(details.group.id).toBe(simulator.groupId);
      sortedAsSpecified(details.participations);
      for (const participation of details.participations) {
        expect(Object.keys(participation.progress)).toEqual(['start', 'end', 'gained']);
        const [delta] = participation.deltas;
        expect(participation.deltas).toHaveLength(1);
        expect(delta?.metric).toBe(competition.metric);
        expect(Object.keys(delta?.values ?? {})).toEqual(['gained', 'start', 'end']);
        expect(participation.progress).toEqual({
          start: delta?.values.start,
          end: delta?.values.end,
          gained: delta?.values.gained,
        });
        expect(participation.player).not.toHaveProperty('latestSnapshot');
        if (!isSkill(competition.metric))
          expect(participation.levels).toEqual({ start: -1, end: -1, gained: 0 });
      }
    }
  });

  it('shows -1 for participants without data, and nothing gained before the start', async () => {
    for (const competition of competitions) {
      const details = await detailsOf(competition.id);
      const empty = details.participations.filter((participation) => participation.progress.start === -1);
      expect(empty.length).toBeGreaterThan(0);
      expect(empty.some((participation) => participation.player.updatedAt === null)).toBe(true);
      for (const participation of empty.filter((entry) => entry.player.updatedAt === null)) {
        expect(participation.progress).toEqual({ start: -1, end: -1, gained: 0 });
      }
    }
    for (const competition of withStatus('upcoming')) {
      for (const participation of (await detailsOf(competition.id)).participations) {
        expect(participation.progress).toEqual({ start: -1, end: -1, gained: 0 });
        expect(participation.levels).toEqual({ start: -1, end: -1, gained: 0 });
      }
    }
  });

  it('has a finished competition with a tie for first place and participants who gained nothing', async () => {
    const finished = await Promise.all(
      withStatus('finished').map((competition) => detailsOf(competition.id)),
    );
    const tied = finished.filter(({ participations: [first, second] }) => {
      if (first === undefined || second === undefined) return false;
      return first.progress.gained > 0 && first.progress.gained === second.progress.gained;
    });
    expect(tied.length).toBeGreaterThan(0);
    const zero = finished.flatMap((details) =>
      details.participations.filter((entry) => entry.progress.gained === 0 && entry.progress.end !== -1),
    );
    expect(zero.length).toBeGreaterThan(0);
    for (const details of finished) {
      for (const { progress, levels } of details.participations) {
        if (progress.start === -1 || progress.end === -1) continue;
        expect(progress.end - progress.start).toBe(progress.gained);
        if (isSkill(details.metric)) expect(levels.end - levels.start).toBe(levels.gained);
      }
    }
  });

  it('lets an ongoing competition progress as the clock moves', async () => {
    const week = withStatus('ongoing').find((competition) => /^(Team )?[SB]OTW/.test(competition.title));
    if (week === undefined) throw new Error('no ongoing weekly event');
    const total = (details: CompetitionDetailsJson) =>
      details.participations.reduce((sum, participation) => sum + participation.progress.gained, 0);
    const before = total(await detailsOf(week.id));
    expect(total(await detailsOf(week.id))).toBe(before);
    clock.advance(DAY);
    try {
      expect(total(await detailsOf(week.id))).toBeGreaterThan(before);
    } finally {
      clock.set(NOW);
    }
  });

  it('previews another metric given as metric or as repeated metrics', async () => {
    const competition = withStatus('finished')[0];
    if (competition === undefined) throw new Error('no finished competition');
    const byMetric = await call<CompetitionDetailsJson>(
      `${simulator.url}/competitions/${competition.id}?metric=ehb`,
    );
    const byMetrics = await call<CompetitionDetailsJson>(
      `${simulator.url}/competitions/${competition.id}?metrics=ehb&metrics=ehb&unknown=1`,
    );
    expect(byMetrics.text).toBe(byMetric.text);
    const [participation] = byMetric.body.participations;
    expect(participation?.deltas.map((delta) => delta.metric)).toEqual(['total', competition.metric, 'ehb']);
    expect(participation?.progress.gained).toBe(participation?.deltas[2]?.values.gained);
    const same = await detailsOf(competition.id, `?metric=${competition.metric}`);
    expect(same.participations[0]?.deltas).toHaveLength(1);
  });

  it('rejects a bad metric and answers the legacy 404 for an unknown competition', async () => {
    const first = competitions[0];
    if (first === undefined) throw new Error('no competitions');
    expect((await call<ErrorJson>(`${simulator.url}/competitions/${first.id}?metrics=nope`)).body).toEqual({
      code: 'VALIDATION_ERROR',
      message: "Invalid enum value for 'metric'.",
    });
    expect(await call<ErrorJson>(`${simulator.url}/competitions/1`)).toMatchObject({
      status: 404,
      text: '{"code":"UNEXPECTED_ERROR","message":"Competition not found."}',
    });
  });
});

/** What the real WOM sent for its recorded group's competitions, classic and team. */
const RECORDED_LIST = recordedJson<CompetitionJson[]>('group-competitions.json');
const RECORDED_TEAM = recordedJson<CompetitionDetailsJson>('competition-team-finished.json');
const COMPETITION_FIELDS = Object.keys(RECORDED_LIST[0] ?? {});
const METRIC_FIELDS = Object.keys(RECORDED_LIST[0]?.metrics[0] ?? {});
const PARTICIPATION_FIELDS = Object.keys(RECORDED_TEAM.participations[0] ?? {});

describe('competitions as the real WOM sends them', () => {
  let simulator: WomSimulator;
  let listed: CompetitionJson[];
  const now = Date.parse(NOW);
  const detailsOf = async (id: number) =>
    (await call<CompetitionDetailsJson>(`${simulator.url}/competitions/${id}`)).body;

  beforeAll(async () => {
    simulator = await startSimulator({ clock: manualClock(NOW), rateLimit: false });
    listed = (await call<CompetitionJson[]>(`${simulator.url}/groups/${simulator.groupId}/competitions`))
      .body;
  });
  afterAll(() => simulator.close());

  it('lists each with metrics[] beside the deprecated metric, and the recorded fields', async () => {
    for (const competition of listed) {
      expect(Object.keys(competition)).toEqual(COMPETITION_FIELDS);
      expect(competition.metrics.map((entry) => Object.keys(entry))).toEqual([METRIC_FIELDS]);
      expect(competition.metrics[0]).toMatchObject({ weight: 1, metric: competition.metric });
      expect(competition).toMatchObject({ groupId: simulator.groupId, visible: true });
      expect(competition.group.id).toBe(simulator.groupId);
      const details = await detailsOf(competition.id);
      expect(Object.keys(details)).toEqual([...COMPETITION_FIELDS, 'participations']);
      expect(details.metrics).toEqual(competition.metrics);
      for (const participation of details.participations)
        expect(Object.keys(participation)).toEqual(PARTICIPATION_FIELDS);
    }
  });

  it('plays some in teams: every participation of a team competition names its team', async () => {
    expect(RECORDED_TEAM.type).toBe('team');
    expect(RECORDED_TEAM.participations.every((entry) => typeof entry.teamName === 'string')).toBe(true);
    const teams = listed.filter((competition) => competition.type === 'team');
    const ended = teams.filter((competition) => Date.parse(competition.endsAt) < now);
    const running = teams.filter(
      (competition) => Date.parse(competition.startsAt) < now && Date.parse(competition.endsAt) >= now,
    );
    expect([ended.length > 0, running.length > 0]).toEqual([true, true]);
    for (const competition of teams) {
      const { participations } = await detailsOf(competition.id);
      const names = participations.map((participation) => participation.teamName);
      expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
      expect(new Set(names).size).toBeGreaterThanOrEqual(2);
    }
    const classic = listed.filter((competition) => competition.type === 'classic');
    expect(classic.length).toBeGreaterThan(0);
    for (const competition of classic) {
      for (const participation of (await detailsOf(competition.id)).participations)
        expect(participation.teamName).toBeNull();
    }
  });
});

describe('competition schedule', () => {
  const HOUR = 60 * MINUTE;
  const WEEK = 7 * DAY;
  const competitionsAt = (at: number, seed = 1) =>
    generateWorld({ seed, members: 60, groupId: 1234, verificationCode: '123-456-789', epoch: at })
      .competitions;
  const listed = (at: number) =>
    competitionsAt(at).map(({ id, title, metric, startsAt, endsAt, createdAt }) => ({
      id,
      title,
      metric,
      startsAt,
      endsAt,
      createdAt,
    }));
  const now = Date.parse(NOW);

  it('lists the very same competitions when the simulator restarts later the same day', () => {
    // Seed 1's weeks turn on Tuesdays; NOW is a Saturday, so the whole day lies inside one week.
    const first = competitionsAt(now);
    for (const later of [now + MINUTE, now + 5 * HOUR, now - 11 * HOUR, now + 11 * HOUR + 59 * MINUTE]) {
      expect(competitionsAt(later)).toEqual(first);
    }
  });

  it("keeps a week's competitions as they were when the simulator restarts days later", () => {
    const before = listed(now);
    const after = listed(now + 5 * DAY);
    const kept = after.filter((later) => before.some((earlier) => earlier.id === later.id));
    // The five weekly events the two windows share; the rush is always last week's, and the Clan
    // Hour today's, so those two are new ones.
    expect(kept.map((competition) => kind(competition.title))).toEqual([
      'SOTW',
      'BOTW',
      'SOTW',
      'BOTW',
      'SOTW',
    ]);
    for (const competition of kept) {
      expect(competition).toEqual(before.find((earlier) => earlier.id === competition.id));
    }
  });

  it('has finished, ongoing and upcoming competitions at any time of the week, for any seed', () => {
    for (const seed of [1, 2, 3]) {
      for (let at = now; at < now + WEEK; at += 5 * HOUR + 7 * MINUTE) {
        const statuses = new Set(
          competitionsAt(at, seed).map((competition) => competitionStatus(competition, at)),
        );
        expect([...statuses].sort()).toEqual(['finished', 'ongoing', 'upcoming']);
      }
    }
  });

  it('never dates a creation after the moment the clan was generated, and gives ids in creation order', () => {
    for (let at = now; at < now + WEEK; at += 3 * HOUR + 11 * MINUTE) {
      const generated = competitionsAt(at).sort((a, b) => a.createdAt - b.createdAt);
      for (const competition of generated) expect(competition.createdAt).toBeLessThanOrEqual(at);
      const ids = generated.map((competition) => competition.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    }
  });
});
