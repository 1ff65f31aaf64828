import { Link, useLocation } from 'wouter';
import { paths } from '#core/site/pages.ts';

const PAGES = [
  { to: paths.feed, label: 'Clan Feed' },
  { to: paths.personalBests, label: 'Personal Bests & Loot' },
] as const;

/**
 * The two pages built from the members' Dink, one step apart: the navbar names only the feed, so a
 * phone's menu stays short.
 */
export function FeedPagesNav() {
  const [pathname] = useLocation();
  const current = pathname.replace(/\/+$/, '');
  return (
    <nav aria-label="From the game" className="mb-6 flex flex-wrap gap-x-1 border-b border-stone-800">
      {PAGES.map((page) => {
        const active = page.to === current;
        return (
          <Link
            key={page.to}
            to={page.to}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap sm:px-4 ${
              active
                ? 'border-gold-400 text-gold-300'
                : 'border-transparent text-stone-400 hover:text-stone-100'
            }`}
          >
            {page.label}
          </Link>
        );
      })}
    </nav>
  );
}
