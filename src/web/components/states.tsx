import type { ReactNode } from 'react';

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" aria-live="polite" className="py-8 text-center text-stone-400">
      {label}
    </p>
  );
}

/** A failed load: the spec's heading and message, and a button that tries again. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Try Again',
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-900 bg-red-950/60 p-6 text-center">
      <h2 className="text-xl font-semibold text-red-200">{title}</h2>
      <p className="mt-2 text-stone-300">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400"
      >
        {retryLabel}
      </button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-700 p-8 text-center">
      <p className="font-medium text-stone-200">{title}</p>
      {children && <div className="mt-2 text-sm text-stone-400">{children}</div>}
    </div>
  );
}
