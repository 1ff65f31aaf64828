import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { ErrorState, EmptyState, LoadingState } from '../../../components/states.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { useGroupStats } from '../api/get-group-stats.ts';
import { metricLeaderRows, searchMetricLeaders, type LeaderView } from '../lib/metric-leaders.ts';
import { reloadPage } from '../lib/reload-page.ts';
import { LeaderViewToggle } from './leader-view-toggle.tsx';
import { MetricLeaderCard } from './metric-leader-card.tsx';

const EMPTY_TEXT: Record<LeaderView, string> = {
  bosses: 'No boss kills found',
  activities: 'No activities found',
};

function LeaderList({ stats, view, search }: { stats: WomGroupStats; view: LeaderView; search: string }) {
  const rows = searchMetricLeaders(metricLeaderRows(stats, view), search);
  if (rows.length === 0) {
    const searching = search.trim() !== '';
    return <EmptyState title={`${EMPTY_TEXT[view]}${searching ? ' matching your search' : ''}`} />;
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((row) => (
        <li key={row.metric}>
          <MetricLeaderCard row={row} view={view} />
        </li>
      ))}
    </ul>
  );
}

/** The clan's leader for every boss or activity, with the view and search kept in the URL. */
export function HallOfFame() {
  const { data: stats, isError } = useGroupStats();
  const [viewParam, setViewParam] = useSearchParam('view');
  const [search, setSearch] = useSearchParam('search');
  const view: LeaderView = viewParam === 'activities' ? 'activities' : 'bosses';

  // A failed background refresh keeps showing the last good data.
  if (isError && !stats) {
    return (
      <ErrorState
        title="Unable to Load Clan Stats"
        message="We're having trouble connecting to the stats service right now. Please try again later."
        onRetry={reloadPage}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <LeaderViewToggle view={view} onChange={(next) => setViewParam(next === 'bosses' ? '' : next)} />
        <SearchBox
          label={view === 'bosses' ? 'Search bosses or players' : 'Search activities or players'}
          value={search}
          onChange={setSearch}
        />
      </div>
      {stats ? (
        <LeaderList stats={stats} view={view} search={search} />
      ) : (
        <LoadingState label="Loading clan stats..." />
      )}
    </div>
  );
}
