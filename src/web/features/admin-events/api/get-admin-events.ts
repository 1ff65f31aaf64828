import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getAdminEvents = () => api.get<AdminEvent[]>('/api/admin/events');

export const adminEventsQueryKey = ['admin', 'events'] as const;

/** Every event, manual and synced from WOM, as the events tab lists them. */
export function useAdminEvents() {
  return useQuery(queryOptions({ queryKey: adminEventsQueryKey, queryFn: getAdminEvents }));
}
