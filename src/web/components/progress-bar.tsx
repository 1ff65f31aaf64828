/** Progress as the server computed it, with its percent beside the bar; the bar never runs past full. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        className="h-2 flex-1 overflow-hidden rounded bg-stone-800"
      >
        <div className="h-full rounded bg-gold-500" style={{ width: `${shown}%` }} />
      </div>
      <span className="w-10 text-right text-sm text-stone-300">{shown}%</span>
    </div>
  );
}
