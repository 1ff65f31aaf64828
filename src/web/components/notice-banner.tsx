import { X } from 'lucide-react';

/** A success or error message for the admin: shown in a banner until dismissed (spec §2, Notifications). */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export type Notify = (notice: Notice) => void;

export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const success = notice.kind === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`flex items-start justify-between gap-4 rounded-lg border px-4 py-3 text-sm ${
        success
          ? 'border-emerald-800 bg-emerald-950/60 text-emerald-200'
          : 'border-red-900 bg-red-950/60 text-red-200'
      }`}
    >
      <p>{notice.text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded p-0.5 text-current opacity-70 hover:opacity-100"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
