import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  ROSTER_FILTERS,
  type RosterFilterFlags,
  type RosterFilterKey,
} from '#core/members/roster-filters.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';

/**
 * The Filters dropdown: a button showing how many filters are on, opening a panel of checkboxes.
 * The panel closes on Escape (focus returns to the button) and on a click outside it.
 */
export function FiltersMenu({
  flags,
  activeCount,
  onChange,
}: {
  flags: RosterFilterFlags;
  activeCount: number;
  onChange: (key: RosterFilterKey, on: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useDismiss(containerRef, open, (by) => {
    setOpen(false);
    if (by === 'escape') buttonRef.current?.focus();
  });

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded border border-stone-700 bg-stone-900 px-3 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800"
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        Filters
        {activeCount > 0 && (
          <span className="rounded-full bg-gold-400 px-2 text-xs font-bold text-stone-950">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 z-20 mt-2 w-60 rounded-lg border border-stone-700 bg-stone-900 p-3 shadow-xl"
      >
        <fieldset>
          <legend className="mb-2 text-xs font-semibold tracking-wide text-stone-400 uppercase">
            Show members
          </legend>
          <div className="space-y-1">
            {ROSTER_FILTERS.map(({ key, label }) => (
              <label
                key={key}
                className="flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm text-stone-100 hover:bg-stone-800"
              >
                <input
                  type="checkbox"
                  checked={flags[key]}
                  onChange={(event) => onChange(key, event.target.checked)}
                  className="h-4 w-4 accent-gold-400"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
