import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { LoadingState } from '../../components/states.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';

/**
 * The admin pages' guard (spec §2, §6): a visitor is sent to /login, a signed-in member who is not an
 * admin sees 'Access Restricted'. It only decides what the browser shows; the server refuses every
 * admin request from anyone else regardless.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingState />;
  const user = me.data?.user ?? null;
  if (!user) return <Redirect to={paths.login} replace />;
  if (!user.is_admin) return <AccessRestricted />;
  return <>{children}</>;
}

function AccessRestricted() {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-stone-800 bg-stone-900 p-8 text-center">
      <h1 className="text-2xl font-bold">Access Restricted</h1>
      <p className="mt-3 text-stone-300">You must be logged in as an administrator to view this page.</p>
      <Link
        to={paths.login}
        className="mt-6 inline-block rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400"
      >
        Log In
      </Link>
    </div>
  );
}
