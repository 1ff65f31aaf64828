import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { registerInputSchema, type RegisterInput, type SessionUser } from '#core/auth/auth.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useRegister } from '../api/register.ts';
import { accountErrorMessage } from './account-error-message.ts';
import { FormAlert } from '../../../components/form-alert.tsx';

const REGISTRATION_FAILED = 'Registration failed';

/**
 * 'Create an Account' (spec §5, Registration). The browser checks the passwords with the server's own
 * schema, in the server's words, so a mistyped confirmation never costs a request; the server checks
 * everything again and decides whether the username is free.
 */
export function RegisterForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { username: '', password: '', confirm_password: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    (values) => register.mutate(values, { onSuccess: (me) => me.user && onSuccess(me.user) }),
    () => register.reset(),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {register.isError && (
        <FormAlert>{accountErrorMessage(register.error, REGISTRATION_FAILED, 'with reason')}</FormAlert>
      )}
      <FormField
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...form.register('confirm_password')}
      />
      <button
        type="submit"
        disabled={register.isPending}
        className="w-full rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
