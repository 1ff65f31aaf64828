import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';

/** A member the combobox offers: chosen by WOM id, found by name; the note says more ('hidden'). */
export interface MemberChoice {
  wom_id: string;
  name: string;
  note?: string;
}

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 py-2 pr-9 pl-3 text-stone-100 placeholder:text-stone-500 focus:border-gold-400 disabled:opacity-60';

/**
 * The members whose name holds what was typed, ignoring case: names that start with it first, so
 * "mo" puts Mods Ash before Zezimo; otherwise in the order given.
 */
export function filterMembers<T extends MemberChoice>(members: readonly T[], typed: string): T[] {
  const needle = typed.trim().toLowerCase();
  if (needle === '') return [...members];
  const starting: T[] = [];
  const containing: T[] = [];
  for (const member of members) {
    const name = member.name.toLowerCase();
    if (name.startsWith(needle)) starting.push(member);
    else if (name.includes(needle)) containing.push(member);
  }
  return [...starting, ...containing];
}

/**
 * A searchable member picker (the ARIA 1.2 combobox with a list box): type to filter by name, Up
 * and Down to move, Enter to choose, Escape to close. The caller owns the chosen WOM id ('' for
 * none); typing clears the choice until a member is picked, so a half-typed name is never sent.
 */
export function MemberCombobox({
  label,
  members,
  value,
  onChange,
  onBlur,
  inputRef,
  placeholder = 'Type a name',
  disabled = false,
  invalid = false,
  describedBy,
  labelClassName = 'block text-sm font-medium text-stone-200',
}: {
  label: string;
  members: readonly MemberChoice[];
  value: string;
  onChange: (womId: string) => void;
  onBlur?: () => void;
  /** For a form library to focus the field it found wrong. */
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  labelClassName?: string;
}) {
  const ids = { input: useId(), listbox: useId() };
  // Null while the input shows the chosen member's name; the text typed otherwise.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const chosen = members.find((member) => member.wom_id === value);
  const text = typed ?? chosen?.name ?? '';
  const matches = typed === null ? [...members] : filterMembers(members, typed);
  const expanded = open && matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${ids.listbox}-${index}`;

  // The list scrolls by itself only to real focus; the active option is a descendant, not focused.
  // (jsdom has no scrollIntoView.)
  useEffect(() => {
    if (expanded) listRef.current?.children[activeIndex]?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, activeIndex]);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  /** Opening shows the chosen member highlighted, else the first. */
  const opening = () =>
    Math.max(
      matches.findIndex((member) => member.wom_id === value),
      0,
    );

  const choose = (member: MemberChoice) => {
    setTyped(null);
    setOpen(false);
    onChange(member.wom_id);
  };

  const type = (next: string) => {
    setTyped(next);
    setActive(0);
    setOpen(true);
    if (value !== '') onChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      show(open ? Math.min(activeIndex + 1, last) : opening());
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show(open ? Math.max(activeIndex - 1, 0) : opening());
    } else if (event.key === 'Enter' && expanded) {
      // Enter picks the highlighted member instead of submitting the form half-filled.
      event.preventDefault();
      const member = matches[activeIndex];
      if (member) choose(member);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else if (text !== '') {
        // A second Escape empties the field, as a native search box does, without reopening the list.
        event.preventDefault();
        setTyped(null);
        if (value !== '') onChange('');
      }
    }
  };

  const leave = () => {
    setOpen(false);
    // A name typed in full counts as choosing it, so Tab after typing "Zezima" keeps Zezima.
    const exact =
      typed === null
        ? undefined
        : members.find((member) => member.name.toLowerCase() === typed.trim().toLowerCase());
    if (exact) choose(exact);
    onBlur?.();
  };

  return (
    <div>
      <label htmlFor={ids.input} className={`${labelClassName} mb-1`}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={ids.input}
          type="text"
          role="combobox"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.listbox}
          aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => type(event.target.value)}
          onClick={() => (open ? setOpen(false) : show(opening()))}
          onKeyDown={onKeyDown}
          onBlur={leave}
          className={inputClass}
        />
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 right-3 h-4 w-4 text-stone-400"
        />
        <ul
          ref={listRef}
          id={ids.listbox}
          role="listbox"
          aria-label={label}
          hidden={!expanded}
          // Keeps focus in the input while a pointer picks, so its blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded border border-stone-700 bg-stone-900 py-1 shadow-lg"
        >
          {expanded &&
            matches.map((member, index) => (
              <li
                key={member.wom_id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onClick={() => choose(member)}
                onMouseMove={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 text-stone-100 ${
                  index === activeIndex ? 'bg-stone-800 ring-1 ring-gold-400/60 ring-inset' : ''
                } ${member.wom_id === value ? 'font-semibold text-gold-300' : ''}`}
              >
                {member.name}
                {member.note && (
                  <>
                    {' '}
                    <span className="text-xs text-stone-400">({member.note})</span>
                  </>
                )}
              </li>
            ))}
        </ul>
      </div>
      {/*
        Read once typing settles: how many members the name matches, or that none does. A live region
        rather than a status role, so the form's own status message stays the only one.
      */}
      <p
        aria-live="polite"
        aria-atomic="true"
        className={typed !== null && matches.length === 0 ? 'mt-1 text-sm text-stone-400' : 'sr-only'}
      >
        {typed === null
          ? ''
          : matches.length === 0
            ? 'No member matches that name'
            : `${matches.length} members match`}
      </p>
    </div>
  );
}
