import { X } from 'lucide-react';
import type { RosterFilter, RosterFilterKey } from '#core/members/roster-filters.ts';

/** One removable tag per active filter, and Reset Filters to clear them all. */
export function FilterTags({
  active,
  onRemove,
  onReset,
}: {
  active: readonly RosterFilter[];
  onRemove: (key: RosterFilterKey) => void;
  onReset: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {active.length > 0 && (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {active.map(({ key, label }) => (
            <li key={key}>
              <button
                type="button"
                aria-label={`Remove filter ${label}`}
                onClick={() => onRemove(key)}
                className="flex items-center gap-1 rounded-full border border-gold-500/60 bg-gold-500/10 px-3 py-1 text-sm text-gold-300 hover:bg-gold-500/20"
              >
                {label}
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={onReset}
        disabled={active.length === 0}
        className="rounded px-3 py-1 text-sm font-medium text-stone-300 underline-offset-2 hover:text-stone-100 hover:underline disabled:cursor-not-allowed disabled:text-stone-500 disabled:no-underline"
      >
        Reset Filters
      </button>
    </div>
  );
}
