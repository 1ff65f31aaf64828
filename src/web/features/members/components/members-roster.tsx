import { useMemo } from 'react';
import { activeRosterFilters, filterRoster, sortRoster } from '#core/members/roster-filters.ts';
import { SearchBox } from '../../../components/search-box.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useMembers } from '../api/get-members.ts';
import { useRosterFilters } from '../hooks/use-roster-filters.ts';
import { FilterTags } from './filter-tags.tsx';
import { FiltersMenu } from './filters-menu.tsx';
import { MemberTable } from './member-table.tsx';

/**
 * The public roster: search and filters kept in the URL, then the table or its loading, error or empty
 * state. `own` marks the signed-in user's characters.
 */
export function MembersRoster({ own }: { own?: ReadonlySet<string> }) {
  const members = useMembers();
  const { filters, setSearch, setFilter, resetFilters } = useRosterFilters();
  const active = activeRosterFilters(filters);
  // Sorted here too, so the order does not depend on how the server happens to send the roster.
  const sorted = useMemo(() => sortRoster(members.data ?? []), [members.data]);
  const visible = useMemo(() => filterRoster(sorted, filters), [sorted, filters]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox
          label="Search members"
          placeholder="Search by name or WOM name..."
          value={filters.search}
          onChange={setSearch}
        />
        <FiltersMenu flags={filters} activeCount={active.length} onChange={setFilter} />
      </div>
      <FilterTags active={active} onRemove={(key) => setFilter(key, false)} onReset={resetFilters} />

      <QueryState
        query={members}
        loadingLabel="Loading members..."
        errorTitle="Error Loading Data"
        errorMessage={members.error?.message || 'Failed to load data'}
      >
        {() =>
          visible.length === 0 ? (
            <EmptyState title="No members found." />
          ) : (
            <MemberTable members={visible} own={own} />
          )
        }
      </QueryState>
    </div>
  );
}
