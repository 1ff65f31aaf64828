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
