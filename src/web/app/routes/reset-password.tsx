import { useLocation } from 'wouter';
import { ACCOUNT_MESSAGES } from '#core/auth/auth.schema.ts';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { AuthPage } from '../../features/auth/components/auth-page.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useSearchParams } from '../../lib/use-search-param.ts';

/**
 * /reset-password?token=…: the one-time link an admin made for a user who forgot their password.
 * Setting the password signs the user in; the link is replaced in the history, so Back does not
 * return to a spent token.
 */
export function Component() {
  usePageTitle('Set a New Password');
  const token = useSearchParams().get('token') ?? '';
  const [, navigate] = useLocation();

  return (
    <AuthPage title="Set a New Password">
      {token ? (
        <ResetPasswordForm token={token} onSuccess={() => navigate(paths.profile, { replace: true })} />
      ) : (
        <FormAlert>{ACCOUNT_MESSAGES.resetLinkInvalid}</FormAlert>
      )}
    </AuthPage>
  );
}
