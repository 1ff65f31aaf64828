import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState, type QueryResultView } from './query-state.tsx';

function view<T>(overrides: Partial<QueryResultView<T>>): QueryResultView<T> {
  return {
    isPending: false,
    error: null,
    data: undefined,
    refetch: vi.fn(async () => undefined),
    ...overrides,
  };
}

function renderState<T>(query: QueryResultView<T>, keepDataOnError = false) {
  return render(
    <QueryState
      query={query}
      loadingLabel="Loading things..."
      errorTitle="Error Loading Things"
      keepDataOnError={keepDataOnError}
    >
      {(data) => <p>data: {String(data)}</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows the loading label while the first load runs', () => {
    renderState(view({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading things...');
  });

  it('shows the data once loaded', () => {
    renderState(view({ data: 'ready' }));
    expect(screen.getByText('data: ready')).toBeInTheDocument();
  });

  it('shows a failed load with its message, and Try Again fetches again', async () => {
    const query = view<string>({ error: new Error('Failed to load things') });
    renderState(query);
    expect(screen.getByRole('alert')).toHaveTextContent('Error Loading Things');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load things');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('replaces the data with a failed refetch, unless asked to keep the data', () => {
    const failedRefetch = view({ data: 'stale', error: new Error('offline') });
    const { unmount } = renderState(failedRefetch);
    expect(screen.getByRole('alert')).toHaveTextContent('offline');
    expect(screen.queryByText('data: stale')).not.toBeInTheDocument();
    unmount();
    renderState(failedRefetch, true);
    expect(screen.getByText('data: stale')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
