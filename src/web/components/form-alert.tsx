import type { ReactNode } from 'react';

/** What a form's submission came to: a failure is announced at once, a success politely. */
export function FormAlert({ kind = 'error', children }: { kind?: 'error' | 'success'; children: ReactNode }) {
  return kind === 'error' ? (
    <p role="alert" className="rounded border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-300">
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded border border-emerald-800 bg-emerald-950/60 px-3 py-2 text-sm text-emerald-200"
    >
      {children}
    </p>
  );
}
