import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PastSeason, Standing } from '#core/seasons/past-seasons.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { itemsOf } from '../../../lib/paged-list.ts';
import { usePastSeasons } from '../api/get-past-seasons.ts';
import { seasonStandingsOptions, useSeasonStandings } from '../api/get-season-standings.ts';

const MEDALS = ['text-gold-300', 'text-stone-200', 'text-amber-600'];

function StandingsTable({ caption, standings }: { caption: string; standings: readonly Standing[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs tracking-wide text-stone-400 uppercase">
        <tr>
          <th scope="col" className="w-16 px-4 py-2 font-medium">
            Rank
          </th>
          <th scope="col" className="px-2 py-2 font-medium">
            Name
          </th>
          <th scope="col" className="px-4 py-2 text-right font-medium">
            Score
          </th>
        </tr>
      </thead>
      <tbody>
        {standings.map((standing) => (
          <tr key={standing.wom_id} className="border-t border-stone-800">
            <td className={`px-4 py-2 font-semibold ${MEDALS[standing.rank - 1] ?? 'text-stone-400'}`}>
              {standing.rank}
            </td>
            <th scope="row" className="px-2 py-2 font-medium wrap-anywhere text-stone-100">
              {standing.name}
            </th>
            <td className="px-4 py-2 text-right text-stone-100 tabular-nums">
              {formatNumber(standing.siege_score)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One closed season: its name, its dates and the top of its final standings; "Show all" loads the
 * rest a page at a time. A first page that fails to load is reported as a notice and the top stays.
 */
function SeasonCard({ season, notify }: { season: PastSeason; notify: Notify }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [showAll, setShowAll] = useState(false);
  const [opening, setOpening] = useState(false);
  const full = useSeasonStandings(season.id, showAll);
  const more = season.standings_count - season.standings.length;
  const fullShown = showAll && full.data !== undefined;
  const dates = `${formatLongDate(season.started_at)} to ${season.ended_at ? formatLongDate(season.ended_at) : '-'}`;

  const openAll = async () => {
    setOpening(true);
    try {
      await queryClient.fetchInfiniteQuery(seasonStandingsOptions(season.id));
      setShowAll(true);
    } catch (error) {
      notify({
        kind: 'error',
        text: `Failed to load the standings of ${season.name}: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setOpening(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-stone-800 px-4 py-3">
        <h3 id={headingId} className="text-lg font-semibold text-stone-100">
          {season.name}
        </h3>
        <p className="text-sm text-stone-400">{dates}</p>
      </header>
      {season.standings_count === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-stone-400">Nobody scored points this season.</p>
      ) : (
        <div className="space-y-3 pb-3">
          <StandingsTable
            caption={`Final standings of ${season.name}`}
            standings={fullShown ? itemsOf(full.data) : season.standings}
          />
          {fullShown ? (
            <ShowMore list={full} what="standings" />
          ) : (
            more > 0 && (
              <div className="text-center">
                <button
                  type="button"
                  onClick={() => void openAll()}
                  disabled={opening}
                  aria-describedby={headingId}
                  className="rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60"
                >
                  {opening ? 'Loading...' : `Show all ${formatNumber(season.standings_count)}`}
                </button>
              </div>
            )
          )}
        </div>
      )}
    </section>
  );
}

/** The "Past seasons" view (issue 21): the final standings of every season the yearly reset closed. */
export function PastSeasonsTab({ notify }: { notify: Notify }) {
  const seasons = usePastSeasons();
  return (
    <TabSection
      title="Past Seasons"
      description="The final standings of every season closed by the yearly reset, newest first."
    >
      <QueryState
        query={seasons}
        loadingLabel="Loading past seasons..."
        errorTitle="Error Loading Past Seasons"
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No past seasons yet">
              A season is kept here with its final standings when all siege scores are reset.
            </EmptyState>
          ) : (
            <div className="grid items-start gap-4 lg:grid-cols-2">
              {list.map((season) => (
                <SeasonCard key={season.id} season={season} notify={notify} />
              ))}
            </div>
          )
        }
      </QueryState>
    </TabSection>
  );
}
