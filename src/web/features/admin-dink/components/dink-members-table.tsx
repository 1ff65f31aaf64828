import type { AdminDink } from '#core/dink/dink.schema.ts';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatTimeAgo } from '../../../lib/time-ago.ts';
import { useNow } from '../../../lib/use-now.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

type DinkMember = AdminDink['members'][number];

/**
 * Each member who has had Dink connected: who, their account, its state, what it posted and when,
 * in the server's order (latest post first).
 */
export function DinkMembersTable({ members }: { members: readonly DinkMember[] }) {
  const now = useNow();
  if (members.length === 0) {
    return (
      <EmptyState title="Nobody has connected Dink yet">
        Members connect it on their profile’s Dink tab.
      </EmptyState>
    );
  }
  return (
    <DataTable
      caption="Members with Dink"
      columns={['Player', 'Account', 'Connected', 'Bound', 'Public', 'Posts', 'Last post']}
      stacked
    >
      {members.map((member) => (
        <tr key={member.wom_id} className="border-t border-stone-800 align-top">
          <th scope="row" className="px-4 py-3 text-left font-medium break-words text-stone-100">
            {member.player_name}
          </th>
          <td className="px-4 py-3 break-words">
            <StackedLabel>Account</StackedLabel>
            {member.username}
          </td>
          <td className="px-4 py-3">
            <StackedLabel>Connected</StackedLabel>
            {yesNo(member.connected)}
          </td>
          <td className="px-4 py-3">
            <StackedLabel>Bound</StackedLabel>
            {yesNo(member.bound)}
          </td>
          <td className="px-4 py-3">
            <StackedLabel>Public</StackedLabel>
            {yesNo(member.share_public)}
          </td>
          <td className="px-4 py-3 tabular-nums">
            <StackedLabel>Posts</StackedLabel>
            {formatNumber(member.posts)}
          </td>
          <td className="px-4 py-3 sm:whitespace-nowrap">
            <StackedLabel>Last post</StackedLabel>
            {member.last_post_at ? (
              <time dateTime={member.last_post_at} title={formatDateTime(member.last_post_at)}>
                {formatTimeAgo(member.last_post_at, now)}
              </time>
            ) : (
              'Never'
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
