import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Something an admin must fix before Discord does what the settings ask, announced when it shows. */
export function WarningAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded border border-amber-800 bg-amber-950/60 px-3 py-2 text-sm break-words text-amber-200"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}
