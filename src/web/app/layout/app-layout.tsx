import { Outlet, useLocation } from 'react-router';
import { pagesWithoutNavbar } from '../../config/paths.ts';
import { useClan } from '../../features/clan/api/get-clan.ts';
import { useIdlePreloading } from '../prefetch.ts';
import { AnniversaryBanner } from './anniversary-banner.tsx';
import { Navbar } from './navbar.tsx';
import { useSiteIcon } from './use-site-icon.ts';

export function AppLayout() {
  const { pathname } = useLocation();
  const iconUrl = useSiteIcon();
  const clan = useClan().data;
  useIdlePreloading();
  const showNavbar = !pagesWithoutNavbar.includes(pathname.replace(/\/+$/, '') || '/');

  return (
    <div className="flex min-h-screen flex-col">
      {showNavbar && <Navbar clanName={clan?.name ?? ''} iconUrl={iconUrl} />}
      <AnniversaryBanner />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
