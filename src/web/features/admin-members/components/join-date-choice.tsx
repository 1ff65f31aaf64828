import { useId } from 'react';
import type { JoinDateChoice } from '#core/members/member-returns.ts';
import { formatShortDate } from '../../../lib/format.ts';

/**
 * Once a member has left and come back, which join date counts (issue 29): the first one, kept by
 * the sync, or the return. Choosing fills the Join Date field; saving records it in the audit log.
 */
export function JoinDateChoiceField({
  choice,
  value,
  onChoose,
}: {
  choice: JoinDateChoice;
  /** The Join Date field as it stands. */
  value: string | null;
  onChoose: (date: string) => void;
}) {
  const name = useId();
  const options = [
    { label: 'First joined', date: choice.first_joined },
    { label: 'Returned on', date: choice.returned_on },
  ];
  return (
    <fieldset className="space-y-1 sm:col-span-2">
      <legend className="text-sm font-medium text-stone-200">Join date counts from</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-stone-200">
        {options.map((option) => (
          <label key={option.label} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              checked={value === option.date}
              onChange={() => onChoose(option.date)}
            />
            {option.label} {formatShortDate(option.date)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
