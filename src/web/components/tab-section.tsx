import { useId, type ReactNode } from 'react';

/**
 * A dashboard tab: a section named by its h2, a line about it, any actions beside the heading,
 * then the tab's content.
 */
export function TabSection({
  title,
  description,
  actions,
  spacing = 'space-y-4',
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  spacing?: 'space-y-4' | 'space-y-6';
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <>
      <h2 id={headingId} className="text-2xl font-semibold text-stone-100">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-400">{description}</p>}
    </>
  );
  return (
    <section aria-labelledby={headingId} className={spacing}>
      {actions ? (
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>{heading}</div>
          {actions}
        </header>
      ) : (
        <header>{heading}</header>
      )}
      {children}
    </section>
  );
}
