/** What "Show more" reads of an infinite query. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Loads a list's next page under the items shown, while there is one. A page that fails to load
 * says why here, and pressing again tries again; the list's QueryState keeps the items shown
 * (`keepDataOnError={list.isFetchNextPageError}`), while a failed refetch of the whole list still
 * shows its error state.
 */
export function ShowMore({ list, what }: { list: MorePages; what: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="space-y-2 text-center">
      {list.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-400">
          Failed to load more {what}: {list.error?.message}
        </p>
      )}
      <button
        type="button"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
        className="rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60"
      >
        {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
      </button>
    </div>
  );
}
