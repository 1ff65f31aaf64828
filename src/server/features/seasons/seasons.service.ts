import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  NO_CLOSED_SEASON_MESSAGE,
  finalStandings,
  standingsPage,
  type PastSeason,
  type StandingsPage,
} from '#core/seasons/past-seasons.ts';
import { topPlaces } from '#core/ranking/competition-ranking.ts';
import { confirmsReset, nextSeasonName } from '#core/seasons/season-reset.ts';
import {
  RESET_MISMATCH_MESSAGE,
  type resetScoresResultSchema,
  type seasonWithScoresSchema,
} from '#core/seasons/season.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { announce } from '../discord/discord-outbox.ts';
import {
  archiveScores,
  closeSeason,
  countSeasons,
  findClosedSeason,
  findOpenSeason,
  insertOpenSeason,
  listArchivedScores,
  listClosedSeasons,
  listScoringArchive,
  listSeasons,
  lockMembersForReset,
  toSeason,
  zeroAllScores,
} from './seasons.repository.ts';

export interface SeasonsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** The places of the closed season's final standings that its Discord message names. */
const ANNOUNCED_PLACES = 10;

export type ResetScoresResult = z.infer<typeof resetScoresResultSchema>;
export type SeasonWithScores = z.infer<typeof seasonWithScoresSchema>;

/**
 * The yearly reset (domain-rules.md, Points): in one transaction, archive every member's score in
 * the open season (hidden, left and deleted members included), close it, open the next and set
 * every score to 0, and queue its final standings for Discord. A crash at any point leaves the old
 * season or the new one, never a mix. A phrase other than RESET ALL SCORES writes nothing.
 */
export async function resetSiegeScores(
  deps: SeasonsDeps,
  confirmation: string,
  actor: AuditActor,
): Promise<ResetScoresResult> {
  if (!confirmsReset(confirmation)) throw badRequest(RESET_MISMATCH_MESSAGE);
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    await lockMembersForReset(trx);
    const open = await findOpenSeason(trx);
    const membersReset = await archiveScores(trx, open.id);
    const closed = toSeason(await closeSeason(trx, open.id, { at, by: actor.userId }));
    const opened = toSeason(await insertOpenSeason(trx, nextSeasonName(await countSeasons(trx)), at));
    await zeroAllScores(trx, at);
    const standings = topPlaces(finalStandings(await listScoringArchive(trx, [open.id])), ANNOUNCED_PLACES);
    await announce(
      trx,
      {
        kind: 'season_reset',
        season: closed.name,
        standings: standings.map((line) => ({
          name: line.name,
          wom_id: line.wom_id,
          value: line.siege_score,
        })),
      },
      now,
    );
    await recordAudit(trx, {
      actor,
      action: 'season.reset',
      targetType: 'season',
      targetId: open.id,
      before: { season: toSeason(open) },
      after: { closed, opened, members_reset: membersReset },
      at: now,
    });
    await bumpRevision(trx, 'members');
    return { closed, opened, members_reset: membersReset };
  });
}

/** Every season, newest first; a closed season with its archived scores, highest first. */
export async function listSeasonsWithScores(db: Kysely<Database>): Promise<SeasonWithScores[]> {
  const seasons = await listSeasons(db);
  const scores = await listArchivedScores(db);
  const bySeason = new Map<number, SeasonWithScores['scores']>();
  for (const { season_id: seasonId, ...score } of scores) {
    const list = bySeason.get(seasonId) ?? [];
    list.push(score);
    bySeason.set(seasonId, list);
  }
  return seasons.map((row) => ({ ...toSeason(row), scores: bySeason.get(row.id) ?? [] }));
}

/**
 * The "Past seasons" view: every season a reset closed, newest first, each with how many members
 * finished it with points and the first `top` places of its final standings.
 */
export async function listPastSeasons(db: Kysely<Database>, top: number): Promise<PastSeason[]> {
  const seasons = await listClosedSeasons(db);
  const scores = await listScoringArchive(
    db,
    seasons.map((season) => season.id),
  );
  const bySeason = new Map<number, typeof scores>();
  for (const score of scores) {
    const list = bySeason.get(score.season_id) ?? [];
    list.push(score);
    bySeason.set(score.season_id, list);
  }
  return seasons.map((row) => {
    const standings = finalStandings(bySeason.get(row.id) ?? []);
    return {
      id: row.id,
      name: row.name,
      started_at: row.started_at,
      ended_at: row.ended_at,
      standings_count: standings.length,
      standings: standings.slice(0, top),
    };
  });
}

/** One page of a closed season's final standings; 404 for the open season or an unknown id. */
export async function pastSeasonStandings(
  db: Kysely<Database>,
  seasonId: number,
  page: { limit: number; cursor?: number },
): Promise<StandingsPage> {
  if (!(await findClosedSeason(db, seasonId))) throw notFound(NO_CLOSED_SEASON_MESSAGE);
  const standings = finalStandings(await listScoringArchive(db, [seasonId]));
  return standingsPage(standings, page.cursor ?? 0, page.limit);
}
