import type { InputHTMLAttributes, Ref } from 'react';
import { useId } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A line under the input saying what it takes. */
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message tied to it for screen readers. */
export function FormField({ label, hint, error, ref, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-200">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400"
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-stone-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
