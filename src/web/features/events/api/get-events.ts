import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { eventSchema } from '#core/events/events.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getEvents = () => api.get('/api/events', z.array(eventSchema));

export const getEventsQueryOptions = () => queryOptions({ queryKey: ['events'], queryFn: getEvents });

export function useEvents() {
  return useQuery(getEventsQueryOptions());
}
