import type { ConnectionCheck } from '#core/sync/connection-check.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useCheckConnection } from '../api/connection-check.ts';
import { SectionPanel } from '../../../components/section-panel.tsx';

const orDash = (value: number | null) => (value === null ? '-' : formatNumber(value));

function CheckResult({ check }: { check: ConnectionCheck }) {
  const working = check.endpoints.every((endpoint) => endpoint.parsed);
  return (
    <div className="space-y-3">
      <p role="status" className={working ? 'text-sm text-emerald-300' : 'text-sm text-amber-300'}>
        {working
          ? `Connected: ${check.group_name ?? 'the group'} with ${orDash(check.members)} members.`
          : 'Some of what the sync reads could not be had: see below.'}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-stone-400">WOM address</dt>
        <dd className="break-all text-stone-100">{check.base_url}</dd>
        <dt className="text-stone-400">Group</dt>
        <dd className="text-stone-100">
          {check.group_id}
          {check.group_name ? ` (${check.group_name})` : ''}
        </dd>
        <dt className="text-stone-400">Rate limit</dt>
        <dd className="text-stone-100">
          {check.rate_limit.limit === null
            ? 'WOM sent no rate-limit headers'
            : `${orDash(check.rate_limit.remaining)} of ${orDash(check.rate_limit.limit)} requests left, resets in ${orDash(check.rate_limit.reset)} s`}
        </dd>
      </dl>
      {/* On a phone each endpoint's row is a block of its own lines, so nothing scrolls sideways. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="sr-only">What each WOM endpoint answered</caption>
          <thead className="text-xs text-stone-400 uppercase max-sm:sr-only">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Endpoint
              </th>
              <th scope="col" className="py-1 pr-3">
                Status
              </th>
              <th scope="col" className="py-1">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {check.endpoints.map((endpoint) => (
              <tr
                key={endpoint.path}
                className="border-t border-stone-800 align-top max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:py-1"
              >
                <td className="py-1 pr-3 font-mono text-xs break-all text-stone-200 max-sm:w-full">
                  {endpoint.path}
                </td>
                <td className="py-1 pr-3 tabular-nums">{endpoint.status ?? 'no answer'}</td>
                <td className={endpoint.parsed ? 'py-1 text-emerald-300' : 'py-1 break-words text-amber-300'}>
                  {endpoint.parsed ? 'Read' : (endpoint.error ?? 'Not read')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * 'Connect your clan': where the site asks WOM and for which group, and a check that asks WOM for
 * each thing the sync reads, so a leader moving from the demo to their clan sees what works.
 */
export function ConnectionCheckPanel({ notify }: { notify: Notify }) {
  const check = useCheckConnection();
  const run = () =>
    check.mutate(undefined, {
      onError: (error) => notify({ kind: 'error', text: `Failed to check the connection: ${error.message}` }),
    });
  return (
    <SectionPanel
      title="Wise Old Man Connection"
      description="The site reads the group set by WOM_GROUP_ID from WOM_BASE_URL. Check connection asks Wise Old Man for everything the sync reads (up to seven requests of its budget) and shows what came back."
    >
      <button
        type="button"
        onClick={run}
        disabled={check.isPending}
        className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {check.isPending ? 'Checking...' : 'Check connection'}
      </button>
      {check.data && <CheckResult check={check.data} />}
    </SectionPanel>
  );
}
