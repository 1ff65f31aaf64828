import { z } from 'zod';

/** One admin action as `GET /api/admin/audit` lists it, newest first. */
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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;

/** `?limit=` (default 50) and `?before=` (an entry id: the page after it) for paging back in time. */
export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
