import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths.ts';

/**
 * The frame of the sign-in pages (no navbar there): a way back to the site, the page's heading, its
 * form in a card and what goes under it.
 */
export function AuthPage({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-sm space-y-6 pt-8">
      <div className="text-center">
        <Link to={paths.home} className="text-sm text-stone-400 hover:text-stone-200">
          Back to the clan site
        </Link>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      </div>
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-6">{children}</div>
      {footer && <div className="space-y-2 text-center text-sm text-stone-400">{footer}</div>}
    </div>
  );
}
