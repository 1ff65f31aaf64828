import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#core/site/pages.ts';

/** The address of a member's page: '/members/12345'. */
export function memberPath(womId: string): string {
  return paths.member.replace(':id', encodeURIComponent(womId));
}

const LINK_CLASS =
  'underline decoration-stone-600 underline-offset-4 hover:text-gold-300 hover:decoration-gold-300';

/**
 * A member's name as a link to their page. Rows that expand on a click keep their own behaviour: the
 * link's click goes no further than the link.
 */
export function MemberLink({ womId, children }: { womId: string; children: ReactNode }) {
  return (
    <Link to={memberPath(womId)} onClick={(event) => event.stopPropagation()} className={LINK_CLASS}>
      {children}
    </Link>
  );
}

/** Whether a click asks for the page in this tab (not a new tab or window, not a right click). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
}

/**
 * MemberLink for long lists: a plain anchor that navigates with the list's one `navigate`, where a
 * router Link in each of 2,000 roster rows would each follow the location and slow the roster down.
 */
export function MemberAnchor({
  womId,
  navigate,
  children,
}: {
  womId: string;
  navigate: (path: string) => void;
  children: ReactNode;
}) {
  const path = memberPath(womId);
  return (
    <a
      href={path}
      className={LINK_CLASS}
      onClick={(event) => {
        event.stopPropagation();
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(path);
      }}
    >
      {children}
    </a>
  );
}
