import { z } from 'zod';

export const syncRunSchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['running', 'succeeded', 'failed']),
  /** What a running sync is doing now. */
  stage: z.string().nullable(),
  error: z.string().nullable(),
  wom_requests: z.number().int(),
  counts: z.record(z.string(), z.number()).nullable(),
  triggered_by: z.number().int().nullable(),
});
export type SyncRunItem = z.infer<typeof syncRunSchema>;

export const syncStatusSchema = z.object({
  running: z.boolean(),
  current: syncRunSchema.nullable(),
  runs: z.array(syncRunSchema),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncStartedSchema = z.object({ run_id: z.number().int() });

/**
 * The stages a WOM sync reports, in order, so the admin's progress bar can show how far a run is
 * (the stage's position of the whole) without the server knowing about bars.
 */
export const WOM_SYNC_STAGES = [
  'Fetching the group',
  'Fetching member stats',
  'Fetching group statistics',
  'Fetching competitions',
  'Fetching achievements',
  'Fetching competition results',
  'Saving',
] as const;

/** `GET /api/admin/player-watch`: the import job's runs, where it downloads from and the list it holds. */
export const playerWatchStatusSchema = syncStatusSchema.extend({
  /** The configured list URL; null when only uploads feed the list. */
  url: z.string().nullable(),
  /** Cases in the list now (the last good import). */
  cases: z.number().int(),
  /** Members reported and not whitelisted. */
  alerts: z.number().int(),
});
export type PlayerWatchStatus = z.infer<typeof playerWatchStatusSchema>;
