import { useId } from 'react';

/**
 * A secret the server keeps and never sends back (the bot token, the client secret): whether one is
 * set, a password field that replaces it when something is typed, and, once set, a way to forget it.
 */
export function SecretField({
  label,
  set,
  value,
  clear,
  clearLabel,
  error,
  onChange,
  onClearChange,
}: {
  label: string;
  set: boolean;
  value: string;
  clear: boolean;
  clearLabel: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onClearChange: (clear: boolean) => void;
}) {
  const id = useId();
  const statusId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-200">
          {label}
        </label>
        <span
          id={statusId}
          className={`rounded px-2 py-0.5 text-xs font-medium ${
            set ? 'bg-emerald-950 text-emerald-200' : 'bg-stone-800 text-stone-300'
          }`}
        >
          {set ? 'Set' : 'Not set'}
        </span>
      </div>
      <input
        id={id}
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={clear}
        // Not a password of this site: the browser must neither fill it in nor offer to save it.
        autoComplete="new-password"
        spellCheck={false}
        placeholder={set ? 'Leave blank to keep it' : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={[statusId, hintId, error ? errorId : null].filter(Boolean).join(' ')}
        className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400 disabled:opacity-60"
      />
      <p id={hintId} className="text-xs text-stone-400">
        {set
          ? 'Type a new one to replace it; blank keeps it. It is never shown.'
          : 'Paste it from the Discord Developer Portal. It is never shown again.'}
      </p>
      {set && (
        <label className="flex items-center gap-2 text-sm text-stone-200">
          <input
            type="checkbox"
            checked={clear}
            onChange={(event) => onClearChange(event.target.checked)}
            className="accent-gold-500"
          />
          {clearLabel}
        </label>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
