import {
  BOSSES,
  F2P_BOSSES,
  isBoss,
  isSkill,
  MetricProps,
  REAL_SKILLS,
  type Metric,
} from '@wise-old-man/utils';
import { createRng, type Rng } from '#core/random.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, UNRANKED_BOSSES } from './catalogue.ts';
import { rawMetricValue } from './competition-values.ts';
import { rawStatsAt } from './timeline.ts';
import type { SimCompetition, SimParticipant, SimPlayer } from './world.ts';

const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday of Unix time: week numbers count from it. */
const FIRST_MONDAY = 4 * DAY_MS;
/** The finished weekly events the clan still lists; with this week's and next week's, six in all. */
const PAST_WEEKS = 4;
/** Every fourth week's event ends in a tie for first, so any four finished weeks include one. */
const TIE_EVERY = 4;
/** Every third week's event is played in teams, so any four finished weeks include one of those too. */
const TEAMS_EVERY = 3;
/** As WOM's own team competitions name them. */
const TEAM_NAMES = ['Red Team', 'Blue Team', 'Green Team', 'Gold Team'];
/** About this many players a team; never fewer than two teams. */
const TEAM_SIZE = 15;

/**
 * Competitions are created in three lanes, a third of an hour each, one lane per kind of event. Ids
 * count these thirds of an hour since WOM's first year, so two events of different kinds never share
 * an id, and events of one kind are created in different weeks (or days).
 */
const LANE_MS = 20 * MINUTE_MS;
const FIRST_ID_AT = Date.UTC(2020, 0, 1);
const LANES = { weekly: 0, rush: 1, clanHour: 2 } as const;

/**
 * When the clan's events happen, chosen by the seed: weekly events start on one weekday at an evening
 * hour (UTC), and the daily Clan Hour at another. Every date derives from this grid, never from the
 * moment the simulator starts, so a restart in the same week (for the Clan Hour, the same day) lists
 * the very same competitions.
 */
interface EventGrid {
  weekPhaseMs: number;
  clanHourMs: number;
}

function eventGrid(seed: number): EventGrid {
  const rng = createRng(seed, 'competition-grid');
  return {
    weekPhaseMs: rng.int(0, 6) * DAY_MS + rng.int(16, 21) * HOUR_MS,
    clanHourMs: rng.int(17, 22) * HOUR_MS,
  };
}

const weekStart = (grid: EventGrid, week: number) => FIRST_MONDAY + grid.weekPhaseMs + week * WEEK_MS;
const weekAt = (grid: EventGrid, t: number) => Math.floor((t - FIRST_MONDAY - grid.weekPhaseMs) / WEEK_MS);

/** One competition before its participants: `slot` names its random stream, so it is the same every time. */
interface Plan {
  slot: string;
  metric: Metric;
  title: string;
  startsAt: number;
  durationMs: number;
  createdAt: number;
  /** Short events see far smaller gains than week-long ones. */
  short: boolean;
  /** Make the two best participants finish level on top. */
  tie: boolean;
  /** A team competition: every participant plays for one of the named teams. */
  team: boolean;
}

/** Metrics in a seed-chosen order, so consecutive weeks (or days) never repeat one. */
interface MetricRotation {
  skills: Metric[];
  bosses: Metric[];
  rushSkills: Metric[];
  clanHourBosses: Metric[];
}

function metricRotation(seed: number): MetricRotation {
  const f2p = new Set<Metric>(F2P_BOSSES);
  const bosses = BOSSES.filter((boss) => !f2p.has(boss));
  return {
    skills: createRng(seed, 'competition-skills').shuffle(REAL_SKILLS),
    bosses: createRng(seed, 'competition-bosses').shuffle(bosses),
    rushSkills: createRng(seed, 'competition-rush-skills').shuffle(REAL_SKILLS),
    clanHourBosses: createRng(seed, 'competition-clan-hour-bosses').shuffle(bosses),
  };
}

const inTurn = (metrics: Metric[], turn: number): Metric => metrics[turn % metrics.length] ?? 'overall';

/** A boss nobody in the clan ranks in would make an event nobody gains in; its turn goes to the next. */
function bossInTurn(bosses: Metric[], turn: number): Metric {
  let metric = inTurn(bosses, turn);
  for (let next = turn + 1; isBoss(metric) && UNRANKED_BOSSES.has(metric); next += 1)
    metric = inTurn(bosses, next);
  return metric;
}

/** A creation time inside the kind's lane of the hour that starts at `hour`. */
function createdInLane(rng: Rng, lane: number, hour: number): number {
  return hour + lane * LANE_MS + rng.int(0, LANE_MS - 1);
}

/**
 * The weekly event of week `week`: a SOTW in even weeks, a BOTW in odd ones, running the whole week.
 * It is announced a day or two before the previous week's event starts.
 */
function weeklyPlan(seed: number, grid: EventGrid, rotation: MetricRotation, week: number): Plan {
  const slot = `week-${week}`;
  const rng = createRng(seed, 'competition-plan', slot);
  const skill = week % 2 === 0;
  const metric = skill
    ? inTurn(rotation.skills, Math.floor(week / 2))
    : bossInTurn(rotation.bosses, Math.floor(week / 2));
  const team = week % TEAMS_EVERY === 0;
  return {
    slot,
    metric,
    title: `${team ? 'Team ' : ''}${skill ? 'SOTW' : 'BOTW'}: ${MetricProps[metric].name}`,
    startsAt: weekStart(grid, week),
    durationMs: WEEK_MS,
    createdAt: createdInLane(rng, LANES.weekly, weekStart(grid, week - 1) - rng.int(1, 48) * HOUR_MS),
    short: false,
    tie: week % TIE_EVERY === 0,
    team,
  };
}

/** A 90-minute skilling rush in the middle of week `week`, announced early that week. */
function rushPlan(seed: number, grid: EventGrid, rotation: MetricRotation, week: number): Plan {
  const slot = `rush-${week}`;
  const rng = createRng(seed, 'competition-plan', slot);
  const metric = inTurn(rotation.rushSkills, week);
  return {
    slot,
    metric,
    title: `${MetricProps[metric].name} Rush`,
    startsAt: weekStart(grid, week) + rng.int(2, 5) * DAY_MS + rng.int(0, 4) * HOUR_MS,
    durationMs: 90 * MINUTE_MS,
    createdAt: createdInLane(rng, LANES.rush, weekStart(grid, week) + rng.int(1, 24) * HOUR_MS),
    short: true,
    tie: false,
    team: false,
  };
}

/** Today's two-hour Clan Hour (UTC day `day`), announced the evening before. */
function clanHourPlan(seed: number, grid: EventGrid, rotation: MetricRotation, day: number): Plan {
  const slot = `clan-hour-${day}`;
  const rng = createRng(seed, 'competition-plan', slot);
  const metric = bossInTurn(rotation.clanHourBosses, day);
  return {
    slot,
    metric,
    title: `Clan Hour: ${MetricProps[metric].name}`,
    startsAt: day * DAY_MS + grid.clanHourMs,
    durationMs: 2 * HOUR_MS,
    createdAt: createdInLane(rng, LANES.clanHour, day * DAY_MS - rng.int(2, 12) * HOUR_MS),
    short: true,
    tie: false,
    team: false,
  };
}

/**
 * Eight group competitions around the epoch: the weekly events of the last four weeks (finished, one
 * with a tie for first place), this week's (ongoing) and next week's (upcoming); last week's 90-minute
 * rush (finished); and today's Clan Hour, whose status depends on the time of day. Status always comes
 * from the clock at request time.
 */
function plans(seed: number, epoch: number): Plan[] {
  const grid = eventGrid(seed);
  const rotation = metricRotation(seed);
  const thisWeek = weekAt(grid, epoch);
  const weeks = Array.from({ length: PAST_WEEKS + 2 }, (_, index) => thisWeek - PAST_WEEKS + index);
  return [
    ...weeks.map((week) => weeklyPlan(seed, grid, rotation, week)),
    rushPlan(seed, grid, rotation, thisWeek - 1),
    clanHourPlan(seed, grid, rotation, Math.floor(epoch / DAY_MS)),
  ];
}

/** A participant's gain over a competition: a fifth gain nothing, the rest a skewed share of a typical week's. */
export function plannedGain(rng: Rng, metric: Metric, short: boolean): number {
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
  seed: number;
  epoch: number;
  members: SimPlayer[];
  /** Players outside the group; those never updated show -1 in every competition. */
  outsiders: SimPlayer[];
}

/** A quarter to a half of the clan, one never-updated outsider and up to two tracked ones. */
function pickPlayers(rng: Rng, input: CompetitionInput): SimPlayer[] {
  const share = rng.float(0.25, 0.5);
  const count = Math.min(
    input.members.length,
    Math.max(2, Math.min(250, Math.round(input.members.length * share))),
  );
  const untracked = input.outsiders.filter((player) => !player.tracked);
  const tracked = input.outsiders.filter((player) => player.tracked);
  return [
    ...rng.shuffle(input.members).slice(0, count),
    ...rng.shuffle(untracked).slice(0, 1),
    ...rng.shuffle(tracked).slice(0, rng.int(0, 2)),
  ];
}

/** Players dealt round the teams in a seeded order, so the teams come out about the same size. */
function teamNames(input: CompetitionInput, plan: Plan, players: SimPlayer[]): Map<number, string> {
  const teams = new Map<number, string>();
  if (!plan.team) return teams;
  const count = Math.min(TEAM_NAMES.length, Math.max(2, Math.round(players.length / TEAM_SIZE)));
  createRng(input.seed, 'teams', plan.slot)
    .shuffle(players)
    .forEach((player, index) => teams.set(player.id, TEAM_NAMES[index % count] ?? 'Red Team'));
  return teams;
}

function competitionFrom(plan: Plan, input: CompetitionInput): SimCompetition {
  const rng = createRng(input.seed, 'competition', plan.slot);
  const players = pickPlayers(rng, input);
  const teams = teamNames(input, plan, players);
  const participants = players.map((player) => ({
    playerId: player.id,
    plannedGain: plannedGain(rng, plan.metric, plan.short),
    hasData: player.tracked,
    teamName: teams.get(player.id) ?? null,
  }));
  const endsAt = plan.startsAt + plan.durationMs;
  if (plan.tie) {
    const room = new Map(
      players.map((player) => [
        player.id,
        rawMetricValue(rawStatsAt(player.model, input.epoch, endsAt, []), player, plan.metric),
      ]),
    );
    forceTie(participants, room);
  }
  return {
    // Ids grow with creation time, as they do on the real server.
    id: Math.floor((plan.createdAt - FIRST_ID_AT) / LANE_MS),
    title: plan.title,
    type: plan.team ? 'team' : 'classic',
    metric: plan.metric,
    startsAt: plan.startsAt,
    endsAt,
    createdAt: plan.createdAt,
    score: rng.int(40, 500),
    participants,
  };
}

export function generateCompetitions(input: CompetitionInput): SimCompetition[] {
  return plans(input.seed, input.epoch).map((plan) => competitionFrom(plan, input));
}
