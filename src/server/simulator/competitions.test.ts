import { isSkill } from '@wise-old-man/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type WomSimulator } from './index.ts';
import { call, manualClock, type ManualClock } from './testing.ts';
import type { CompetitionDetailsJson, CompetitionJson, ErrorJson, ParticipationJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const MINUTE = 60_000;
const DAY = 86_400_000;

type Status = 'upcoming' | 'ongoing' | 'finished';

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

  it('has four finished, two ongoing and two upcoming competitions, dated as planned', () => {
    const duration = (competition: CompetitionJson) =>
      Date.parse(competition.endsAt) - Date.parse(competition.startsAt);
    const now = Date.parse(NOW);
    const finished = withStatus('finished');
    expect(finished).toHaveLength(4);
    for (const competition of finished) {
      expect(now - Date.parse(competition.endsAt)).toBeGreaterThanOrEqual(7 * DAY - 60 * MINUTE);
      expect(now - Date.parse(competition.endsAt)).toBeLessThanOrEqual(5 * 7 * DAY);
    }
    expect(finished.map(duration).sort((a, b) => a - b)).toEqual([90 * MINUTE, 7 * DAY, 7 * DAY, 7 * DAY]);
    const ongoing = withStatus('ongoing');
    expect(ongoing.map(duration)).toEqual([120 * MINUTE, 7 * DAY]);
    expect(Date.parse(ongoing[0]?.startsAt ?? '')).toBe(now - 30 * MINUTE);
    const upcoming = withStatus('upcoming').map(
      (competition) => (Date.parse(competition.startsAt) - now) / DAY,
    );
    expect(upcoming.map(Math.ceil)).toEqual([2, 9]);
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
    const week = withStatus('ongoing').find((competition) => competition.title.startsWith('SOTW'));
    if (week === undefined) throw new Error('no ongoing SOTW');
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
