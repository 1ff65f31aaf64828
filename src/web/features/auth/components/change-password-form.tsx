import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordInputSchema, type ChangePasswordInput } from '#core/auth/auth.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { accountErrorMessage } from './account-error-message.ts';
import { FormAlert } from '../../../components/form-alert.tsx';

const CHANGE_FAILED = 'Password change failed';
const EMPTY: ChangePasswordInput = { current_password: '', new_password: '', confirm_password: '' };

/** The Account tab's password change: the current password, then the new one typed twice. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;

  // Passwords do not stay on screen once they have done their job.
  const submit = form.handleSubmit(
    (values) => change.mutate(values, { onSuccess: () => form.reset(EMPTY) }),
    () => change.reset(),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {change.isError && <FormAlert>{accountErrorMessage(change.error, CHANGE_FAILED)}</FormAlert>}
      {change.isSuccess && <FormAlert kind="success">Your password has been changed.</FormAlert>}
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <FormField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        {...form.register('new_password')}
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
        disabled={change.isPending}
        className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {change.isPending ? 'Saving...' : 'Change Password'}
      </button>
    </form>
  );
}
