import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type {
  DiscordDelivery,
  DiscordRoute,
  DiscordRouteInput,
  DiscordRouteUpdate,
  DiscordTestResult,
} from '#core/discord/discord-routes.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const discordQueryKey = ['admin', 'discord'] as const;
const kindsQueryKey = [...discordQueryKey, 'kinds'] as const;
export const routesQueryKey = [...discordQueryKey, 'routes'] as const;
const deliveriesQueryKey = (routeId: number) => [...discordQueryKey, 'deliveries', routeId] as const;

/** How often an open history asks again: a queued message is usually delivered within seconds. */
const HISTORY_REFRESH_MS = 5000;

/** The kinds of news a route can carry, with their labels; they never change while the site runs. */
export function useDiscordKinds() {
  return useQuery(
    queryOptions({
      queryKey: kindsQueryKey,
      queryFn: () => api.get<DiscordKindInfo[]>('/api/admin/discord/kinds'),
      staleTime: Infinity,
    }),
  );
}

const routesQueryOptions = () =>
  queryOptions({
    queryKey: routesQueryKey,
    queryFn: () => api.get<DiscordRoute[]>('/api/admin/discord/routes'),
  });

export function useDiscordRoutes() {
  return useQuery(routesQueryOptions());
}

/** Routes the site stopped because Discord refused their webhook: each needs an admin to fix it. */
export const stoppedRoutes = (routes: readonly DiscordRoute[]) =>
  routes.filter((route) => route.disabled_reason !== null);

/** How many routes are stopped, for the Alerts tab's badge: the list the tab shows, 0 until loaded. */
export function useStoppedRouteCount(): number {
  const { data } = useQuery({ ...routesQueryOptions(), select: (routes) => stoppedRoutes(routes).length });
  return data ?? 0;
}

/** A route's latest deliveries, newest first, kept fresh while they are shown. */
export function useDiscordDeliveries(routeId: number) {
  return useQuery(
    queryOptions({
      queryKey: deliveriesQueryKey(routeId),
      queryFn: () => api.get<DiscordDelivery[]>('/api/admin/discord/deliveries', { route_id: routeId }),
      refetchInterval: HISTORY_REFRESH_MS,
    }),
  );
}

/** A change to the routes: the list (and a stopped route's alert) loads them again. */
function useRouteMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routesQueryKey }),
  });
}

export const useCreateRoute = () =>
  useRouteMutation((input: DiscordRouteInput) => api.post<DiscordRoute>('/api/admin/discord/routes', input));

export const useUpdateRoute = () =>
  useRouteMutation(({ id, input }: { id: number; input: DiscordRouteUpdate }) =>
    api.put<DiscordRoute>(`/api/admin/discord/routes/${id}`, input),
  );

export const useDeleteRoute = () =>
  useRouteMutation((id: number) => api.delete<null>(`/api/admin/discord/routes/${id}`));

/** Posts a test message now; Discord's answer is the result, whatever it says. */
export function useTestRoute() {
  return useMutation({
    mutationFn: (id: number) => api.post<DiscordTestResult>(`/api/admin/discord/routes/${id}/test`),
  });
}
