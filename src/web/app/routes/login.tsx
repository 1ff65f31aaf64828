import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { AuthPage } from '../../features/auth/components/auth-page.tsx';
import { DiscordSignInLink } from '../../features/auth/components/discord-sign-in-link.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useClan } from '../../lib/clan-query.ts';
import { discordSignInError } from '../../lib/discord-sign-in.ts';
import { useSearchParams } from '../../lib/use-search-param.ts';

const linkClass = 'text-gold-300 underline hover:text-gold-400';

/**
 * /login (spec §2): admins land on the dashboard, everyone else on their profile. A Discord sign-in
 * that failed comes back here with `?discord_error=`, which says why above the form (issue 32).
 */
export function Component() {
  usePageTitle('Sign In');
  const [, navigate] = useLocation();
  const discordUrl = useClan().data?.discord_url;
  const discordError = discordSignInError(useSearchParams().get('discord_error'));

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
      {discordError && (
        <div className="mb-4">
          <FormAlert>{discordError}</FormAlert>
        </div>
      )}
      <LoginForm onSuccess={(user) => navigate(user.is_admin ? paths.admin : paths.profile)} />
      <DiscordSignInLink />
    </AuthPage>
  );
}
