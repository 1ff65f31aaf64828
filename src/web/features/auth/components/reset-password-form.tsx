import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ACCOUNT_MESSAGES,
  passwordResetInputSchema,
  type PasswordResetInput,
  type SessionUser,
} from '#core/auth/auth.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { accountErrorMessage } from './account-error-message.ts';
import { FormAlert } from '../../../components/form-alert.tsx';

const RESET_FAILED = 'Password reset failed';

/**
 * A new password through an admin's one-time link. The token rides along unseen; a link whose token
 * cannot even be sent (cut short, say) reads as the invalid link it is.
 */
export function ResetPasswordForm({
  token,
  onSuccess,
}: {
  token: string;
  onSuccess: (user: SessionUser) => void;
}) {
  const reset = useResetPassword();
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInputSchema),
    defaultValues: { token, password: '', confirm_password: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    (values) => reset.mutate(values, { onSuccess: (me) => me.user && onSuccess(me.user) }),
    () => reset.reset(),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {errors.token && <FormAlert>{ACCOUNT_MESSAGES.resetLinkInvalid}</FormAlert>}
      {reset.isError && <FormAlert>{accountErrorMessage(reset.error, RESET_FAILED)}</FormAlert>}
      <FormField
        label="New Password"
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
        disabled={reset.isPending}
        className="w-full rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {reset.isPending ? 'Saving...' : 'Set Password'}
      </button>
    </form>
  );
}
