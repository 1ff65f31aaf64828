import { Menu, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/logout.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { NavLink } from './nav-link.tsx';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.members, label: 'Members' },
  { to: paths.events, label: 'Events' },
  { to: paths.leaderboard, label: 'Leaderboard' },
  { to: paths.hallOfFame, label: 'Hall of Fame' },
  { to: paths.stats, label: 'Stats' },
  { to: paths.achievements, label: 'Achievements' },
  // Public races and goals are for visitors too (spec §1); My Races waits behind a sign-in there.
  { to: paths.progress, label: 'Progress' },
  { to: paths.feed, label: 'Feed' },
  { to: paths.personalBests, label: 'Personal Bests' },
  { to: paths.bingoList, label: 'Bingo' },
] as const;

const linkClass = (isActive: boolean) =>
  `block rounded px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? 'bg-stone-800 text-gold-300' : 'text-stone-300 hover:bg-stone-800 hover:text-white'
  }`;

function SessionEntry() {
  const { data } = useMe();
  const signOut = useSignOut();
  const user = data?.user;
  if (!user) {
    return (
      <NavLink to={paths.login} className={linkClass}>
        Log In
      </NavLink>
    );
  }
  return (
    <>
      {user.is_admin && (
        <NavLink to={paths.admin} className={linkClass}>
          Admin
        </NavLink>
      )}
      {/* Admins are players too: their characters, claims and password live on the profile. */}
      <NavLink to={paths.profile} className={linkClass}>
        Profile
      </NavLink>
      <button
        type="button"
        className="block w-full rounded px-3 py-2 text-left text-sm font-medium text-stone-300 hover:bg-stone-800 hover:text-white lg:w-auto"
        onClick={signOut}
      >
        Log Out
      </button>
    </>
  );
}

/**
 * The site navbar: a row of links on wide screens (wrapping whole links when a signed-in member's
 * entries make it too long), a menu of two columns that collapses on phones and tablets, where ten
 * pages and the session's entries in one column would push the page a screen down.
 */
export function Navbar({ clanName, iconUrl }: { clanName: string; iconUrl: string }) {
  const [pathname] = useLocation();
  // The menu is open only on the page where it was opened, so any route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);

  useDismiss(navRef, open, () => setOpenOn(null));

  return (
    <nav ref={navRef} aria-label="Main" className="border-b border-stone-800 bg-stone-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <Link to={paths.home} className="flex items-center gap-2 font-bold text-gold-300">
          <img src={iconUrl} alt="" className="h-7 w-7" />
          {/* Until the clan's name has loaded, the logo link still needs a name. */}
          {clanName ? <span>{clanName}</span> : <span className="sr-only">Home</span>}
        </Link>
        <button
          type="button"
          className="rounded p-2 text-stone-300 hover:bg-stone-800 lg:hidden"
          aria-controls={menuId}
          aria-expanded={open}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <div
          id={menuId}
          data-open={open}
          // A link to the page already shown changes no route, yet the menu should close all the same.
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) setOpenOn(null);
          }}
          className={`${open ? 'grid' : 'hidden'} w-full grid-cols-2 gap-1 pb-2 lg:flex lg:w-auto lg:flex-row lg:flex-wrap lg:items-center lg:pb-0`}
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
          <SessionEntry />
        </div>
      </div>
    </nav>
  );
}
