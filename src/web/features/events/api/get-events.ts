import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getEvents = () => api.get<ClanEvent[]>('/api/events');

export const getEventsQueryOptions = () => queryOptions({ queryKey: ['events'], queryFn: getEvents });

export function useEvents() {
  return useQuery(getEventsQueryOptions());
}
