import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginInputSchema, type LoginInput, type SessionUser } from '#core/auth/auth.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError, CONNECTION_FAILED } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { FormAlert } from '../../../components/form-alert.tsx';

const INVALID_CREDENTIALS = 'Invalid credentials';
const AUTHENTICATION_FAILED = 'Authentication failed';

/**
 * The spec's three login messages (§8). A server fault must not leak its own wording into the form,
 * so anything but a refusal or an unreachable server reads 'Authentication failed'. The rate limit is
 * the exception: its message tells the visitor when trying again can work.
 */
function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTHENTICATION_FAILED;
  if (error.code === 'NETWORK_ERROR') return CONNECTION_FAILED;
  if (error.status === 401) return INVALID_CREDENTIALS;
  if (error.status === 429) return error.message;
  return AUTHENTICATION_FAILED;
}

export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });

  const submit = form.handleSubmit(
    (values) => login.mutate(values, { onSuccess: (me) => me.user && onSuccess(me.user) }),
    () => login.reset(),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {login.isError && <FormAlert>{loginErrorMessage(login.error)}</FormAlert>}
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
