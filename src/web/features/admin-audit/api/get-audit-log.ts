import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditFilters } from '#core/audit/audit.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const AUDIT_PAGE_SIZE = 50;

/** What the log is narrowed to; an absent key is not filtered on. */
export interface AuditFilter {
  actor?: number | undefined;
  action?: string | undefined;
  member?: string | undefined;
}

/** One page of the audit log, newest first; `before` is the id of the last entry already shown. */
export const getAuditPage = (filter: AuditFilter, before: number | undefined) =>
  api.get<AuditEntry[]>('/api/admin/audit', { limit: AUDIT_PAGE_SIZE, before, ...filter });

export const auditLogQueryKey = ['admin', 'audit'] as const;

/** The recent admin actions matching the filter, a page at a time: a short page is the log's beginning. */
export function useAuditLog(filter: AuditFilter = {}) {
  return useInfiniteQuery({
    queryKey: [...auditLogQueryKey, filter],
    queryFn: ({ pageParam }) => getAuditPage(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? undefined : page.at(-1)?.id),
  });
}

export const auditFiltersQueryKey = ['admin', 'audit-filters'] as const;

/** The choices the filters offer: the accounts that acted, the actions recorded, every member. */
export function useAuditFilters() {
  return useQuery({
    queryKey: auditFiltersQueryKey,
    queryFn: () => api.get<AuditFilters>('/api/admin/audit/filters'),
  });
}
