import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { firstPasswordInputSchema, type FirstPasswordInput } from '#core/auth/auth.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSetFirstPassword } from '../api/set-first-password.ts';
import { accountErrorMessage } from './account-error-message.ts';

const SET_FAILED = 'Setting the password failed';
const EMPTY: FirstPasswordInput = { new_password: '', confirm_password: '' };

/**
 * The Account tab's first password, for an account made by Discord sign-in: there is no current
 * password to ask for. `onSet` lets the page read the account again, so it offers the change form.
 */
export function FirstPasswordForm({ onSet }: { onSet?: () => void }) {
  const set = useSetFirstPassword();
  const form = useForm<FirstPasswordInput>({
    resolver: zodResolver(firstPasswordInputSchema),
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;

  // Passwords do not stay on screen once they have done their job.
  const submit = form.handleSubmit(
    (values) =>
      set.mutate(values, {
        onSuccess: () => {
          form.reset(EMPTY);
          onSet?.();
        },
      }),
    () => set.reset(),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {set.isError && <FormAlert>{accountErrorMessage(set.error, SET_FAILED)}</FormAlert>}
      {set.isSuccess && <FormAlert kind="success">Your password has been set.</FormAlert>}
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
        disabled={set.isPending}
        className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {set.isPending ? 'Saving...' : 'Set Password'}
      </button>
    </form>
  );
}
