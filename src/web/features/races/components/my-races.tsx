import { Link } from 'wouter';
import { RACE_MESSAGES } from '#core/races/races.schema.ts';
import { paths } from '#core/site/pages.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { itemsOf } from '../../../lib/paged-list.ts';
import { useRaces } from '../api/get-races.ts';
import { RaceList } from './race-list.tsx';

const linkClass =
  'rounded border border-stone-600 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800';

/** The races the user made or takes part in, with the ways to make one and to see everyone's. */
export function MyRaces() {
  const races = useRaces('mine');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Link to={paths.newRace} className={linkClass}>
          Create Race
        </Link>
        <Link to={paths.progress} className={linkClass}>
          All Races and Goals
        </Link>
      </div>
      <QueryState
        query={races}
        loadingLabel="Loading races..."
        errorTitle="Error Loading Races"
        keepDataOnError={races.isFetchNextPageError}
      >
        {(data) => (
          <>
            <RaceList races={itemsOf(data)} emptyTitle={RACE_MESSAGES.noRaces} />
            <ShowMore list={races} what="races" />
          </>
        )}
      </QueryState>
    </div>
  );
}
