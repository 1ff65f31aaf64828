import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useDeleteGoal } from '../api/delete-goal.ts';

/** Deletes a goal once the user confirms (spec §5, Goal creation). */
export function DeleteGoalButton({ goalId }: { goalId: number }) {
  const remove = useDeleteGoal();
  const { confirm, dialog } = useConfirm();
  const confirmAndDelete = async () => {
    const yes = await confirm({
      title: GOAL_MESSAGES.deleteConfirm,
      description: 'The goal and its progress are removed for good.',
      label: 'Delete Goal',
    });
    if (yes) remove.mutate(goalId);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {remove.isError && (
        <p role="alert" className="text-sm text-red-400">
          {GOAL_MESSAGES.deleteFailed}
        </p>
      )}
      <button
        type="button"
        onClick={() => void confirmAndDelete()}
        disabled={remove.isPending}
        className="rounded border border-red-800 px-3 py-1 text-sm font-medium text-red-300 hover:bg-red-950 disabled:opacity-60"
      >
        Delete
      </button>
      {dialog}
    </div>
  );
}
