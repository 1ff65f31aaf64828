import { BOSSES, F2P_BOSSES, isSkill, MetricProps, REAL_SKILLS, type Metric } from '@wise-old-man/utils';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './catalogue.ts';
import { rawMetricValue } from './competition-values.ts';
import type { Rng } from './random.ts';
import { rawStatsAt } from './timeline.ts';
import type { SimCompetition, SimParticipant, SimPlayer } from './world.ts';

interface Plan {
  kind: 'skill' | 'boss';
  title: (name: string) => string;
  startsAt: number;
  durationMs: number;
  /** Short events see far smaller gains than week-long ones. */
  short: boolean;
  /** Make the two best participants finish level on top. */
  tie: boolean;
}

const WEEK = 7 * DAY_MS;

/**
 * Eight group competitions around the epoch: four finished (ended 1 to 5 weeks ago, one of them a
 * 1.5-hour event and one with a tie for first place), two ongoing (a week-long one and a 2-hour
 * event that began 30 minutes ago) and two upcoming (in 2 and 9 days). Status always comes from the
 * clock at request time.
 */
function plans(epoch: number): Plan[] {
  const hour = Math.floor(epoch / HOUR_MS) * HOUR_MS;
  const minute = Math.floor(epoch / MINUTE_MS) * MINUTE_MS;
  const sotw = (name: string) => `SOTW: ${name}`;
  const botw = (name: string) => `BOTW: ${name}`;
  const weekly = { durationMs: WEEK, short: false, tie: false };
  return [
    { kind: 'boss', title: botw, startsAt: hour - 6 * WEEK, ...weekly },
    { kind: 'skill', title: sotw, startsAt: hour - 3 * WEEK, ...weekly, tie: true },
    { kind: 'skill', title: sotw, startsAt: hour - 2 * WEEK, ...weekly },
    {
      kind: 'skill',
      title: (name) => `${name} Rush`,
      startsAt: hour - 10 * DAY_MS,
      durationMs: 90 * MINUTE_MS,
      short: true,
      tie: false,
    },
    { kind: 'skill', title: sotw, startsAt: hour - 3 * DAY_MS, ...weekly },
    {
      kind: 'boss',
      title: (name) => `Clan Hour: ${name}`,
      startsAt: minute - 30 * MINUTE_MS,
      durationMs: 2 * HOUR_MS,
      short: true,
      tie: false,
    },
    { kind: 'boss', title: botw, startsAt: hour + 2 * DAY_MS, ...weekly },
    { kind: 'skill', title: sotw, startsAt: hour + 9 * DAY_MS, ...weekly },
  ];
}

function plannedGain(rng: Rng, metric: Metric, short: boolean): number {
  if (rng.chance(0.2)) return 0;
  const roll = Math.pow(rng.next(), 2);
  if (isSkill(metric)) return Math.round(roll * (short ? 250_000 : 3_000_000)) + 500;
  return Math.floor(roll * (short ? 12 : 120)) + 1;
}

/** The two participants with the most room to gain get the same, top, gain; everyone else gets less. */
function forceTie(participants: SimParticipant[], room: Map<number, number>): void {
  const ranked = participants
    .filter((participant) => participant.hasData)
    .sort((a, b) => (room.get(b.playerId) ?? 0) - (room.get(a.playerId) ?? 0));
  const [first, second] = ranked;
  if (first === undefined || second === undefined) return;
  const best = Math.max(...participants.map((participant) => participant.plannedGain));
  const tie = Math.min(best, room.get(first.playerId) ?? 0, room.get(second.playerId) ?? 0);
  if (tie < 2) return;
  participants.forEach((participant, index) => {
    if (participant === first || participant === second) participant.plannedGain = tie;
    // Whoever had planned more now trails the winners by a visible margin, not by one XP.
    else if (participant.plannedGain >= tie)
      participant.plannedGain = Math.floor(tie * (0.8 + (index % 15) / 100));
  });
}

export interface CompetitionInput {
  rng: Rng;
  epoch: number;
  members: SimPlayer[];
  /** Players outside the group; those never updated show -1 in every competition. */
  outsiders: SimPlayer[];
}

export function generateCompetitions(input: CompetitionInput): SimCompetition[] {
  const { rng, epoch } = input;
  const f2p = new Set(F2P_BOSSES);
  const skills = rng.shuffle(REAL_SKILLS);
  const bosses = rng.shuffle(BOSSES.filter((boss) => !f2p.has(boss)));
  const untrackedOutsiders = input.outsiders.filter((player) => !player.tracked);
  const trackedOutsiders = input.outsiders.filter((player) => player.tracked);

  const competitions = plans(epoch).map((plan, index): SimCompetition => {
    const metric: Metric =
      (plan.kind === 'skill' ? skills[index % skills.length] : bosses[index % bosses.length]) ?? 'overall';
    const share = rng.float(0.25, 0.5);
    const count = Math.min(
      input.members.length,
      Math.max(2, Math.min(250, Math.round(input.members.length * share))),
    );
    const players = [
      ...rng.shuffle(input.members).slice(0, count),
      ...untrackedOutsiders.slice(index % Math.max(1, untrackedOutsiders.length)).slice(0, 1),
      ...rng.shuffle(trackedOutsiders).slice(0, rng.int(0, 2)),
    ];
    const participants = players.map((player) => ({
      playerId: player.id,
      plannedGain: plannedGain(rng, metric, plan.short),
      hasData: player.tracked,
    }));
    const endsAt = plan.startsAt + plan.durationMs;
    if (plan.tie) {
      const room = new Map(
        players.map((player) => [
          player.id,
          rawMetricValue(rawStatsAt(player.model, epoch, endsAt, []), player, metric),
        ]),
      );
      forceTie(participants, room);
    }
    return {
      id: 0,
      title: plan.title(MetricProps[metric].name),
      metric,
      startsAt: plan.startsAt,
      endsAt,
      // Announced a few days ahead, and never later than the epoch (nothing is created in the future).
      createdAt:
        Math.min(plan.startsAt - rng.int(1, 4) * DAY_MS, epoch - rng.int(1, 12) * HOUR_MS) +
        rng.int(0, HOUR_MS),
      score: rng.int(40, 500),
      participants,
    };
  });

  // Ids grow with creation time, as they do on the real server.
  let id = 30_000 + rng.int(0, 20_000);
  for (const competition of [...competitions].sort((a, b) => a.createdAt - b.createdAt)) {
    id += rng.int(1, 900);
    competition.id = id;
  }
  return competitions;
}
