import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './states.tsx';

/** The parts of a query's result (TanStack Query's, plain or infinite) that QueryState reads. */
export type QueryResultView<T> = {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => Promise<unknown>;
};

/**
 * A query's first load, its failed load (the spec's heading, and Try Again to fetch it again), or
 * its data. A failed refetch replaces the data with the failure unless `keepDataOnError`, for lists
 * that stay usable when only a later page failed.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  errorTitle,
  errorMessage = query.error?.message ?? '',
  keepDataOnError = false,
  children,
}: {
  query: QueryResultView<T>;
  loadingLabel: string;
  errorTitle: string;
  errorMessage?: string;
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.data === undefined || (query.error !== null && !keepDataOnError)) {
    return <ErrorState title={errorTitle} message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
