import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSaveWomCode } from '../api/admin-clan.ts';

/**
 * The WOM group's verification code (issue 30), which creating a competition from the site needs. It
 * is a secret: the server never sends it back, so the tab only says whether one is stored.
 */
export function WomCodeSection({ stored }: { stored: boolean }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveWomCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setProblem('The verification code is required');
      return;
    }
    setProblem(null);
    save.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        toast.success('Verification code stored.');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-stone-300">
        {stored ? 'A verification code is stored.' : 'No verification code is stored.'}
      </p>
      <FormField
        label={stored ? 'New verification code' : 'Verification code'}
        type="password"
        autoComplete="off"
        value={code}
        error={problem ?? undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {save.isError && <FormAlert>Failed to save the code: {save.error.message}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          Store code
        </button>
        {stored && (
          <button
            type="button"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(null, { onSuccess: () => toast.success('Verification code removed.') })
            }
            className="rounded border border-stone-700 px-4 py-2 text-sm text-stone-200 hover:bg-stone-800 disabled:opacity-60"
          >
            Remove code
          </button>
        )}
      </div>
    </form>
  );
}
