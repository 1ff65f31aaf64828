import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useClan } from '../../features/clan/api/get-clan.ts';

export function Component() {
  usePageTitle('Sign In');
  const [, navigate] = useLocation();
  const discordUrl = useClan().data?.discord_url;

  return (
    <div className="mx-auto max-w-sm space-y-6 pt-8">
      <div className="text-center">
        <Link to={paths.home} className="text-sm text-stone-400 hover:text-stone-200">
          Back to the clan site
        </Link>
        <h1 className="mt-4 text-2xl font-bold">Sign In</h1>
      </div>
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-6">
        <LoginForm onSuccess={(user) => navigate(user.is_admin ? paths.admin : paths.profile)} />
      </div>
      <p className="text-center text-sm">
        {discordUrl ? (
          <a
            href={discordUrl}
            target="_blank"
            rel="noreferrer"
            className="text-gold-300 underline hover:text-gold-400"
          >
            Forgot your password?
          </a>
        ) : (
          <Link to={paths.forgotPassword} className="text-gold-300 underline hover:text-gold-400">
            Forgot your password?
          </Link>
        )}
      </p>
    </div>
  );
}
