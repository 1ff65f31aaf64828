import { z } from 'zod';
import { serialIdSchema } from '../http/params.schema.ts';
import { rankByValue } from '../ranking/competition-ranking.ts';
import { seasonSchema } from './season.schema.ts';

/** How many places of each past season the list shows before its "Show all" (issue 21). */
export const PAST_SEASON_TOP = 10;
/** The most places one request may ask for, of a season's top or of one page of its standings. */
export const STANDINGS_MAX = 100;

/** One place in a closed season's final standings. */
export const standingSchema = z.object({
  /** 1 for the highest score; equal scores share a place (the site's one ranking). */
  rank: z.number().int().min(1),
  wom_id: z.string(),
  name: z.string(),
  siege_score: z.number().int(),
});
export type Standing = z.infer<typeof standingSchema>;

/** `GET /api/admin/seasons/past`: a closed season, its size and the top of its final standings. */
export const pastSeasonSchema = seasonSchema.omit({ is_open: true }).extend({
  /** How many members finished with points: the length of the full standings. */
  standings_count: z.number().int().min(0),
  standings: z.array(standingSchema),
});
export type PastSeason = z.infer<typeof pastSeasonSchema>;

const TOP_MESSAGE = `top must be a whole number from 1 to ${STANDINGS_MAX}`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${STANDINGS_MAX}`;
const CURSOR_MESSAGE = 'cursor is not one this list gave out';
/** A cursor is the number of places already shown; more than any clan has members is not one we gave. */
const CURSOR = /^[1-9]\d{0,5}$/;

const countParam = (message: string, fallback: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,2}$/, message)
    .transform(Number)
    .pipe(z.number().max(STANDINGS_MAX, message))
    .default(fallback);

export const pastSeasonsQuerySchema = z.object({ top: countParam(TOP_MESSAGE, PAST_SEASON_TOP) });

/**
 * `GET /api/admin/seasons/:id/standings`: a closed season's archive never changes, so the count of
 * places already shown is a cursor that stays true between pages.
 */
export const standingsQuerySchema = z.object({
  limit: countParam(LIMIT_MESSAGE, STANDINGS_MAX),
  cursor: z.string().regex(CURSOR, CURSOR_MESSAGE).transform(Number).optional(),
});

export const seasonIdParamsSchema = z.object({ id: serialIdSchema });

export const standingsPageSchema = z.object({
  items: z.array(standingSchema),
  next_cursor: z.string().nullable(),
});
export type StandingsPage = z.infer<typeof standingsPageSchema>;

export const NO_CLOSED_SEASON_MESSAGE = 'No past season has this id';

interface ArchivedScore {
  wom_id: string;
  name: string;
  siege_score: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * A season's final standings from its archive, as the leaderboard ranks the open one: only scores
 * above 0, highest first, ties sharing a place (30, 30, 12 -> 1, 1, 3), equal scores by name and
 * then WOM id so the order, and with it a page's cursor, is the same on every read.
 */
export function finalStandings(scores: readonly ArchivedScore[]): Standing[] {
  return rankByValue(scores, (score) => score.siege_score, {
    breakTie: (a, b) => collator.compare(a.name, b.name) || a.wom_id.localeCompare(b.wom_id),
  }).map(({ item, rank }) => ({ rank, wom_id: item.wom_id, name: item.name, siege_score: item.siege_score }));
}

/** One page of standings after the `shown` places already shown. */
export function standingsPage(standings: readonly Standing[], shown: number, limit: number): StandingsPage {
  const end = shown + limit;
  return {
    items: standings.slice(shown, end),
    next_cursor: end < standings.length ? String(end) : null,
  };
}
