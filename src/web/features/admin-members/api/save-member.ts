import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMember,
  CreateMemberInput,
  UpdateMemberInput,
} from '#core/members/admin-members.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { storeAdminMember } from './get-admin-members.ts';

export const createMember = (input: CreateMemberInput) => api.post<AdminMember>('/api/admin/members', input);

/** Sends only the changed fields and the version the form loaded; a newer version is refused (409). */
export const updateMember = ({ womId, changes }: { womId: string; changes: UpdateMemberInput }) =>
  api.patch<AdminMember>(`/api/admin/members/${encodeURIComponent(womId)}`, changes);

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: (member) => storeAdminMember(queryClient, member),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (member) => storeAdminMember(queryClient, member),
  });
}
