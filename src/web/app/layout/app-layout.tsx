import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { pagesWithoutNavbar } from '../../config/paths.ts';
import { useClan } from '../../lib/clan-query.ts';
import { useIdlePreloading } from '../prefetch.ts';
import { AnniversaryBanner } from './anniversary-banner.tsx';
import { Navbar } from './navbar.tsx';
import { useSiteIcon } from './use-site-icon.ts';

/** The frame of every page: the navbar (except on the sign-in pages), the anniversary banner, the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const iconUrl = useSiteIcon();
  const clan = useClan().data;
  useIdlePreloading();
  const showNavbar = !pagesWithoutNavbar.includes(pathname.replace(/\/+$/, '') || '/');

  return (
    <div className="flex min-h-screen flex-col">
      {showNavbar && <Navbar clanName={clan?.name ?? ''} iconUrl={iconUrl} />}
      <AnniversaryBanner />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
