import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetLinkSchema } from '#core/users/users.schema.ts';
import { api } from '../../../lib/api-client.ts';

export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

/** A new one-time link for the user to set a password; it voids their older unused ones. */
export const createPasswordReset = (userId: number) =>
  api.post<PasswordResetLink>(`/api/admin/users/${userId}/password-reset`);

export const useCreatePasswordReset = () => useMutation({ mutationFn: createPasswordReset });
