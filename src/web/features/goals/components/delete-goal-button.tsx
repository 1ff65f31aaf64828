import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { useDeleteGoal } from '../api/delete-goal.ts';

/** Deletes a goal once the user confirms (spec §5, Goal creation). */
export function DeleteGoalButton({ goalId }: { goalId: number }) {
  const remove = useDeleteGoal();
  const confirmAndDelete = () => {
    if (window.confirm(GOAL_MESSAGES.deleteConfirm)) remove.mutate(goalId);
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
        onClick={confirmAndDelete}
        disabled={remove.isPending}
        className="rounded border border-red-800 px-3 py-1 text-sm font-medium text-red-300 hover:bg-red-950 disabled:opacity-60"
      >
        Delete
      </button>
    </div>
  );
}
