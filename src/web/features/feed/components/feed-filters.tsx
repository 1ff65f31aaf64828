import { useId } from 'react';
import { MemberCombobox, type MemberChoice } from '../../../components/member-combobox.tsx';
import type { FeedFilter } from '../api/get-feed.ts';
import { DINK_MOMENT_KINDS, DINK_MOMENT_LABELS, isMomentKind } from '#core/dink/moment-kinds.ts';

const CONTROL =
  'w-full min-w-0 rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400';
const LABEL = 'block text-sm font-medium text-stone-200';

const isFiltered = (filter: FeedFilter) => filter.kind !== undefined || filter.wom_id !== undefined;

/** Which kind of moment and whose: any kind and anyone unless chosen. */
export function FeedFilters({
  filter,
  members,
  onChange,
}: {
  filter: FeedFilter;
  members: readonly MemberChoice[];
  onChange: (change: FeedFilter) => void;
}) {
  const kindId = useId();
  return (
    <form
      role="search"
      aria-label="Filter the feed"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-3 rounded-lg border border-stone-800 bg-stone-900 p-3 sm:grid-cols-2 sm:p-4"
    >
      <div className="min-w-0">
        <label htmlFor={kindId} className={`${LABEL} mb-1`}>
          Kind
        </label>
        <select
          id={kindId}
          value={filter.kind ?? ''}
          onChange={(event) =>
            onChange({ kind: isMomentKind(event.target.value) ? event.target.value : undefined })
          }
          className={CONTROL}
        >
          <option value="">All moments</option>
          {DINK_MOMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DINK_MOMENT_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <MemberCombobox
          label="Member"
          members={members}
          value={filter.wom_id ?? ''}
          onChange={(womId) => onChange({ wom_id: womId === '' ? undefined : womId })}
          placeholder="Everyone"
          labelClassName={LABEL}
        />
      </div>
      {isFiltered(filter) && (
        <div className="sm:col-span-2">
          <button
            type="button"
            onClick={() => onChange({ kind: undefined, wom_id: undefined })}
            className="rounded border border-stone-600 px-3 py-1.5 text-sm text-stone-100 hover:bg-stone-800"
          >
            Clear filters
          </button>
        </div>
      )}
    </form>
  );
}
