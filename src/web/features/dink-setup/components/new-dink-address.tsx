import { useId } from 'react';
import type { DinkLinkCreated } from '#core/dink/dink.schema.ts';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { DinkSetupSteps } from './dink-setup-steps.tsx';

/**
 * A new Dink address, on its only showing: the server keeps just a hash of the token, so once this
 * is closed the URLs cannot be shown again, only replaced.
 */
export function NewDinkAddress({
  playerName,
  address,
  onDone,
}: {
  playerName: string;
  address: DinkLinkCreated;
  onDone: () => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded border border-gold-500/40 bg-stone-950/60 p-4"
    >
      <h4 id={headingId} className="font-semibold text-gold-300">
        Your new Dink address
      </h4>
      <p className="rounded border border-amber-700 bg-amber-950/60 px-3 py-2 text-sm text-amber-100">
        <strong>Shown only once. Keep it secret:</strong> anyone with these URLs can post as you. Copy them
        now; if you lose them, replace the address.
      </p>
      <div className="space-y-1">
        <p className="text-sm font-medium text-stone-200">Dynamic Config URL</p>
        <CopyableText label={`Dynamic Config URL for ${playerName}`} text={address.config_url} />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-stone-200">Dink URL</p>
        <CopyableText label={`Dink URL for ${playerName}`} text={address.url} />
      </div>
      <DinkSetupSteps />
      <button
        type="button"
        onClick={onDone}
        className="rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800"
      >
        Done, I have copied it
      </button>
    </section>
  );
}
