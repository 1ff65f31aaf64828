import { z } from 'zod';

/**
 * One case of the public player-watch list as published (domain-rules.md, Player watch). Only the
 * accused name is needed; the other fields are shown to admins as they came.
 */
export const watchListCaseSchema = z.object({
  accused_rsn: z.string().trim().min(1).max(64),
  published_date: z.string().max(40).nullish(),
  reason: z.string().max(2000).nullish(),
  evidence_rating: z.string().max(64).nullish(),
  quick_find: z.string().max(500).nullish(),
  source: z.string().max(64).nullish(),
});
export type WatchListCase = z.infer<typeof watchListCaseSchema>;

/** The list is a JSON array of cases; the limit keeps a runaway upload from filling the database. */
export const WATCH_LIST_MAX_CASES = 50_000;
export const watchListSchema = z.array(watchListCaseSchema).max(WATCH_LIST_MAX_CASES);

/** What an import did: the whole list replaces the last one, and members are matched against it. */
export const watchImportResultSchema = z.object({
  cases: z.number().int(),
  reported_members: z.number().int(),
  newly_reported: z.number().int(),
  cleared: z.number().int(),
});
export type WatchImportResult = z.infer<typeof watchImportResultSchema>;
