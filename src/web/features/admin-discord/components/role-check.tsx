import type { Reconcile, ServerRole } from '#core/discord/discord-home.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useReconcileRoles } from '../api/rank-roles.ts';
import { plural } from '../lib/plural.ts';
import { roleChangeText } from '../lib/server-roles.ts';

const buttonClass =
  'rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60';

/**
 * What a check found, or what a fix did, in words. A fix only queues the changes (a background job
 * sends them to Discord), so it says they are on their way rather than done.
 */
function summary(result: Reconcile, fixed: boolean): string {
  const count = result.changes.length;
  if (count === 0) {
    return fixed
      ? 'Every linked member already has the right roles.'
      : 'Every linked member has the right roles.';
  }
  return fixed
    ? `Sending role changes for ${plural(count, 'member', 'members')}. They reach Discord within a minute.`
    : `${plural(count, 'member needs', 'members need')} role changes.`;
}

function ChangeList({
  result,
  serverRoles,
}: {
  result: Reconcile;
  serverRoles: readonly ServerRole[] | null;
}) {
  if (result.changes.length === 0) return null;
  return (
    <ul aria-label="Role changes" className="space-y-1 text-sm break-words text-stone-300">
      {result.changes.map((change) => (
        <li key={change.discord_user_id}>{roleChangeText(change, serverRoles)}</li>
      ))}
    </ul>
  );
}

/**
 * Check roles compares every linked member's server roles with their rank's and lists what would
 * change, touching nothing; Fix then queues those changes for the background job that sends them.
 */
export function RoleCheck({ serverRoles }: { serverRoles: readonly ServerRole[] | null }) {
  const check = useReconcileRoles();
  const fix = useReconcileRoles();
  const runCheck = () => {
    fix.reset();
    check.mutate(true);
  };
  const toFix = check.data && !fix.isSuccess ? check.data.changes.length : 0;
  // A fix's answer once there is one, else the check's, hidden while a new check runs.
  const shown = fix.data
    ? { result: fix.data, fixed: true }
    : check.data && !check.isPending
      ? { result: check.data, fixed: false }
      : null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={runCheck}
          disabled={check.isPending || fix.isPending}
          aria-busy={check.isPending}
          className={buttonClass}
        >
          {check.isPending ? 'Checking...' : 'Check roles'}
        </button>
        {toFix > 0 && (
          <button
            type="button"
            onClick={() => fix.mutate(false)}
            disabled={fix.isPending}
            aria-busy={fix.isPending}
            className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
          >
            {fix.isPending ? 'Fixing...' : `Fix ${plural(toFix, 'member', 'members')}`}
          </button>
        )}
      </div>
      {check.isError && <FormAlert>Failed to check roles: {check.error.message}</FormAlert>}
      {fix.isError && <FormAlert>Failed to fix roles: {fix.error.message}</FormAlert>}
      {/* Always there, so a screen reader hears each new result. */}
      <p role="status" className="text-sm text-stone-200 empty:hidden">
        {shown && summary(shown.result, shown.fixed)}
        {shown &&
          shown.result.unreadable > 0 &&
          ` ${plural(shown.result.unreadable, 'linked member', 'linked members')} could not be checked: they left the server, or Discord did not answer.`}
      </p>
      {shown && <ChangeList result={shown.result} serverRoles={serverRoles} />}
    </div>
  );
}
