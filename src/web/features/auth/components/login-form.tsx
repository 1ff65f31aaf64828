import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginInputSchema, type LoginInput, type SessionUser } from '#core/auth/auth.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError, CONNECTION_FAILED } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';

/** The spec's login messages: the server's reason, 'Connection failed', or 'Authentication failed'. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.code === 'NETWORK_ERROR' ? CONNECTION_FAILED : error.message;
  return 'Authentication failed';
}

export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });

  const submit = form.handleSubmit((values) =>
    login.mutate(values, { onSuccess: (me) => me.user && onSuccess(me.user) }),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {login.isError && (
        <p role="alert" className="rounded border border-red-900 bg-red-950 px-3 py-2 text-sm text-red-300">
          {loginErrorMessage(login.error)}
        </p>
      )}
      <FormField
        label="Username"
        autoComplete="username"
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <button
        type="submit"
        disabled={login.isPending}
        className="w-full rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
