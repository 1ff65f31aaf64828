import { useId, useState, type FormEvent } from 'react';

/**
 * A member's "away until" date: a date input (today or later) and its button. The button names the
 * member, so each row's control is told apart by a screen reader and by the journeys.
 */
export function AwayForm({
  name,
  today,
  busy,
  onSubmit,
}: {
  name: string;
  today: string;
  busy: boolean;
  onSubmit: (awayUntil: string) => void;
}) {
  const inputId = useId();
  const [date, setDate] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date !== '') onSubmit(date);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col">
        <label htmlFor={inputId} className="text-xs text-stone-400">
          Away until<span className="sr-only">, for {name}</span>
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
        aria-label={`Set away for ${name}`}
        disabled={busy || date === ''}
        aria-busy={busy}
        className="rounded bg-stone-700 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-600 disabled:opacity-60"
      >
        Set away
      </button>
    </form>
  );
}
