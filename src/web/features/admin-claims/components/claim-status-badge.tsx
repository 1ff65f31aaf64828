import type { ClaimRequest } from '#core/claims/claims.schema.ts';

const BADGES: Record<ClaimRequest['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-950 text-amber-200' },
  approved: { label: 'Approved', className: 'bg-emerald-950 text-emerald-200' },
  denied: { label: 'Denied', className: 'bg-red-950 text-red-200' },
};

/** A claim request's status as the spec names it: Pending, Approved or Denied. */
export function ClaimStatusBadge({ status }: { status: ClaimRequest['status'] }) {
  const { label, className } = BADGES[status];
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}
