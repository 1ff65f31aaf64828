import { useId, useState, type FormEvent, type ReactNode } from 'react';

/**
 * A member's "away until" date: a date input (today or later) and its button. The button names the
 * member, so each row's control is told apart by a screen reader and by the journeys. `children`
 * come before the date: the member picker, when the form is for any member. `name` is null until a
 * member is picked, and the button waits for one.
 */
export function AwayForm({
  name,
  today,
  busy,
  onSubmit,
  children,
}: {
  name: string | null;
  today: string;
  busy: boolean;
  onSubmit: (awayUntil: string) => void;
  children?: ReactNode;
}) {
  const inputId = useId();
  const [date, setDate] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date !== '' && name !== null) onSubmit(date);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {children}
      <div className="flex flex-col">
        <label htmlFor={inputId} className="text-xs text-stone-400">
          Away until{name !== null && <span className="sr-only">, for {name}</span>}
        </label>
        <input
          id={inputId}
          type="date"
          min={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          className="rounded border border-stone-600 bg-stone-950 px-2 py-1 text-sm text-stone-100"
        />
      </div>
      <button
        type="submit"
        aria-label={name === null ? 'Set away' : `Set away for ${name}`}
        disabled={busy || date === '' || name === null}
        aria-busy={busy}
        className="rounded bg-stone-700 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-600 disabled:opacity-60"
      >
        Set away
      </button>
    </form>
  );
}
