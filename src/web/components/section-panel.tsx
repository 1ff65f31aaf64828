import { useId, type ReactNode } from 'react';

/** A titled region of a dashboard tab, with a line on what it is for and, beside the title, its action. */
export function SectionPanel({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: ReactNode;
  /** Shown beside the title, e.g. a job's start button. */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-stone-800 bg-stone-900 p-4"
    >
      <div className={action ? 'flex flex-wrap items-center justify-between gap-3' : undefined}>
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-stone-100">
            {title}
          </h3>
          <p className="text-sm text-stone-400">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
