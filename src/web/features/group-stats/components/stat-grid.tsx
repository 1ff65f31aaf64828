import { useId, type ReactNode } from 'react';

export interface StatItem {
  label: string;
  value: ReactNode;
}

/** A titled group of figures, each a label above its value. */
export function StatGrid({ title, items }: { title: string; items: StatItem[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-stone-800 bg-stone-900 p-4 sm:p-6"
    >
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-gold-300">
        {title}
      </h2>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
        {items.map(({ label, value }) => (
          <div key={label} className="rounded border border-stone-800 bg-stone-950 p-3">
            <dt className="text-sm text-stone-400">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold break-words text-stone-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
