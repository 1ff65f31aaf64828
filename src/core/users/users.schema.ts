import { z } from 'zod';
import { sessionUserSchema } from '../auth/auth.schema.ts';
import { serialIdSchema } from '../http/params.schema.ts';

export const adminUserSchema = sessionUserSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;

export const setAdminInputSchema = z.object({ is_admin: z.boolean() });
export type SetAdminInput = z.infer<typeof setAdminInputSchema>;

export const userIdParamsSchema = z.object({ id: serialIdSchema });
