import { z } from 'zod';
import { sessionUserSchema } from '../auth/auth.schema.ts';
import { serialIdSchema } from '../http/params.schema.ts';

export const adminUserSchema = sessionUserSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;

export const setAdminInputSchema = z.object({ is_admin: z.boolean() });
export type SetAdminInput = z.infer<typeof setAdminInputSchema>;

export const userIdParamsSchema = z.object({ id: serialIdSchema });

/** A user as `GET /api/users` answers an admin (everyone) or a user (themselves). */
export const userSchema = sessionUserSchema.extend({ supabase_auth_id: z.string().nullable() });
export type User = z.infer<typeof userSchema>;

/** The spec's texts for linking a user to an external sign-in id (§5 Registration, §8 Admin). */
export const LINK_AUTH_ID_MESSAGES = {
  invalidUuid: 'Invalid UUID format',
  failedToLink: 'Failed to link user',
} as const;

/** `POST /api/admin/users/:id/auth-id`: the external sign-in id kept for single sign-on later; null unlinks. */
export const linkAuthIdInputSchema = z.object({
  supabase_auth_id: z.uuid(LINK_AUTH_ID_MESSAGES.invalidUuid).nullable(),
});

/** `POST /api/admin/users/:id/password-reset`: the one-time link, shown to the admin once. */
export const passwordResetLinkSchema = z.object({
  /** The path with the token (`/reset-password?token=…`), to send to the user in-game or on Discord. */
  path: z.string(),
  expires_at: z.string(),
});
