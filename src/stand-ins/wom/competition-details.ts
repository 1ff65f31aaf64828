import { isSkill, type Metric } from '@wise-old-man/utils';
import { levelOf, MINUTE_MS, totalLevel } from './catalogue.ts';
import { minimumShown, rawMetricValue, reported, reportedGain } from './competition-values.ts';
import { competitionJson, competitionStatus, iso, playerJson } from './responses.ts';
import { rawStatsAt, type RawStats } from './timeline.ts';
import type { SimCompetition, SimParticipant, SimPlayer, World } from './world.ts';
import type { StartEnd } from './wom-shapes.ts';

interface Delta {
  metric: Metric | 'total';
  values: { gained: number; start: number; end: number };
  levels: { gained: number; start: number; end: number };
}

const NO_LEVELS = { gained: 0, start: -1, end: -1 };
const noData = (metric: Metric): Delta => ({
  metric,
  values: { gained: 0, start: -1, end: -1 },
  levels: NO_LEVELS,
});

/** Ongoing standings move in 5-minute steps, so repeated requests a moment apart agree. */
const STEP_MS = 5 * MINUTE_MS;

function levels(metric: Metric, start: number, end: number, startRaw: RawStats | null, endRaw: RawStats) {
  if (!isSkill(metric) || (start === -1 && end === -1)) return NO_LEVELS;
  if (metric === 'overall') {
    if (startRaw === null) return NO_LEVELS;
    const from = totalLevel(startRaw.xp);
    const to = totalLevel(endRaw.xp);
    return { gained: to - from, start: from, end: to };
  }
  const from = levelOf(start);
  const to = levelOf(end);
  return { gained: to - from, start: from, end: to };
}

/**
 * One participant's delta for one metric. The competition's own metric uses the generated gain (a
 * share of it while ongoing), bounded by what the player has; any other metric, asked for as a
 * preview, is the difference between the stats at the start and at the end.
 */
function delta(
  world: World,
  competition: SimCompetition,
  participant: SimParticipant,
  player: SimPlayer,
  metric: Metric,
  endAt: number,
): Delta {
  const endRaw = rawStatsAt(player.model, world.epoch, endAt, player.adjustments);
  const end = rawMetricValue(endRaw, player, metric);
  if (metric === competition.metric) {
    const share = Math.min(1, (endAt - competition.startsAt) / (competition.endsAt - competition.startsAt));
    const floor = isSkill(metric) ? 0 : minimumShown(metric);
    const room = end >= minimumShown(metric) ? Math.max(0, end - floor) : 0;
    const gained = Math.min(Math.floor(participant.plannedGain * share), room);
    const start = reported(metric, end - gained);
    const shownEnd = reported(metric, end);
    return {
      metric,
      values: { gained, start, end: shownEnd },
      levels: levels(metric, start, shownEnd, null, endRaw),
    };
  }
  const startRaw = rawStatsAt(player.model, world.epoch, competition.startsAt, player.adjustments);
  const start = reported(metric, rawMetricValue(startRaw, player, metric));
  const shownEnd = reported(metric, end);
  return {
    metric,
    values: { gained: reportedGain(metric, start, shownEnd), start, end: shownEnd },
    levels: levels(metric, start, shownEnd, startRaw, endRaw),
  };
}

/** Several metrics get a leading "total" of the non-negative parts. */
function withTotal(deltas: Delta[]): Delta[] {
  if (deltas.length < 2) return deltas;
  const sum = (pick: (delta: Delta) => number) =>
    deltas.reduce((total, d) => total + Math.max(0, pick(d)), 0);
  const total: Delta = {
    metric: 'total',
    values: {
      gained: sum((d) => d.values.gained),
      start: sum((d) => d.values.start),
      end: sum((d) => d.values.end),
    },
    levels: NO_LEVELS,
  };
  return [total, ...deltas];
}

const startEnd = (values: { gained: number; start: number; end: number }): StartEnd => ({
  start: values.start,
  end: values.end,
  gained: values.gained,
});

/** GET /competitions/:id (§2.13): participations sorted by gained, then start, then player id. */
export function competitionDetails(
  world: World,
  competition: SimCompetition,
  preview: Metric | null,
  now: number,
) {
  const status = competitionStatus(competition, now);
  const metrics: Metric[] = [competition.metric];
  if (preview !== null && preview !== competition.metric) metrics.push(preview);
  const ranking = preview ?? competition.metric;
  const endAt = status === 'finished' ? competition.endsAt : Math.floor(now / STEP_MS) * STEP_MS;
  const updatedAt = status === 'upcoming' ? competition.createdAt : Math.max(competition.startsAt, endAt);

  const participations = competition.participants.flatMap((participant) => {
    const player = world.players.get(participant.playerId);
    if (player === undefined) return [];
    const known = participant.hasData && status !== 'upcoming' && endAt > competition.startsAt;
    const deltas = withTotal(
      metrics.map((metric) =>
        known ? delta(world, competition, participant, player, metric, endAt) : noData(metric),
      ),
    );
    const ranked = deltas.find((entry) => entry.metric === ranking) ?? noData(ranking);
    return [
      {
        playerId: player.id,
        competitionId: competition.id,
        teamName: participant.teamName,
        createdAt: iso(competition.createdAt),
        updatedAt: iso(updatedAt),
        player: playerJson(world, player, now),
        deltas,
        progress: startEnd(ranked.values),
        levels: startEnd(ranked.levels),
      },
    ];
  });
  participations.sort(
    (a, b) =>
      b.progress.gained - a.progress.gained || b.progress.start - a.progress.start || a.playerId - b.playerId,
  );
  return { ...competitionJson(world, competition, now), participations };
}
