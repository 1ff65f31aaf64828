import { useEffect, useId, useRef, useState } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { rankMismatches, type Mismatch } from '../lib/rank-mismatches.ts';
import { RankUpdateRow } from './rank-update-row.tsx';
import { RankUpdatesDialog } from './rank-updates-dialog.tsx';

const GROUPS = [
  { direction: 'promotion', title: 'Promotions' },
  { direction: 'demotion', title: 'Demotions' },
] as const;

/** A box that selects a whole group; part of a group selected shows as mixed. */
function SelectAll({
  label,
  members,
  selected,
  onChange,
}: {
  label: string;
  members: readonly Mismatch[];
  selected: ReadonlySet<string>;
  onChange: (womIds: string[], selected: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const count = members.filter((member) => selected.has(member.wom_id)).length;
  const all = count === members.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <label className="flex items-center gap-2 text-sm text-stone-300">
      <input
        ref={box}
        type="checkbox"
        checked={all}
        onChange={() =>
          onChange(
            members.map((member) => member.wom_id),
            !all,
          )
        }
        className="size-4 accent-gold-400"
      />
      {label}
    </label>
  );
}

function RankGroup({
  title,
  members,
  selected,
  onSelect,
  notify,
}: {
  title: string;
  members: readonly Mismatch[];
  selected: ReadonlySet<string>;
  onSelect: (womIds: string[], selected: boolean) => void;
  notify: Notify;
}) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="border-t border-stone-800 first:border-t-0">
      <div className="flex flex-wrap items-center justify-between gap-3 bg-stone-950/40 px-4 py-2">
        <h4 id={headingId} className="flex items-center gap-2 font-semibold text-stone-200">
          {title}
          <span className="rounded-full bg-stone-700 px-2 py-0.5 text-xs font-bold text-stone-100">
            {members.length}
          </span>
        </h4>
        <SelectAll
          label={`Select all ${title.toLowerCase()}`}
          members={members}
          selected={selected}
          onChange={onSelect}
        />
      </div>
      <ul aria-labelledby={headingId} className="divide-y divide-stone-800">
        {members.map((member) => (
          <RankUpdateRow
            key={member.wom_id}
            member={member}
            selected={selected.has(member.wom_id)}
            onSelectedChange={(on) => onSelect([member.wom_id], on)}
            notify={notify}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Rank Updates' (spec §2): each proposal with an 'Update Rank' button, grouped into promotions and
 * demotions, and any selection applied at once after one confirmation.
 */
export function RankUpdates({ members, notify }: { members: readonly AdminMember[]; notify: Notify }) {
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Mismatch[] | null>(null);
  const mismatches = rankMismatches(members);
  // Only members still proposed count as selected: an applied one leaves the list and the selection.
  const selectedMembers = mismatches.filter((member) => chosen.has(member.wom_id));

  const select = (womIds: string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const womId of womIds) {
        if (on) next.add(womId);
        else next.delete(womId);
      }
      return next;
    });

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-800 px-4 py-3">
        <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-stone-100">
          Rank Updates
          <span className="rounded-full bg-gold-500 px-2 py-0.5 text-xs font-bold text-stone-950">
            {mismatches.length}
            <span className="sr-only"> proposed</span>
          </span>
        </h3>
        {mismatches.length > 0 && (
          <button
            type="button"
            onClick={() => setConfirming(selectedMembers)}
            disabled={selectedMembers.length === 0}
            className="rounded bg-gold-500 px-3 py-1.5 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Apply Selected ({selectedMembers.length})
          </button>
        )}
      </header>
      {mismatches.length === 0 ? (
        <p className="px-4 py-6 text-center text-stone-400">No rank updates required</p>
      ) : (
        GROUPS.map(({ direction, title }) => {
          const group = mismatches.filter((member) => member.rank_proposal.direction === direction);
          return group.length === 0 ? null : (
            <RankGroup
              key={direction}
              title={title}
              members={group}
              selected={chosen}
              onSelect={select}
              notify={notify}
            />
          );
        })
      )}
      <RankUpdatesDialog members={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}
