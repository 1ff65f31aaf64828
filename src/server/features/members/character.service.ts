import type { Kysely } from 'kysely';
import { goalProgressPercent } from '#core/goals/goal-progress.ts';
import type { GoalType } from '#core/goals/goals.schema.ts';
import {
  CHARACTER_HISTORY_DAYS,
  CHARACTER_LIST_LIMIT,
  nextRankInWords,
  womProfileUrl,
  type CharacterPage,
  type CharacterSeason,
} from '#core/members/character.schema.ts';
import { characterStatsOf } from '#core/members/character-stats.ts';
import { nextRank } from '#core/clan/rank-ladder.ts';
import { raceProgressPercent } from '#core/races/race-progress.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, toBool } from '../../db/values.ts';
import { listSnapshotPoints } from '../member-history/member-history.repository.ts';
import { listMemberReturns } from '../member-history/member-returns.repository.ts';
import { findMemberStats } from '../wom-data/wom-data.repository.ts';
import {
  findOpenSeason,
  findVisibleRosterRow,
  listArchivedSeasonScores,
  listEventsWon,
  listPublicGoalsOf,
  listPublicRacesOf,
} from './members.repository.ts';
import { ladderContext } from '../clan-settings/clan-settings.ts';
import { toPublicMember } from './members.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first UTC day the page's history covers, `CHARACTER_HISTORY_DAYS` days up to and including today. */
export function historySince(now: Date): string {
  return new Date(now.getTime() - (CHARACTER_HISTORY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
}

async function seasonsOf(db: Kysely<Database>, womId: string, openScore: number): Promise<CharacterSeason[]> {
  const [archived, open] = await Promise.all([listArchivedSeasonScores(db, womId), findOpenSeason(db)]);
  const seasons: CharacterSeason[] = archived.map((row) => ({
    season_id: row.season_id,
    name: row.name,
    started_at: row.started_at,
    ended_at: row.ended_at,
    open: false,
    siege_score: row.siege_score,
  }));
  if (open) {
    seasons.push({
      season_id: open.id,
      name: open.name,
      started_at: open.started_at,
      ended_at: null,
      open: true,
      siege_score: openScore,
    });
  }
  return seasons;
}

/**
 * One member's page, or null when the public must not see them (hidden, deleted, gone from the clan
 * or unknown): the route answers 404 alike, so nobody learns that a hidden member exists.
 */
export async function characterPage(
  db: Kysely<Database>,
  womId: string,
  now: Date,
): Promise<CharacterPage | null> {
  const row = await findVisibleRosterRow(db, womId);
  if (!row) return null;
  const context = await ladderContext(db, now);
  const member = toPublicMember(row, context);
  const [seasons, eventsWon, goals, races, history, stored, returns] = await Promise.all([
    seasonsOf(db, womId, member.siege_score),
    listEventsWon(db, womId),
    listPublicGoalsOf(db, womId, CHARACTER_LIST_LIMIT),
    listPublicRacesOf(db, womId, CHARACTER_LIST_LIMIT),
    listSnapshotPoints(db, womId, historySince(now)),
    findMemberStats(db, womId),
    listMemberReturns(db, [womId]),
  ]);
  const snapshot = readJson<PlayerSnapshot>(stored?.snapshot ?? null);
  // WOM takes a snapshot at each update of the player, so its time is WOM's last update.
  const womUpdatedAt = snapshot ? (stored?.snapshot_at ?? snapshot.createdAt) : null;
  return {
    member,
    next_rank_text: nextRankInWords(nextRank(context.ladder, row, now)),
    wom_profile_url: womProfileUrl(member.wom_name ?? member.name),
    last_updated_at: womUpdatedAt ?? history.at(-1)?.snapshot_at ?? row.updated_at,
    wom_last_changed_at: row.wom_last_changed_at,
    wom_updated_at: womUpdatedAt,
    stats: snapshot ? characterStatsOf(snapshot) : null,
    seasons,
    events_won: eventsWon,
    goals: goals.map((goal) => ({
      id: goal.id,
      goal_type: goal.goal_type as GoalType,
      metric: goal.metric,
      start_value: goal.start_value,
      current_value: goal.current_value,
      target_value: goal.target_value,
      progress_percent: goalProgressPercent(goal),
      completed: toBool(goal.completed),
      target_date: goal.target_date,
    })),
    races: races.map((race) => ({ ...race, progress_percent: raceProgressPercent(race) })),
    history: history.map((point) => ({ day: point.day, exp: point.exp, ehb: point.ehb })),
    returns: returns.get(womId) ?? [],
  };
}
