import { useLocation, Link } from 'wouter';
import { paths, pathTo } from '#core/site/pages.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useDeleteRace, useRefreshRace } from '../api/race-actions.ts';

export const DELETE_RACE_CONFIRM = 'Are you sure you want to delete this race?';

const buttonClass =
  'rounded border border-stone-600 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60';

/**
 * What a signed-in viewer may do with a race: anyone who can see it may refresh it from WOM; only
 * its creator is offered Edit Race and Delete (the server checks this again).
 */
export function RaceActions({ raceId, isCreator }: { raceId: number; isCreator: boolean }) {
  const [, navigate] = useLocation();
  const refresh = useRefreshRace();
  const remove = useDeleteRace();
  const { confirm, dialog } = useConfirm();
  const deleteRace = async () => {
    const yes = await confirm({
      title: DELETE_RACE_CONFIRM,
      description: 'The race and its standings are removed for everyone in it.',
      label: 'Delete Race',
    });
    if (yes) remove.mutate(raceId, { onSuccess: () => navigate(paths.progress) });
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => refresh.mutate(raceId)}
          disabled={refresh.isPending}
          className={buttonClass}
        >
          {refresh.isPending ? 'Refreshing...' : 'Refresh'}
        </button>
        {isCreator && (
          <>
            <Link to={pathTo(paths.editRace, raceId)} className={buttonClass}>
              Edit Race
            </Link>
            <button
              type="button"
              onClick={() => void deleteRace()}
              disabled={remove.isPending}
              className="rounded border border-red-800 px-3 py-1.5 text-sm font-medium text-red-300 hover:bg-red-950 disabled:opacity-60"
            >
              Delete
            </button>
          </>
        )}
      </div>
      {refresh.isError && <FormAlert>Failed to refresh race: {refresh.error.message}</FormAlert>}
      {remove.isError && <FormAlert>Failed to delete race: {remove.error.message}</FormAlert>}
      {dialog}
    </div>
  );
}
