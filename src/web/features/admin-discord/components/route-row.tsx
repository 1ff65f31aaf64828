import { useId } from 'react';
import type { DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type { DiscordRoute, DiscordTestResult } from '#core/discord/discord-routes.schema.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { StackedLabel } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useDeleteRoute, useTestRoute } from '../api/discord-routes.ts';
import { filterLabels, kindLabels } from '../lib/route-form-values.ts';

const buttonClass =
  'rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800 disabled:opacity-60';

/** On, off, or stopped by the site because Discord no longer knows the webhook. */
function RouteState({ route }: { route: DiscordRoute }) {
  if (route.disabled_reason !== null) {
    return (
      <>
        <span className="rounded bg-red-950 px-2 py-0.5 text-xs font-medium text-red-200">Stopped</span>
        <span className="mt-1 block text-xs break-words text-red-300">{route.disabled_reason}</span>
      </>
    );
  }
  return route.enabled ? (
    <span className="rounded bg-emerald-950 px-2 py-0.5 text-xs font-medium text-emerald-200">On</span>
  ) : (
    <span className="rounded bg-stone-800 px-2 py-0.5 text-xs font-medium text-stone-300">Off</span>
  );
}

/** Discord's answer to the last test, in words and with its status. */
function TestAnswer({ result }: { result: DiscordTestResult }) {
  const status = result.discord_status === null ? 'no answer' : `status ${result.discord_status}`;
  return (
    <span className={`block text-xs break-words ${result.ok ? 'text-emerald-300' : 'text-red-300'}`}>
      {result.ok ? 'Test sent' : 'Test failed'} (Discord {status}): {result.message}
    </span>
  );
}

/**
 * One route: its name and masked webhook, the news it carries, its state, its last delivery, and
 * Send test, History, Edit and Delete.
 */
export function RouteRow({
  route,
  kinds,
  notify,
  onEdit,
  onHistory,
}: {
  route: DiscordRoute;
  kinds: readonly DiscordKindInfo[];
  notify: Notify;
  onEdit: () => void;
  onHistory: () => void;
}) {
  const nameId = useId();
  const test = useTestRoute();
  const remove = useDeleteRoute();
  const carried = kindLabels(route.kinds, kinds);
  const filters = filterLabels(route.filters);
  const { confirm, dialog } = useConfirm();

  const confirmDelete = async () => {
    const yes = await confirm({
      title: `Delete the Discord route "${route.name}"?`,
      description: 'Its queue and history go with it. News stops reaching its channel.',
      label: 'Delete Route',
    });
    if (!yes) return;
    // mutateAsync: the deleted route's row unmounts before a per-call callback could run.
    void remove.mutateAsync(route.id).then(
      () => notify({ kind: 'success', text: `${route.name} was successfully deleted.` }),
      (error: Error) => notify({ kind: 'error', text: `Failed to delete ${route.name}: ${error.message}` }),
    );
  };

  return (
    <tr className="border-t border-stone-800 align-top">
      <th scope="row" className="px-4 py-3 text-left font-normal max-sm:col-span-2">
        <span id={nameId} className="block font-medium break-words text-stone-100">
          {route.name}
        </span>
        <span className="block font-mono text-xs text-stone-400">{route.url_hint}</span>
      </th>
      <td className="px-4 py-3 max-sm:col-span-2">
        <StackedLabel>News</StackedLabel>
        <span className="block text-stone-200">{carried.length > 0 ? carried.join(', ') : 'None'}</span>
        {filters.map((filter) => (
          <span key={filter} className="block text-xs text-stone-400">
            {filter}
          </span>
        ))}
      </td>
      <td className="px-4 py-3">
        <StackedLabel>State</StackedLabel>
        <RouteState route={route} />
      </td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        <StackedLabel>Last delivery</StackedLabel>
        {route.last_delivery_at ? formatDateTime(route.last_delivery_at) : 'Never'}
      </td>
      <td className="px-4 py-3 max-sm:col-span-2 max-sm:pt-2">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => test.mutate(route.id)}
            disabled={test.isPending}
            aria-busy={test.isPending}
            aria-describedby={nameId}
            className={buttonClass}
          >
            {test.isPending ? 'Sending...' : 'Send test'}
          </button>
          <button type="button" onClick={onHistory} aria-describedby={nameId} className={buttonClass}>
            History
          </button>
          <button type="button" onClick={onEdit} aria-describedby={nameId} className={buttonClass}>
            Edit
          </button>
          <button
            type="button"
            onClick={() => void confirmDelete()}
            disabled={remove.isPending}
            aria-describedby={nameId}
            className="rounded border border-red-900 px-3 py-1 text-sm text-red-300 hover:bg-red-950 disabled:opacity-60"
          >
            Delete
          </button>
        </div>
        <div role="status" className="mt-2 max-w-xs empty:hidden">
          {test.isError && (
            <span className="block text-xs text-red-300">Failed to send the test: {test.error.message}</span>
          )}
          {test.data && !test.isPending && <TestAnswer result={test.data} />}
        </div>
        {dialog}
      </td>
    </tr>
  );
}
