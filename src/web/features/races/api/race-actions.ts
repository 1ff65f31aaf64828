import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Race, RaceInput } from '#core/races/races.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { racesQueryKey } from './get-races.ts';

export const createRace = (input: RaceInput) => api.post<Race>('/api/races', input);
export const updateRace = ({ id, input }: { id: number; input: RaceInput }) =>
  api.put<Race>(`/api/races/${id}`, input);
export const deleteRace = (id: number) => api.delete<null>(`/api/races/${id}`);
export const refreshRace = (id: number) => api.post<Race>(`/api/races/${id}/refresh`);

/** Any change to a race shows in every list and page that holds it. */
function useRaceMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: racesQueryKey }),
  });
}

export const useCreateRace = () => useRaceMutation(createRace);
export const useUpdateRace = () => useRaceMutation(updateRace);
export const useDeleteRace = () => useRaceMutation(deleteRace);
/** Fetches each participant from WOM now, then the standings (the server's limits apply). */
export const useRefreshRace = () => useRaceMutation(refreshRace);
