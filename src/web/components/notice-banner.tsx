import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** A success or error message for the admin, in a dismissible banner (spec §2, Notifications). */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export type Notify = (notice: Notice) => void;

/**
 * A success has nothing left to do, so it goes by itself after this long; an error stays until it is
 * dismissed, so it is not missed (issue 21).
 */
/** The spec's success text for a saved item, created or edited (spec §9, Dashboard). */
export const savedText = (name: string) => `${name} was successfully saved.`;

export const SUCCESS_NOTICE_MS = 5000;

/**
 * One banner, opaque so it reads the same over any page. A success banner waits while the pointer is
 * on it or focus is in it, so someone reading it or reaching for its button keeps it.
 */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const success = notice.kind === 'success';
  const [held, setHeld] = useState(false);
  // The latest callback, so a parent passing a new arrow each render does not restart the timer.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (!success || held) return;
    const timer = window.setTimeout(() => dismissRef.current(), SUCCESS_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [success, held]);

  return (
    <div
      role={success ? 'status' : 'alert'}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className={`flex items-start justify-between gap-4 rounded-lg border px-4 py-3 text-sm shadow-md ${
        success
          ? 'border-emerald-700 bg-emerald-950 text-emerald-100'
          : 'border-red-800 bg-red-950 text-red-100'
      }`}
    >
      <p>{notice.text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded p-0.5 text-current opacity-80 hover:opacity-100"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
