import { useId } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useRegisterCommands } from '../api/rank-roles.ts';

/** 'Registered /points, /rank': the commands the answer names, each as typed in Discord. */
function registeredText(registered: readonly string[]): string {
  if (registered.length === 0) return 'No slash commands were registered.';
  return `Registered ${registered.map((name) => (name.startsWith('/') ? name : `/${name}`)).join(', ')}`;
}

/** Registers the bot's slash commands on the clan's server, for when the site has added some. */
export function SlashCommands() {
  const headingId = useId();
  const register = useRegisterCommands();
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-stone-800 pt-4">
      <h4 id={headingId} className="font-semibold text-stone-100">
        Slash commands
      </h4>
      <p className="text-sm text-stone-400">
        Members use /points, /rank and the other commands once they are registered on the server. Register
        them again after an update of the site adds one.
      </p>
      <button
        type="button"
        onClick={() => register.mutate()}
        disabled={register.isPending}
        aria-busy={register.isPending}
        className="rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60"
      >
        {register.isPending ? 'Registering...' : 'Register slash commands'}
      </button>
      <p role="status" className="text-sm break-words text-emerald-300 empty:hidden">
        {register.data && !register.isPending && registeredText(register.data.registered)}
      </p>
      {register.isError && (
        <FormAlert>Failed to register the slash commands: {register.error.message}</FormAlert>
      )}
    </section>
  );
}
