import { z } from 'zod';
import { serialIdSchema, womPlayerIdSchema } from '../http/params.schema.ts';

/**
 * One admin action as `GET /api/admin/audit` lists it, newest first. The ids are the row's own; the
 * names beside them are looked up when the log is read, so a renamed member shows their name today.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_user_id: z.number().int().nullable(),
  actor_label: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
  /** The acting account's username now; null for the shell and jobs (see `actor_label`). */
  actor_name: z.string().nullable(),
  /** The target's name: a member's, an event's, a user's, a season's; a claim request's requester. */
  target_name: z.string().nullable(),
  /** The member the action concerns: the target member, or the character of a claim code or request. */
  member_wom_id: z.string().nullable(),
  member_name: z.string().nullable(),
  /** Names of the members a bulk action (a CSV or player-watch import) lists by WOM id. */
  member_names: z.record(z.string(), z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;

/** An action's name as recorded: lower-case words joined by dots and dashes ('member.points'). */
const ACTION_NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

/**
 * `?limit=` (default 50) and `?before=` (an entry id: the page after it) for paging back in time;
 * `?actor=` (a user id), `?action=` and `?member=` (a WOM id) narrow the log to matching rows.
 */
export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  actor: serialIdSchema.optional(),
  action: z
    .string()
    .max(60, 'action must be at most 60 characters')
    .regex(ACTION_NAME, 'action must be an action name such as member.points')
    .optional(),
  member: womPlayerIdSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** What the audit tab's filters offer: the accounts and actions the log holds, and every member. */
export const auditFiltersSchema = z.object({
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  actions: z.array(z.string()),
  members: z.array(z.object({ wom_id: z.string(), name: z.string() })),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;
