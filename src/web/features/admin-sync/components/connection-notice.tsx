import { RefreshCw } from 'lucide-react';

/** Shown while status requests fail: the last answer stays on screen, and when the next try is due. */
export function ConnectionNotice({ retryInMs, message }: { retryInMs: number; message: string }) {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded border border-amber-900 bg-amber-950/50 px-3 py-2 text-sm text-amber-200"
    >
      <RefreshCw aria-hidden="true" className="h-4 w-4 shrink-0" />
      Connection lost ({message}). Retrying in {retryInMs / 1000} s...
    </p>
  );
}
