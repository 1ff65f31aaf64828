import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/**
 * Whether a link to `to` names the page shown: its own path (with or without a trailing slash) or a
 * path below it. Every path is below the home page, so home is current only on itself.
 */
function isCurrentPage(pathname: string, to: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === to || (to !== '/' && path.startsWith(`${to}/`));
}

/** A navbar link that marks the page shown, for the eye (its class) and for screen readers (aria-current). */
export function NavLink({
  to,
  className,
  children,
}: {
  to: string;
  className: (isActive: boolean) => string;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  const isActive = isCurrentPage(pathname, to);
  return (
    <Link to={to} className={className(isActive)} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  );
}
