import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { AuthPage } from '../../features/auth/components/auth-page.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useClan } from '../../lib/clan-query.ts';

const linkClass = 'text-gold-300 underline hover:text-gold-400';

/** /login (spec §2): admins land on the dashboard, everyone else on their profile. */
export function Component() {
  usePageTitle('Sign In');
  const [, navigate] = useLocation();
  const discordUrl = useClan().data?.discord_url;

  return (
    <AuthPage
      title="Sign In"
      footer={
        <>
          <p>
            {discordUrl ? (
              <a href={discordUrl} target="_blank" rel="noreferrer" className={linkClass}>
                Forgot your password?
              </a>
            ) : (
              <Link to={paths.forgotPassword} className={linkClass}>
                Forgot your password?
              </Link>
            )}
          </p>
          <p>
            New to the clan site?{' '}
            <Link to={paths.register} className={linkClass}>
              Register
            </Link>
          </p>
        </>
      }
    >
      <LoginForm onSuccess={(user) => navigate(user.is_admin ? paths.admin : paths.profile)} />
    </AuthPage>
  );
}
