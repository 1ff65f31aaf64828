import { z } from 'zod';
import { MAX_SERIAL_ID, serialIdSchema, womPlayerIdSchema } from '../http/params.schema.ts';
import { POINTS_REASON_MAX } from './points-history.ts';

/** Most members one award can pay: a clan's whole event, bounded so one request stays small. */
export const POINT_BATCH_MAX_ENTRIES = 500;

/** One member's share: an amount, or a placement the clan's point values turn into one. */
const entrySchema = z.union([
  z.object({
    wom_id: womPlayerIdSchema,
    amount: z.number().int('Points are whole numbers').min(1).max(1_000),
  }),
  z.object({ wom_id: womPlayerIdSchema, placement: z.number().int().min(1).max(10_000) }),
]);

/**
 * `POST /api/admin/point-batches` (issue 30): an event's points in one go, one reason for all, each
 * member once.
 */
export const pointBatchInputSchema = z.object({
  event_id: z
    .number()
    .int()
    .min(1)
    .max(MAX_SERIAL_ID)
    .nullish()
    .transform((id) => id ?? null),
  reason: z.string().trim().min(1, 'A reason is required').max(POINTS_REASON_MAX),
  entries: z
    .array(entrySchema)
    .min(1, 'Pick at least one member')
    .max(POINT_BATCH_MAX_ENTRIES)
    .refine(
      (entries) => new Set(entries.map((entry) => entry.wom_id)).size === entries.length,
      'A member can be in an award only once',
    ),
});
export type PointBatchInput = z.input<typeof pointBatchInputSchema>;

export const pointBatchSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int().nullable(),
  reason: z.string(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
  total: z.number().int(),
  entries: z.array(z.object({ wom_id: z.string(), name: z.string(), amount: z.number().int() })),
});
export type PointBatch = z.infer<typeof pointBatchSchema>;

export const pointBatchParamsSchema = z.object({ id: serialIdSchema });

/** `GET /api/admin/point-batches?before=`: newest first, a page at a time. */
export const pointBatchesQuerySchema = z.object({ before: serialIdSchema.optional() });

export const POINT_BATCH_MESSAGES = {
  notFound: 'No such award',
  alreadyUndone: 'This award was already undone',
  closedSeason: "This award belongs to a closed season: undoing it would change that season's scores",
  unknownMember: (womId: string) => `No member has the WOM id ${womId}`,
  belowZero: (name: string) => `Undoing this award would take ${name}'s score below 0`,
} as const;
