import { useId, type ReactNode } from 'react';

/** One part of the Dink tab: a titled region with a line about it. */
export function AdminDinkPanel({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-stone-800 bg-stone-900 p-4"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-stone-100">
          {title}
        </h3>
        <p className="text-sm text-stone-400">{description}</p>
      </div>
      {children}
    </section>
  );
}
