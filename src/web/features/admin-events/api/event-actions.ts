import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEvent, CreatedCompetition, EventInput } from '#core/events/admin-events.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { adminEventsQueryKey } from './get-admin-events.ts';

/** A new event, and what Wise Old Man answered when its competition was created with it. */
export type CreatedEvent = AdminEvent & { wom_competition?: CreatedCompetition };

export const createEvent = (input: EventInput) => api.post<CreatedEvent>('/api/admin/events', input);

export const updateEvent = ({ id, input }: { id: number; input: EventInput }) =>
  api.put<AdminEvent>(`/api/admin/events/${id}`, input);

export const deleteEvent = (id: number) => api.delete<null>(`/api/admin/events/${id}`);

/**
 * A change to the events: the admin list and the public events page both load them again, and
 * whatever else it moved (`alsoChanged`).
 */
function useEventMutation<V, R>(mutationFn: (variables: V) => Promise<R>, alsoChanged: string[][] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [adminEventsQueryKey, ['events'], ...alsoChanged])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Books the points of an event from before this site (issue 29): scores and leaderboards move too. */
export const bookEventPoints = (id: number) => api.post<AdminEvent>(`/api/admin/events/${id}/book-points`);

export const useCreateEvent = () => useEventMutation(createEvent);
export const useUpdateEvent = () => useEventMutation(updateEvent);
export const useDeleteEvent = () => useEventMutation(deleteEvent);
export const useBookEventPoints = () =>
  useEventMutation(bookEventPoints, [['admin', 'members'], ['members'], ['leaderboards']]);
