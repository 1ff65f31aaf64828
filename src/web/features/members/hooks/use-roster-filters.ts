import {
  NO_ROSTER_FILTERS,
  ROSTER_FILTERS,
  type RosterFilterKey,
  type RosterFilters,
} from '#core/members/roster-filters.ts';
import { useSearchParams, useSetSearchParams } from '../../../lib/use-search-param.ts';

/** Each filter's query parameter, so a link such as `?ironman=1&alts=1` reproduces the view. */
const FILTER_PARAMS: Readonly<Record<RosterFilterKey, string>> = {
  ironmanOnly: 'ironman',
  skillersOnly: 'skillers',
  fightersOnly: 'fighters',
  hideAdminRanks: 'hideAdmins',
  showAlts: 'alts',
};
const SEARCH_PARAM = 'search';

function readFilters(params: URLSearchParams): RosterFilters {
  const flag = (key: RosterFilterKey) => params.get(FILTER_PARAMS[key]) === '1';
  return {
    search: params.get(SEARCH_PARAM) ?? '',
    ironmanOnly: flag('ironmanOnly'),
    skillersOnly: flag('skillersOnly'),
    fightersOnly: flag('fightersOnly'),
    hideAdminRanks: flag('hideAdminRanks'),
    showAlts: flag('showAlts'),
  };
}

/** The filters as query parameters; an empty search or an off flag is removed from the URL. */
function filterParams(filters: RosterFilters): Record<string, string> {
  const values: Record<string, string> = { [SEARCH_PARAM]: filters.search };
  for (const { key } of ROSTER_FILTERS) values[FILTER_PARAMS[key]] = filters[key] ? '1' : '';
  return values;
}

/** The roster's search term and filters, kept in the URL so that a link or a reload reproduces the view. */
export function useRosterFilters() {
  const params = useSearchParams();
  const setParams = useSetSearchParams();
  const filters = readFilters(params);
  const update = (next: RosterFilters) => setParams(filterParams(next));

  return {
    filters,
    setSearch: (search: string) => update({ ...filters, search }),
    setFilter: (key: RosterFilterKey, on: boolean) => update({ ...filters, [key]: on }),
    /** Clears the filters; the search term has its own clear button and stays. */
    resetFilters: () => update({ ...NO_ROSTER_FILTERS, search: filters.search }),
  };
}
