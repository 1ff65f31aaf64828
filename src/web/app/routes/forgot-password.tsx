import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { FormField } from '../../components/form-field.tsx';
import { paths } from '../../config/paths.ts';
import { AuthPage } from '../../features/auth/components/auth-page.tsx';

/**
 * No call is made: passwords are reset by an admin, who makes a one-time link (passwords.service.ts).
 * Nothing is recorded, so the page says so rather than that a request was noted.
 */
export function Component() {
  usePageTitle('Forgot Password');
  const [username, setUsername] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim()) setSubmitted(username.trim());
  };

  return (
    <AuthPage
      title="Forgot Password"
      footer={
        <p>
          <Link to={paths.login} className="text-gold-300 underline hover:text-gold-400">
            Back to Sign In
          </Link>
        </p>
      }
    >
      {submitted ? (
        <p role="status" className="text-stone-200">
          Nothing has been sent: passwords are reset by a clan admin. Please contact a clan admin in-game and
          ask for a reset link for <strong>{submitted}</strong>; it lets you choose a new password.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <FormField
            label="Username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <button
            type="submit"
            className="w-full rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400"
          >
            Submit Reset Request
          </button>
        </form>
      )}
    </AuthPage>
  );
}
