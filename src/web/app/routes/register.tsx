import { Link, useLocation } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { AuthPage } from '../../features/auth/components/auth-page.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

/** /register (spec §2): a new account is signed in at once and lands on its profile. */
export function Component() {
  usePageTitle('Create an Account');
  const [, navigate] = useLocation();

  return (
    <AuthPage
      title="Create an Account"
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className="text-gold-300 underline hover:text-gold-400">
            Login here
          </Link>
        </p>
      }
    >
      <RegisterForm onSuccess={() => navigate(paths.profile)} />
    </AuthPage>
  );
}
