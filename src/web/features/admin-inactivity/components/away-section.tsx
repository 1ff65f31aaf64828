import { useId, useState } from 'react';
import type { AwayMember } from '#core/members/inactivity.ts';
import { MemberCombobox, type MemberChoice } from '../../../components/member-combobox.tsx';
import { AwayForm } from './away-form.tsx';
import { AwayMemberItem } from './away-member-item.tsx';

/**
 * The members away (issue 29): a list of their own, at the top of the tab, soonest back first, each
 * with the date and a Clear; and a form to mark any member away before they go, not only one who
 * is already inactive (given the roster to pick from).
 */
export function AwaySection({
  away,
  today,
  members,
  busyWomId,
  onSetAway,
}: {
  away: readonly AwayMember[];
  today: string;
  members: readonly MemberChoice[] | undefined;
  busyWomId: string | null;
  /** Resolves whether the date was saved. */
  onSetAway: (name: string, womId: string, awayUntil: string | null) => Promise<boolean>;
}) {
  const headingId = useId();
  const [womId, setWomId] = useState('');
  // A fresh form after each member marked: the picker and the date start empty again.
  const [formKey, setFormKey] = useState(0);
  const picked = members?.find((member) => member.wom_id === womId) ?? null;

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-stone-800 p-3 sm:p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-stone-100">
        Away
        <span className="rounded-full bg-stone-700 px-2 py-0.5 text-xs font-bold text-stone-100">
          {away.length}
          <span className="sr-only"> {away.length === 1 ? 'member' : 'members'}</span>
        </span>
      </h3>
      {members && (
        <AwayForm
          key={formKey}
          name={picked?.name ?? null}
          today={today}
          busy={picked !== null && busyWomId === picked.wom_id}
          onSubmit={(awayUntil) => {
            if (!picked) return;
            void onSetAway(picked.name, picked.wom_id, awayUntil).then((saved) => {
              if (!saved) return;
              setWomId('');
              setFormKey((key) => key + 1);
            });
          }}
        >
          <div className="min-w-48 grow sm:max-w-xs">
            <MemberCombobox
              label="Mark a member away"
              labelClassName="block text-xs text-stone-400"
              members={members}
              value={womId}
              onChange={setWomId}
            />
          </div>
        </AwayForm>
      )}
      {away.length === 0 ? (
        <p className="text-sm text-stone-400">No member is marked away.</p>
      ) : (
        <ul aria-label="Away members" className="space-y-2">
          {away.map((member) => (
            <AwayMemberItem
              key={member.wom_id}
              member={member}
              today={today}
              busy={busyWomId === member.wom_id}
              onClear={() => void onSetAway(member.name, member.wom_id, null)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
