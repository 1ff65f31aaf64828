export const SUBMIT_TONES = {
  confirm: 'bg-gold-500 text-stone-950 hover:bg-gold-400',
  danger: 'bg-red-800 text-red-50 hover:bg-red-700',
} as const;

export const CANCEL_BUTTON =
  'rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60';
export const SUBMIT_BUTTON = 'rounded px-4 py-2 text-sm font-semibold disabled:opacity-60';

/** A modal form's Cancel and submit buttons; the submit waits, relabelled, while its request runs. */
export function ModalActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  tone,
}: {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  tone: keyof typeof SUBMIT_TONES;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button type="button" onClick={onCancel} className={CANCEL_BUTTON}>
        Cancel
      </button>
      <button type="submit" disabled={pending} className={`${SUBMIT_BUTTON} ${SUBMIT_TONES[tone]}`}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
