import { z } from 'zod';

/**
 * How much one import may hold: the members CSV of a clan of a few thousand is well under this, and
 * a bound keeps the preview (which reads every member) and the transaction that applies it short.
 */
export const MAX_IMPORT_CHARS = 512 * 1024;
export const MAX_IMPORT_ROWS = 5_000;

export const IMPORT_LIMIT_MESSAGES = {
  tooLarge: `The CSV is larger than ${MAX_IMPORT_CHARS / 1024} KiB; split it into smaller files`,
  tooManyRows: `The CSV has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files`,
} as const;

/** `POST /api/admin/members/import`: the file's text, and whether to only preview it. */
export const membersImportInputSchema = z.object({
  csv: z.string().max(MAX_IMPORT_CHARS, IMPORT_LIMIT_MESSAGES.tooLarge),
  dry_run: z.boolean(),
});
export type MembersImportInput = z.infer<typeof membersImportInputSchema>;

/** The member fields an import sets, by their API names. */
export const IMPORTED_FIELDS = ['first_lvl', 'first_xp', 'siege_score', 'join_date', 'title'] as const;
export type ImportedField = (typeof IMPORTED_FIELDS)[number];

const fieldValue = z.union([z.string(), z.number()]).nullable();

export const memberImportChangeSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  /** Each changed field as [before, after]. */
  fields: z.partialRecord(z.enum(IMPORTED_FIELDS), z.tuple([fieldValue, fieldValue])),
});
export type MemberImportChange = z.infer<typeof memberImportChangeSchema>;

export const importErrorSchema = z.object({
  /** The line of the file, counting the header as line 1. */
  line: z.number().int(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const membersImportResultSchema = z.object({
  changes: z.array(memberImportChangeSchema),
  errors: z.array(importErrorSchema),
});
export type MembersImportResult = z.infer<typeof membersImportResultSchema>;

/** The 422 of an import refused for its errors: nothing was applied. */
export const membersImportRefusedSchema = membersImportResultSchema.extend({
  code: z.string(),
  message: z.string(),
});

export const importRefusedMessage = (errors: number) =>
  `${errors} ${errors === 1 ? 'problem' : 'problems'} in the CSV: nothing was imported`;
