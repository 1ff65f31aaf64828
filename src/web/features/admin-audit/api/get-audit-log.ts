import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#core/audit/audit.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const AUDIT_PAGE_SIZE = 50;

/** One page of the audit log, newest first; `before` is the id of the last entry already shown. */
export const getAuditPage = (before: number | undefined) =>
  api.get<AuditEntry[]>('/api/admin/audit', { limit: AUDIT_PAGE_SIZE, before });

export const auditLogQueryKey = ['admin', 'audit'] as const;

/** The recent admin actions, a page at a time: a short page is the log's beginning. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditLogQueryKey,
    queryFn: ({ pageParam }) => getAuditPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? undefined : page.at(-1)?.id),
  });
}
