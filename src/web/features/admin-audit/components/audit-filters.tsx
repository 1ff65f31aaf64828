import { useId, useState } from 'react';
import type { AuditFilters } from '#core/audit/audit.schema.ts';
import { actionLabel } from '#core/audit/describe-audit.ts';
import type { AuditFilter } from '../api/get-audit-log.ts';

const CONTROL =
  'w-full min-w-0 rounded border border-stone-700 bg-stone-950 px-3 py-2 text-sm text-stone-100 placeholder:text-stone-500 focus:border-gold-400';
const LABEL = 'block text-sm font-medium text-stone-200';

const NO_CHOICES: AuditFilters = { actors: [], actions: [], members: [] };

/** A WOM id typed as such: digits only, as the server accepts it. */
const WOM_ID = /^[1-9]\d{0,9}$/;

/** The member a typed text names: a member's name (any case) from the list, or a WOM id. */
function memberFor(text: string, members: AuditFilters['members']): string | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  const named = members.find((member) => member.name.toLowerCase() === typed.toLowerCase());
  if (named) return named.wom_id;
  return WOM_ID.test(typed) ? typed : undefined;
}

/**
 * Who, what and which member: the accounts that have acted (admins, and members acting on their own
 * accounts), the actions recorded, and a member typed or picked from the list the browser offers as
 * the admin types. A name that matches no member says so and leaves the log unfiltered by member.
 */
export function AuditFilterBar({
  choices = NO_CHOICES,
  filter,
  onChange,
}: {
  choices?: AuditFilters | undefined;
  filter: AuditFilter;
  onChange: (filter: AuditFilter) => void;
}) {
  const id = useId();
  const [memberText, setMemberText] = useState('');
  const unknownMember = memberText.trim() !== '' && memberFor(memberText, choices.members) === undefined;
  const actions = [...choices.actions].sort((a, b) => actionLabel(a).localeCompare(actionLabel(b)));
  const filtered = filter.actor !== undefined || filter.action !== undefined || memberText !== '';

  const typeMember = (text: string) => {
    setMemberText(text);
    const member = memberFor(text, choices.members);
    if (member !== filter.member) onChange({ ...filter, member });
  };

  return (
    <form
      role="search"
      aria-label="Filter admin actions"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-3 rounded-lg border border-stone-800 bg-stone-900 p-3 sm:grid-cols-3 sm:p-4"
    >
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-who`} className={LABEL}>
          Who
        </label>
        <select
          id={`${id}-who`}
          value={filter.actor ?? ''}
          onChange={(event) =>
            onChange({ ...filter, actor: event.target.value === '' ? undefined : Number(event.target.value) })
          }
          className={CONTROL}
        >
          <option value="">Anyone</option>
          {choices.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-what`} className={LABEL}>
          What
        </label>
        <select
          id={`${id}-what`}
          value={filter.action ?? ''}
          onChange={(event) =>
            onChange({ ...filter, action: event.target.value === '' ? undefined : event.target.value })
          }
          className={CONTROL}
        >
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-member`} className={LABEL}>
          Member
        </label>
        <input
          id={`${id}-member`}
          type="text"
          list={`${id}-members`}
          autoComplete="off"
          value={memberText}
          placeholder="Name or WOM id"
          aria-invalid={unknownMember ? true : undefined}
          aria-describedby={unknownMember ? `${id}-member-hint` : undefined}
          onChange={(event) => typeMember(event.target.value)}
          className={CONTROL}
        />
        <datalist id={`${id}-members`}>
          {choices.members.map((member) => (
            <option key={member.wom_id} value={member.name} />
          ))}
        </datalist>
        {unknownMember && (
          <p id={`${id}-member-hint`} className="text-xs text-amber-300">
            No member is called that: pick one from the list.
          </p>
        )}
      </div>
      {filtered && (
        <div className="sm:col-span-3">
          <button
            type="button"
            onClick={() => {
              setMemberText('');
              onChange({});
            }}
            className="rounded border border-stone-600 px-3 py-1.5 text-sm text-stone-100 hover:bg-stone-800"
          >
            Clear filters
          </button>
        </div>
      )}
    </form>
  );
}
