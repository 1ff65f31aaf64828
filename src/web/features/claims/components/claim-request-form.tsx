import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CLAIM_MESSAGES,
  claimRequestInputSchema,
  type ClaimRequestInput,
} from '#core/claims/claims.schema.ts';
import { EmptyState } from '../../../components/states.tsx';
import { useRequestClaim, type ClaimRequestBody } from '../api/request-claim.ts';
import { requestErrorMessage } from './claim-error-message.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { MemberCombobox } from '../../../components/member-combobox.tsx';
import { FormCard } from './form-card.tsx';

/** A member the user can ask for: one nobody has claimed yet. */
export interface ClaimablePlayer {
  wom_id: string;
  name: string;
}

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400';

const EMPTY: ClaimRequestInput = { wom_id: '', message: '' };

/**
 * Request a claim (spec §5): the user finds a member nobody has claimed by typing the name, and may
 * add a message for the admins, who approve or deny it. With nobody left to pick, it says so instead.
 */
export function ClaimRequestForm({ players }: { players: readonly ClaimablePlayer[] }) {
  const request = useRequestClaim();
  const [requested, setRequested] = useState<string | null>(null);
  const form = useForm<ClaimRequestInput, unknown, ClaimRequestBody>({
    resolver: zodResolver(claimRequestInputSchema),
    defaultValues: EMPTY,
  });
  const ids = { playerError: useId(), message: useId(), messageHint: useId() };
  const playerError = form.formState.errors.wom_id?.message;

  if (players.length === 0) return <EmptyState title={CLAIM_MESSAGES.allClaimed} />;

  const submit = form.handleSubmit(
    (body) =>
      request.mutate(body, {
        onSuccess: () => {
          setRequested(players.find((player) => player.wom_id === body.wom_id)?.name ?? body.wom_id);
          form.reset(EMPTY);
        },
      }),
    () => request.reset(),
  );

  return (
    <FormCard
      title="Request a Claim"
      description="No code? Ask the admins to confirm a character is yours."
      onSubmit={(event) => void submit(event)}
    >
      {request.isError && <FormAlert>{requestErrorMessage(request.error)}</FormAlert>}
      {request.isSuccess && requested && (
        <FormAlert kind="success">Your request for {requested} has been sent to the admins.</FormAlert>
      )}
      <div className="space-y-1">
        <Controller
          control={form.control}
          name="wom_id"
          render={({ field }) => (
            <MemberCombobox
              label="Player"
              members={players}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={playerError !== undefined}
              describedBy={playerError ? ids.playerError : undefined}
            />
          )}
        />
        {playerError && (
          <p id={ids.playerError} className="text-sm text-red-400">
            {playerError}
          </p>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.message} className="block text-sm font-medium text-stone-200">
          Message
        </label>
        <textarea
          id={ids.message}
          rows={3}
          maxLength={1000}
          aria-describedby={ids.messageHint}
          className={inputClass}
          {...form.register('message')}
        />
        <p id={ids.messageHint} className="text-xs text-stone-400">
          Optional: anything that helps the admins, such as your in-game name history.
        </p>
      </div>
      <button
        type="submit"
        disabled={request.isPending}
        className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {request.isPending ? 'Sending...' : 'Request Claim'}
      </button>
    </FormCard>
  );
}
