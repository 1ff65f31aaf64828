import { Search, X } from 'lucide-react';
import { useId } from 'react';

/**
 * A labelled search field with one clear button; the caller owns the value (often the URL). A text
 * input with the searchbox role rather than `type="search"`, whose own clear cross showed beside ours
 * (issue 21); Escape still clears it, as it would a search input.
 */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-stone-400"
      />
      <input
        id={id}
        type="text"
        role="searchbox"
        enterKeyHint="search"
        autoComplete="off"
        value={value}
        placeholder={placeholder ?? label}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            // The page's own Escape (a dialog closing) is not also the search's.
            event.stopPropagation();
            onChange('');
          }
        }}
        className="w-full rounded border border-stone-700 bg-stone-900 py-2 pr-9 pl-9 text-stone-100 placeholder:text-stone-500 focus:border-gold-400"
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute top-1.5 right-1.5 rounded p-1 text-stone-400 hover:text-stone-100"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}
