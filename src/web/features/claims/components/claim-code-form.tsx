import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { redeemInputSchema } from '#core/claims/claims.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useRedeemClaimCode } from '../api/redeem-claim-code.ts';
import { claimErrorMessage } from './claim-error-message.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormCard } from './form-card.tsx';

type RedeemInput = z.input<typeof redeemInputSchema>;

/**
 * Claim by code (spec §5): a code an admin gave the user. The server reads it however it was typed
 * (spaces, dashes, lower case) and answers in the spec's words, success or refusal.
 */
export function ClaimCodeForm({ onClaimed }: { onClaimed?: () => void }) {
  const redeem = useRedeemClaimCode();
  const form = useForm<RedeemInput, unknown, z.output<typeof redeemInputSchema>>({
    resolver: zodResolver(redeemInputSchema),
    defaultValues: { code: '' },
  });

  const submit = form.handleSubmit(
    ({ code }) =>
      redeem.mutate(code, {
        onSuccess: () => {
          form.reset({ code: '' });
          onClaimed?.();
        },
      }),
    () => redeem.reset(),
  );

  return (
    <FormCard
      title="Claim by Code"
      description="Got a claim code from an admin? Enter it to add the character to your profile."
      onSubmit={(event) => void submit(event)}
    >
      {redeem.isError && <FormAlert>{claimErrorMessage(redeem.error)}</FormAlert>}
      {redeem.isSuccess && <FormAlert kind="success">{redeem.data.message}</FormAlert>}
      <FormField
        label="Claim Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD-EFGH-JKMN-PQRS"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <button
        type="submit"
        disabled={redeem.isPending}
        className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {redeem.isPending ? 'Claiming...' : 'Claim'}
      </button>
    </FormCard>
  );
}
