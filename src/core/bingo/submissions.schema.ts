import { z } from 'zod';

/** A submission's note, and how many submissions one account may send an hour (issue 31's bounds). */
export const SUBMISSION_NOTE_MAX = 500;
export const SUBMISSIONS_PER_HOUR = 10;
export const REASON_MAX = 200;

export const SUBMISSION_STATUSES = ['pending', 'approved', 'denied'] as const;

/** `PATCH /api/admin/bingo/submissions/:id`: a decision; a denial says why, 'pending' undoes one. */
export const decisionInputSchema = z
  .object({
    status: z.enum(SUBMISSION_STATUSES),
    reason: z
      .string()
      .trim()
      .max(REASON_MAX)
      .nullish()
      .transform((reason) => reason || null),
  })
  .refine((input) => input.status !== 'denied' || input.reason !== null, {
    path: ['reason'],
    message: 'A denial needs a reason the member sees',
  });

/** A submission as the referee queue and its member see it. */
export const submissionSchema = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  tile_id: z.number().int(),
  tile_title: z.string(),
  team_name: z.string(),
  wom_id: z.string(),
  member_name: z.string(),
  note: z.string(),
  /** 'auto' for a completion the site found itself, waiting for a referee. */
  source: z.enum(['member', 'auto']),
  status: z.enum(SUBMISSION_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  screenshot: z.object({ full: z.string(), thumbnail: z.string() }).nullable(),
});
export type BingoSubmission = z.infer<typeof submissionSchema>;

export const SUBMISSION_MESSAGES = {
  notRunning: 'This board is not running',
  noTile: 'No such tile on this board',
  notInTeam: "Only a member of one of this board's teams can submit for it",
  alreadyComplete: 'Your team has already completed this tile',
  needsScreenshot: 'A screenshot is required as proof',
  noteTooLong: `The note must be at most ${SUBMISSION_NOTE_MAX} characters`,
  formParts: 'The form may hold only a note and one screenshot file',
  bodySize: 'A submission must be at most 8.5 MB: a screenshot of at most 8 MB and its note',
  tooMany: (minutes: number) =>
    `At most ${SUBMISSIONS_PER_HOUR} submissions an hour: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  notFound: 'No such submission',
} as const;
