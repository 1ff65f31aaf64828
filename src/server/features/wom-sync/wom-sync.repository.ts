import type { Kysely, Transaction } from 'kysely';
import { MAX_INT32 } from '#core/bounds/int32.ts';
import type { OwedEvent } from '#core/events/competition-awards.ts';
import type { MemberPatch, NewMember, StoredMember } from '#core/members/roster-sync.ts';
import { snapshotPoint } from '#core/members/snapshot-point.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, toBool } from '../../db/values.ts';
import { recordSnapshotPoint } from '../member-history/member-history.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function listStoredMembers(db: Db): Promise<StoredMember[]> {
  const rows = await db
    .selectFrom('members')
    .select([
      'wom_id',
      'name',
      'wom_name',
      'womrole',
      'wom_role_synced',
      'current_xp',
      'current_lvl',
      'first_xp',
      'first_lvl',
      'combat_level',
      'ehb',
      'ehp',
      'wom_account_type',
      'build',
      'join_date',
      'wom_join_date_synced',
      'left_at',
      'not_in_wom',
      'wom_last_changed_at',
    ])
    .execute();
  return rows.map((row) => ({ ...row, not_in_wom: toBool(row.not_in_wom) }));
}

export async function insertMembers(db: Db, members: NewMember[], now: string): Promise<void> {
  // Same columns on every row: SQLite has no DEFAULT inside a multi-row VALUES list.
  const rows = members.map((member) => ({
    ...member,
    siege_score: 0,
    hidden: false,
    alt: false,
    not_in_wom: false,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('members')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

export async function updateMember(db: Db, womId: string, patch: MemberPatch, now: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ ...patch, updated_at: now })
    .where('wom_id', '=', womId)
    .execute();
}

/** WOM snapshot time of every stored snapshot, to skip rewriting unchanged ones. */
export async function listSnapshotTimes(db: Db): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('member_stats').select(['wom_id', 'snapshot_at']).execute();
  return new Map(rows.map((row) => [row.wom_id, row.snapshot_at]));
}

/**
 * Stores a player's latest snapshot and keeps it as their point of the day. A snapshot older than
 * the stored one (a clan sync's hiscores read just before a member's own Sync Progress) never
 * replaces it, so goals and the card never step back.
 */
export async function upsertMemberStats(
  db: Db,
  stats: { wom_id: string; snapshot: string; snapshot_at: string | null; fetched_at: string },
): Promise<void> {
  await db
    .insertInto('member_stats')
    .values(stats)
    .onConflict((oc) =>
      oc
        .column('wom_id')
        .doUpdateSet({
          snapshot: stats.snapshot,
          snapshot_at: stats.snapshot_at,
          fetched_at: stats.fetched_at,
        })
        .where((eb) =>
          stats.snapshot_at === null
            ? eb('member_stats.snapshot_at', 'is', null)
            : eb.or([
                eb('member_stats.snapshot_at', 'is', null),
                eb('member_stats.snapshot_at', '<=', stats.snapshot_at),
              ]),
        ),
    )
    .execute();
  const snapshot = readJson<PlayerSnapshot>(stats.snapshot);
  if (snapshot) await recordSnapshotPoint(db, stats.wom_id, snapshotPoint(snapshot));
}

/**
 * Stores a WOM resource's payload and bumps the `wom` revision, so every instance rebuilds what it
 * serves from it; an unchanged payload keeps its row (and fetch time) as it was.
 */
export async function writeWomCache(
  db: Db,
  resource: string,
  payload: string,
  now: string,
): Promise<boolean> {
  const current = await db
    .selectFrom('wom_cache')
    .select('payload')
    .where('resource', '=', resource)
    .executeTakeFirst();
  if (current?.payload === payload) return false;
  await db
    .insertInto('wom_cache')
    .values({ resource, payload, fetched_at: now })
    .onConflict((oc) => oc.column('resource').doUpdateSet({ payload, fetched_at: now }))
    .execute();
  await bumpRevision(db, 'wom');
  return true;
}

export interface AchievementRow {
  player_wom_id: string;
  player_name: string;
  name: string;
  metric: string;
  threshold: number;
  /** Null when WOM does not know the date. */
  achieved_at: string | null;
}

export async function achievementExists(
  db: Db,
  row: Pick<AchievementRow, 'player_wom_id' | 'metric' | 'threshold'>,
) {
  const found = await db
    .selectFrom('achievements')
    .select('id')
    .where('player_wom_id', '=', row.player_wom_id)
    .where('metric', '=', row.metric)
    .where('threshold', '=', row.threshold)
    .executeTakeFirst();
  return found !== undefined;
}

/** Inserts the achievements not stored yet; returns those that were new. */
export async function insertAchievements(db: Db, rows: AchievementRow[]): Promise<AchievementRow[]> {
  const added: AchievementRow[] = [];
  for (const row of rows) {
    const result = await db
      .insertInto('achievements')
      .values(row)
      .onConflict((oc) => oc.columns(['player_wom_id', 'metric', 'threshold']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added.push(row);
  }
  return added;
}

export interface CompetitionEvent {
  wom_id: string;
  name: string;
  type: string;
  metric: string;
  start_date: string;
  end_date: string;
}

/**
 * Creates or refreshes the event linked to each competition; returns how many rows changed and the
 * events created. An event an admin made and linked to the competition keeps what the admin wrote.
 * On the site's first sync, a competition already over came before this site (issue 29).
 */
export async function upsertCompetitionEvents(
  db: Db,
  events: CompetitionEvent[],
  now: string,
  firstSync: boolean,
): Promise<{ changed: number; created: Array<CompetitionEvent & { id: number }> }> {
  let changed = 0;
  const created: Array<CompetitionEvent & { id: number }> = [];
  for (const event of events) {
    const existing = await db
      .selectFrom('events')
      .select(['id', 'name', 'type', 'metric', 'start_date', 'end_date', 'manual'])
      .where('wom_id', '=', event.wom_id)
      .executeTakeFirst();
    if (existing && toBool(existing.manual)) continue;
    if (!existing) {
      const { id } = await db
        .insertInto('events')
        .values({
          ...event,
          description: null,
          before_site: firstSync && Date.parse(event.end_date) <= Date.parse(now),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      created.push({ ...event, id });
      changed += 1;
    } else if (
      existing.name !== event.name ||
      existing.type !== event.type ||
      existing.metric !== event.metric ||
      existing.start_date !== event.start_date ||
      existing.end_date !== event.end_date
    ) {
      await db
        .updateTable('events')
        .set({ ...event, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      changed += 1;
    }
  }
  if (changed > 0) await bumpRevision(db, 'events');
  return { changed, created };
}

/**
 * Events linked to a competition that ended long enough ago for WOM's final update whose results are
 * not stored yet: those that pay, and those from before this site, which only show their winner
 * (competition-awards.ts, paysOnResults). One of those WOM said it does not know is let go: it has no
 * result to show. An admin who links an event to a competition means it to pay, whenever they do.
 */
export async function listEventsAwaitingResults(db: Db, endedBefore: string): Promise<OwedEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['wom_id', 'end_date', 'manual', 'before_site'])
    .where('wom_id', 'is not', null)
    .where('end_date', 'is not', null)
    .where('results_at', 'is', null)
    .where('end_date', '<=', endedBefore)
    .where((eb) => eb.or([eb('before_site', '=', false), eb('wom_missing_at', 'is', null)]))
    .orderBy('end_date', 'asc')
    .$narrowType<{ wom_id: string; end_date: string }>()
    .execute();
  return rows.map((row) => ({ ...row, manual: toBool(row.manual), before_site: toBool(row.before_site) }));
}

/** The event a competition's results are for, while they are not stored. */
export async function findEventAwaitingResults(db: Db, womId: string) {
  const row = await db
    .selectFrom('events')
    .select([
      'id',
      'name',
      'type',
      'metric',
      'start_date',
      'end_date',
      'short_event',
      'manual',
      'before_site',
    ])
    .where('wom_id', '=', womId)
    .where('results_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      short_event: toBool(row.short_event),
      manual: toBool(row.manual),
      before_site: toBool(row.before_site),
    }
  );
}

/** Members who can score: in the clan now, not deleted. */
export async function listScoringMemberIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('members')
    .select('wom_id')
    .where('left_at', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.wom_id));
}

export interface EventResult {
  member_wom_id: string;
  placement: number;
  gained: number;
  points: number;
  won: boolean;
  reason: string;
}

/**
 * Books an event's results and points; returns the members whose award was booked. The unique keys
 * on (event, member) make it idempotent: a result or award that already exists is skipped, and only
 * a newly booked award moves the score.
 * An award that would take a score past MAX_INT32 is not booked (PostgreSQL would refuse the score
 * and SQLite store it), so the score stays at the ledger's sum on both databases.
 */
export async function recordEventResults(
  db: Transaction<Database>,
  event: { id: number; winner_username: string | null },
  results: EventResult[],
  context: {
    seasonId: number;
    now: string;
    /** The admin booking an event from before this site: their awards can be undone like any award. */
    bookedBy?: number;
  },
): Promise<string[]> {
  const booked: string[] = [];
  for (const result of results) {
    await db
      .insertInto('event_results')
      .values({
        event_id: event.id,
        member_wom_id: result.member_wom_id,
        placement: result.placement,
        gained: result.gained,
        points: result.points,
        won: result.won,
        created_at: context.now,
      })
      .onConflict((oc) => oc.columns(['event_id', 'member_wom_id']).doNothing())
      .execute();
    const award = await db
      .insertInto('points')
      .values({
        member_wom_id: result.member_wom_id,
        season_id: context.seasonId,
        amount: result.points,
        reason: result.reason,
        event_id: event.id,
        actor_user_id: context.bookedBy ?? null,
        kind: context.bookedBy === undefined ? null : 'award',
        created_at: context.now,
      })
      .onConflict((oc) =>
        oc.columns(['event_id', 'member_wom_id']).where('event_id', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (award) {
      const moved = await db
        .updateTable('members')
        .set((eb) => ({ siege_score: eb('siege_score', '+', result.points) }))
        .where('wom_id', '=', result.member_wom_id)
        .where('siege_score', '<=', MAX_INT32 - result.points)
        .executeTakeFirst();
      // Checked in the update itself, under its row lock, so a concurrent +2 cannot slip past it.
      if (Number(moved.numUpdatedRows) > 0) booked.push(result.member_wom_id);
      else await db.deleteFrom('points').where('id', '=', award.id).execute();
    }
  }
  await db
    .updateTable('events')
    .set((eb) => ({
      winner_username: event.winner_username,
      points_awarded_at: context.now,
      // An event from before this site booked by an admin keeps when its results came.
      results_at: eb.fn.coalesce('results_at', eb.val(context.now)),
      updated_at: context.now,
    }))
    .where('id', '=', event.id)
    .execute();
  await bumpRevision(db, 'events');
  return booked;
}

/**
 * Stores that an event from before this site has its results: its winner shows, and nothing is paid
 * until an admin books it (the standings are in the WOM cache, written in the same transaction).
 */
export async function recordResultsUnpaid(
  db: Db,
  event: { id: number; winner_username: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('events')
    .set({ winner_username: event.winner_username, results_at: now, updated_at: now })
    .where('id', '=', event.id)
    .execute();
  await bumpRevision(db, 'events');
}

/** Flags the events linked to competitions WOM answered 404 for, as of this run. */
export async function markCompetitionsMissing(db: Db, womIds: string[], now: string): Promise<void> {
  if (womIds.length === 0) return;
  await db.updateTable('events').set({ wom_missing_at: now }).where('wom_id', 'in', womIds).execute();
}

/** Clears the flag of competitions WOM served this run, and keeps the title it gave them. */
export async function markCompetitionsFound(
  db: Db,
  found: Array<{ wom_id: string; title: string }>,
): Promise<void> {
  for (const competition of found) {
    await db
      .updateTable('events')
      .set({ wom_missing_at: null, wom_title: competition.title })
      .where('wom_id', '=', competition.wom_id)
      .execute();
  }
}
