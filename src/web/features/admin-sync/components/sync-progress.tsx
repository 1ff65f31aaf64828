import { WOM_SYNC_STAGES } from '#core/sync/sync.schema.ts';

/**
 * How far a running WOM sync is: its stage's place among the stages a sync goes through. A stage the
 * list does not know shows a bar without a position rather than a wrong one.
 */
export function SyncProgress({ stage }: { stage: string | null }) {
  const total = WOM_SYNC_STAGES.length;
  const index = WOM_SYNC_STAGES.findIndex((known) => known === stage);
  const step = index === -1 ? null : index + 1;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step ?? undefined}
        aria-valuetext={step === null ? (stage ?? 'Starting') : `Step ${step} of ${total}: ${stage}`}
        className="h-2 overflow-hidden rounded-full bg-stone-800"
      >
        <div
          className={`h-full rounded-full bg-gold-500 transition-[width] ${step === null ? 'w-1/12 animate-pulse' : ''}`}
          style={step === null ? undefined : { width: `${(step / total) * 100}%` }}
        />
      </div>
      <p className="text-sm text-stone-300">
        {stage ?? 'Starting'}
        {step !== null && (
          <span className="text-stone-400">
            {' '}
            (step {step} of {total})
          </span>
        )}
      </p>
    </div>
  );
}
