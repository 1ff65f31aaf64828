import { useId, type FormEventHandler, type ReactNode } from 'react';

/** One of the Characters tab's forms in its own card, named by its heading. */
export function FormCard({
  title,
  description,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-lg border border-stone-800 bg-stone-900 p-5"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-stone-100">
          {title}
        </h3>
        <p className="mt-1 text-sm text-stone-400">{description}</p>
      </div>
      {children}
    </form>
  );
}
