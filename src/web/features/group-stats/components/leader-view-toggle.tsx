import type { LeaderView } from '../lib/metric-leaders.ts';

const OPTIONS: ReadonlyArray<{ view: LeaderView; label: string }> = [
  { view: 'bosses', label: 'Boss Kills' },
  { view: 'activities', label: 'Activities' },
];

/** Switches the Hall of Fame between boss kills and activities; the pressed button is the current view. */
export function LeaderViewToggle({
  view,
  onChange,
}: {
  view: LeaderView;
  onChange: (view: LeaderView) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Hall of Fame view"
      className="inline-flex self-start rounded border border-stone-700 p-1"
    >
      {OPTIONS.map((option) => {
        const pressed = option.view === view;
        return (
          <button
            key={option.view}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.view)}
            className={`rounded px-4 py-1.5 text-sm font-medium transition-colors ${
              pressed ? 'bg-gold-500 text-stone-950' : 'text-stone-300 hover:bg-stone-800 hover:text-white'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
