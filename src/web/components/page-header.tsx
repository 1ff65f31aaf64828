import type { ReactNode } from 'react';
import { usePageTitle } from './page-title.tsx';

/** The page's one h1, also used as the browser tab title. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold text-gold-300">{title}</h1>
      {children && <div className="mt-2 text-stone-300">{children}</div>}
    </header>
  );
}
