import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { LoadingState } from '../../components/states.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { SignInNotice } from '../../components/sign-in-notice.tsx';

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
  if (!user.is_admin) {
    return (
      <SignInNotice
        title="Access Restricted"
        message="You must be logged in as an administrator to view this page."
      />
    );
  }
  return <>{children}</>;
}
