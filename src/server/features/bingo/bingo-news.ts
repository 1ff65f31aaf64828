import type { Kysely, Transaction } from 'kysely';
import { utcDay } from '#core/discord/competition-reminders.ts';
import type { News } from '#core/discord/news.ts';
import { rankByValue } from '#core/ranking/competition-ranking.ts';
import type { Database } from '../../db/schema.ts';
import { readBoardView } from './bingo-progress.ts';

/** How long after its end a board's final standings may still be told (a site down that long skips them). */
const FINAL_WITHIN_MS = 2 * 86_400_000;

export interface BingoStandingsDue {
  key: string;
  boardId: number;
  final: boolean;
}

/**
 * The bingo standings due now (issue 31): each running board's once per UTC day, and each board's
 * final standings once it has ended. Marked once each by the clan news job.
 */
export async function bingoStandingsDue(db: Kysely<Database>, now: Date): Promise<BingoStandingsDue[]> {
  const rows = await db
    .selectFrom('bingo_boards')
    .select(['id', 'ends_at'])
    .where('starts_at', '<=', now.toISOString())
    .where('ends_at', '>', new Date(now.getTime() - FINAL_WITHIN_MS).toISOString())
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const final = Date.parse(row.ends_at) <= now.getTime();
    return {
      key: final ? `bingo_final:${row.id}` : `bingo_standings:${row.id}:${utcDay(now)}`,
      boardId: row.id,
      final,
    };
  });
}

/** A board's standings as Discord is told them: teams by score, ties in name order; none for a board gone. */
export async function bingoStandingsNews(
  trx: Transaction<Database>,
  due: BingoStandingsDue,
): Promise<News | null> {
  const view = await readBoardView(trx, due.boardId);
  if (!view) return null;
  const teams = [...view.teams].sort((a, b) => a.name.localeCompare(b.name));
  const ranked = rankByValue(teams, (team) => team.score).map(({ item }) => item);
  const unplaced = teams.filter((team) => !ranked.includes(team));
  return {
    kind: 'bingo',
    board: { id: view.id, title: view.title },
    update: {
      what: 'standings',
      final: due.final,
      standings: [...ranked, ...unplaced].map((team) => ({ team: team.name, score: team.score })),
    },
  };
}
