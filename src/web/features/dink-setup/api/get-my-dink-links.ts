import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDinkLink } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const myDinkLinksQueryKey = ['me', 'dink'] as const;

/** Each claimed character's Dink connection, as its owner sees it. */
export function useMyDinkLinks() {
  return useQuery(
    queryOptions({
      queryKey: myDinkLinksQueryKey,
      queryFn: () => api.get<MyDinkLink[]>('/api/me/dink'),
    }),
  );
}
