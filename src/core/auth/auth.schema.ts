import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;

export const loginInputSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The signed-in user as the browser sees it: never the password hash or session data. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
  join_date: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
