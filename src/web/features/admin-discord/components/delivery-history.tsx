import type { DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type { DeliveryStatus, DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useDiscordDeliveries } from '../api/discord-routes.ts';
import { kindLabels } from '../lib/route-form-values.ts';

const STATUS: Readonly<Record<DeliveryStatus, { label: string; tone: string }>> = {
  pending: { label: 'Waiting', tone: 'bg-sky-950 text-sky-200' },
  delivered: { label: 'Delivered', tone: 'bg-emerald-950 text-emerald-200' },
  failed: { label: 'Failed', tone: 'bg-red-950 text-red-200' },
  dropped: { label: 'Dropped', tone: 'bg-stone-800 text-stone-300' },
};

/**
 * A route's latest deliveries, newest first: when, what, how it went and what Discord answered, so
 * an admin can see why a message did not arrive.
 */
export function DeliveryHistory({
  route,
  kinds,
}: {
  route: DiscordRoute;
  kinds: readonly DiscordKindInfo[];
}) {
  const deliveries = useDiscordDeliveries(route.id);
  return (
    <QueryState query={deliveries} loadingLabel="Loading deliveries..." errorTitle="Error Loading History">
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="Nothing sent on this route yet">
            News appears here once it is queued. Test messages are sent at once and not listed.
          </EmptyState>
        ) : (
          <DataTable
            caption={`Deliveries on ${route.name}`}
            columns={['When', 'What', 'Status', 'Discord', 'Attempts']}
            stacked
          >
            {list.map((delivery) => (
              <tr key={delivery.id} className="border-t border-stone-800 align-top">
                <th
                  scope="row"
                  className="px-4 py-3 text-left font-normal text-stone-200 sm:whitespace-nowrap"
                >
                  {formatDateTime(delivery.created_at)}
                  {delivery.delivered_at && (
                    <span className="block text-xs text-stone-400">
                      Delivered {formatDateTime(delivery.delivered_at)}
                    </span>
                  )}
                </th>
                <td className="px-4 py-3 break-words max-sm:col-span-2">
                  <StackedLabel>What</StackedLabel>
                  <span className="block text-stone-100">{delivery.summary}</span>
                  <span className="block text-xs text-stone-400">
                    {kindLabels([delivery.kind], kinds)[0]}
                  </span>
                </td>
                <td className="px-4 py-3 max-sm:col-span-2">
                  <StackedLabel>Status</StackedLabel>
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS[delivery.status].tone}`}>
                    {STATUS[delivery.status].label}
                  </span>
                  {delivery.error && (
                    <span className="mt-1 block text-xs break-words text-red-300">{delivery.error}</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <StackedLabel>Discord</StackedLabel>
                  {delivery.discord_status ?? 'No answer'}
                </td>
                <td className="px-4 py-3">
                  <StackedLabel>Attempts</StackedLabel>
                  {delivery.attempts}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      }
    </QueryState>
  );
}
