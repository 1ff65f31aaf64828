import { useRef, useState } from 'react';

const COPY_MESSAGES = {
  copied: 'Copied to the clipboard.',
  manual: 'Could not copy: the text is selected, copy it with Ctrl+C.',
} as const;

/** Up to this long (a claim code) the text is shown large; an address is shown at body size. */
const LARGE_UP_TO = 24;

/**
 * A secret to hand on (a claim code, a password reset link), easy to read, with a Copy button.
 * Where the clipboard is out of reach (a page not served over HTTPS, a refused permission) the text
 * is selected instead, so the admin can copy it by hand.
 */
export function CopyableText({ label, text }: { label: string; text: string }) {
  const textRef = useRef<HTMLOutputElement>(null);
  const [outcome, setOutcome] = useState<keyof typeof COPY_MESSAGES | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      if (textRef.current) window.getSelection()?.selectAllChildren(textRef.current);
      setOutcome('manual');
    }
  };

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-3">
        <output
          ref={textRef}
          aria-label={label}
          className={`rounded border border-gold-500/60 bg-stone-950 px-3 py-2 font-mono break-all text-gold-300 select-all ${
            text.length <= LARGE_UP_TO ? 'text-xl tracking-wider' : 'text-sm'
          }`}
        >
          {text}
        </output>
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800"
        >
          Copy
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-stone-400">
        {outcome && COPY_MESSAGES[outcome]}
      </p>
    </div>
  );
}
