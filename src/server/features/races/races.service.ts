import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { TARGET_NOT_SAFE } from '#core/bounds/safe-integer.ts';
import { goalTarget } from '#core/goals/goal-creation.ts';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { metricValue } from '#core/metrics/metric-value.ts';
import { inStandingsOrder, isRaceRunning, raceProgressPercent } from '#core/races/race-progress.ts';
import { repeatedParticipant } from '#core/races/repeated-participant.ts';
import { toPage, type Page } from '#core/http/paging.ts';
import {
  RACE_MESSAGES,
  type Race,
  type RaceDetail,
  type RacesPage,
  type raceInputSchema,
} from '#core/races/races.schema.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, toBool } from '../../db/values.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { fetchPlayerStats, isFresh, type StatsRow } from '../wom-data/player-snapshots.ts';
import { requireRoomUnderCap } from '../users/account-caps.ts';
import { storePlayerStats } from '../wom-data/stored-player-stats.ts';
import { updateRunningParticipants } from './race-updates.ts';
import {
  countOpenRacesOf,
  deleteParticipants,
  deleteRace,
  findVisibleRace,
  insertParticipant,
  insertRace,
  listMemberSnapshots,
  listParticipants,
  listProgress,
  listPublicRaces,
  listRacesOf,
  updateRace,
  updateTarget,
  type NewParticipant,
  type ParticipantRow,
  type RaceFields,
  type RaceRow,
  type RaceViewer,
} from './races.repository.ts';

export interface RacesDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: WomGateway;
  playerCacheMs: number;
}

type Db = Kysely<Database> | Transaction<Database>;
type RaceInput = z.output<typeof raceInputSchema>;
type ParticipantInput = RaceInput['participants'][number];
type User = { id: number; is_admin: boolean };

const raceNotFound = () => notFound('Race not found');

function toRace(row: RaceRow, participants: readonly ParticipantRow[]): Race {
  return {
    id: row.id,
    creator_id: row.creator_id,
    creator_name: row.creator_name,
    title: row.title,
    description: row.description,
    public: toBool(row.public),
    end_date: row.end_date,
    created_at: row.created_at,
    race_participants: inStandingsOrder(
      participants.map((p) => ({
        id: p.id,
        wom_id: p.wom_id,
        player_name: p.player_name,
        metric: p.metric,
        start_value: p.start_value,
        current_value: p.current_value,
        target_value: p.target_value,
        progress_percent: raceProgressPercent(p),
      })),
    ),
  };
}

async function withParticipants(db: Db, rows: readonly RaceRow[], viewer: RaceViewer): Promise<Race[]> {
  const participants = await listParticipants(
    db,
    rows.map((row) => row.id),
    viewer,
  );
  return rows.map((row) =>
    toRace(
      row,
      participants.filter((p) => p.race_id === row.id),
    ),
  );
}

/**
 * A page of public races, or of the user's own (created, or with one of their characters in a race
 * they may see).
 */
export async function listRaces(
  db: Db,
  scope: 'public' | 'mine',
  viewer: RaceViewer,
  page: Page,
): Promise<RacesPage> {
  const [rows, shownTo] =
    scope === 'mine' && viewer
      ? [await listRacesOf(db, viewer, page), viewer]
      : // The public list is the same for everyone, admins too, so it can be built once for all.
        [await listPublicRaces(db, page), null];
  const { items, next_cursor } = toPage(rows, page.limit, (row) => row);
  return { items: await withParticipants(db, items, shownTo), next_cursor };
}

async function visibleRace(db: Db, id: number, viewer: RaceViewer): Promise<Race> {
  const row = await findVisibleRace(db, id, viewer);
  if (!row) throw raceNotFound();
  return toRace(row, await listParticipants(db, [id], viewer));
}

/** The race with every value seen per participant, if the viewer may see it. */
export async function getRaceDetail(db: Db, id: number, viewer: RaceViewer): Promise<RaceDetail> {
  const race = await visibleRace(db, id, viewer);
  const points = await listProgress(
    db,
    race.race_participants.map((p) => p.id),
  );
  return {
    ...race,
    history: race.race_participants.map((p) => ({
      participant_id: p.id,
      points: points
        .filter((point) => point.participant_id === p.id)
        .map(({ value, recorded_at }) => ({ value, recorded_at })),
    })),
  };
}

function raceFields(input: RaceInput, now: Date): RaceFields {
  const endDate = input.end_date ? new Date(input.end_date) : null;
  if (endDate && endDate.getTime() < now.getTime()) throw badRequest(RACE_MESSAGES.pastEndDate);
  return {
    title: input.title,
    description: input.description,
    public: input.public,
    end_date: endDate ? endDate.toISOString() : null,
  };
}

/**
 * The participants with their start values read from their players' stored snapshots. Each must be
 * a visible member with a snapshot that holds the metric, one of WOM's skills, bosses or activities.
 */
async function withStartValues(
  trx: Transaction<Database>,
  participants: readonly ParticipantInput[],
): Promise<NewParticipant[]> {
  const members = new Map(
    (
      await listMemberSnapshots(
        trx,
        participants.map((p) => p.wom_id),
      )
    ).map((member) => [member.wom_id, member]),
  );
  return participants.map((participant) => {
    const member = members.get(participant.wom_id);
    const snapshot = readJson<PlayerSnapshot>(member?.snapshot ?? null);
    const start = snapshot ? metricValue(snapshot, participant.metric) : null;
    if (!member || start === null) throw badRequest(RACE_MESSAGES.participantIncomplete);
    return {
      wom_id: participant.wom_id,
      metric: participant.metric,
      target_value: targetFrom(participant, start),
      player_name: member.name,
      start_value: start,
    };
  });
}

/**
 * The participant's target from its start: the value itself, or the start plus a gain. A target at
 * or below the start is refused, as on goals: the participant could never make progress towards it.
 */
function targetFrom(participant: ParticipantInput, start: number): number {
  const target = goalTarget(participant.mode, start, participant.target_value);
  if (target <= start) throw badRequest(RACE_MESSAGES.targetNotAboveStart);
  if (!Number.isSafeInteger(target)) throw badRequest(TARGET_NOT_SAFE);
  return target;
}

/**
 * Refuses a participant listed twice, the same character on the same metric (400), named as the race
 * or the roster knows it. A hidden member's name is not told: the id the request sent stands in.
 */
async function refuseRepeatedParticipant(
  trx: Transaction<Database>,
  participants: readonly ParticipantInput[],
  inRace: readonly ParticipantRow[] = [],
): Promise<void> {
  const repeated = repeatedParticipant(participants);
  if (repeated === null) return;
  const [member] = await listMemberSnapshots(trx, [repeated.wom_id]);
  const name =
    inRace.find((p) => p.wom_id === repeated.wom_id)?.player_name ?? member?.name ?? repeated.wom_id;
  throw badRequest(RACE_MESSAGES.repeatedParticipant(name, metricDisplayName(repeated.metric)));
}

/** Refuses when the user already has as many races running as one account may. */
function requireRoomForOpenRace(trx: Transaction<Database>, userId: number, now: Date): Promise<void> {
  return requireRoomUnderCap(trx, userId, 'openRaces', (db) => countOpenRacesOf(db, userId, now));
}

/** Creates the race and its participants, each starting from its player's current value, in one transaction. */
export async function createRace(deps: RacesDeps, user: User, input: RaceInput): Promise<Race> {
  const now = deps.clock.now();
  const fields = raceFields(input, now);
  return deps.db.transaction().execute(async (trx) => {
    await requireRoomForOpenRace(trx, user.id, now);
    await refuseRepeatedParticipant(trx, input.participants);
    const participants = await withStartValues(trx, input.participants);
    const id = await insertRace(trx, { ...fields, creator_id: user.id, created_at: now.toISOString() });
    for (const participant of participants) {
      await insertParticipant(trx, id, participant, now.toISOString());
    }
    await bumpRevision(trx, 'races');
    return visibleRace(trx, id, user);
  });
}

/** The race if the user created it: 404 when they cannot see it, 403 when they can but it is not theirs. */
async function ownRace(db: Db, id: number, user: User): Promise<RaceRow> {
  const row = await findVisibleRace(db, id, user);
  if (!row) throw raceNotFound();
  if (row.creator_id !== user.id) throw forbidden(RACE_MESSAGES.onlyCreator);
  return row;
}

const participantKey = (p: { wom_id: string; metric: string }) => `${p.wom_id} ${p.metric}`;

/**
 * Replaces the creator's race in one transaction. A participant sent again (same player and metric)
 * keeps its id, start value and history, with the new target; a new one starts from its player's
 * current value; one no longer sent is removed with its history.
 */
export async function updateRaceOf(deps: RacesDeps, user: User, id: number, input: RaceInput): Promise<Race> {
  const now = deps.clock.now();
  const fields = raceFields(input, now);
  return deps.db.transaction().execute(async (trx) => {
    const race = await ownRace(trx, id, user);
    // Moving an ended race's end date away would open one more race without creating it.
    if (!isRaceRunning(race.end_date, now) && isRaceRunning(fields.end_date, now)) {
      await requireRoomForOpenRace(trx, user.id, now);
    }
    // A participant hidden from the creator is neither shown in their form nor removed by it.
    const existing = await listParticipants(trx, [id], user);
    await refuseRepeatedParticipant(trx, input.participants, existing);
    const unmatched = new Map<string, ParticipantRow[]>();
    for (const participant of existing) {
      const key = participantKey(participant);
      unmatched.set(key, [...(unmatched.get(key) ?? []), participant]);
    }
    const kept: Array<{ row: ParticipantRow; target_value: number }> = [];
    const added: ParticipantInput[] = [];
    for (const participant of input.participants) {
      const row = unmatched.get(participantKey(participant))?.shift();
      if (row) kept.push({ row, target_value: targetFrom(participant, row.start_value) });
      else added.push(participant);
    }
    const newParticipants = await withStartValues(trx, added);

    await updateRace(trx, id, fields, now.toISOString());
    await deleteParticipants(
      trx,
      [...unmatched.values()].flat().map((p) => p.id),
    );
    for (const { row, target_value } of kept) await updateTarget(trx, row.id, target_value);
    for (const participant of newParticipants) {
      await insertParticipant(trx, id, participant, now.toISOString());
    }
    await bumpRevision(trx, 'races');
    return visibleRace(trx, id, user);
  });
}

export async function deleteRaceOf(db: Kysely<Database>, user: User, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownRace(trx, id, user);
    await deleteRace(trx, id);
    await bumpRevision(trx, 'races');
  });
}

/**
 * Asks WOM for each participant's player whose stored snapshot is older than the player cache,
 * storing nothing until every answer is in: one failure answers 503 and leaves everything as it
 * was. Then stores the answers and moves the participants, in one transaction. An ended race is
 * answered as it stands, without asking WOM.
 */
export async function refreshRace(deps: RacesDeps, user: User, id: number): Promise<Race> {
  const race = await findVisibleRace(deps.db, id, user);
  if (!race) throw raceNotFound();
  if (!isRaceRunning(race.end_date, deps.clock.now())) return visibleRace(deps.db, id, user);

  const womIds = [...new Set((await listParticipants(deps.db, [id], user)).map((p) => p.wom_id))];
  const gateway = deps.gateway.forVisitors();
  const fresh: StatsRow[] = [];
  for (const member of await listMemberSnapshots(deps.db, womIds)) {
    const stored =
      member.snapshot !== null && member.fetched_at !== null
        ? {
            wom_id: member.wom_id,
            snapshot: member.snapshot,
            snapshot_at: member.snapshot_at,
            fetched_at: member.fetched_at,
          }
        : null;
    if (stored && isFresh(stored, deps.clock.now(), deps.playerCacheMs)) continue;
    try {
      fresh.push(await fetchPlayerStats(gateway, member.wom_id, stored, deps.clock));
    } catch (error) {
      if (error instanceof WomError) throw new HttpError(503, 'WOM_UNAVAILABLE', GOAL_MESSAGES.syncFailed);
      throw error;
    }
  }

  return deps.db.transaction().execute(async (trx) => {
    // Through the one store, so the character card and the roster follow what the race shows.
    for (const stats of fresh) await storePlayerStats(trx, stats, deps.clock.now());
    await updateRunningParticipants(trx, deps.clock.now(), womIds);
    return visibleRace(trx, id, user);
  });
}
