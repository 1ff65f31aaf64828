import { useId, useState } from 'react';
import type { DinkLinkCreated, MyDinkLink } from '#core/dink/dink.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSavedChoice } from '../../../lib/use-saved-choice.ts';
import { useConnectDink } from '../api/connect-dink.ts';
import { useDisconnectDink } from '../api/disconnect-dink.ts';
import { useSetDinkSharing } from '../api/set-dink-sharing.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NewDinkAddress } from './new-dink-address.tsx';

const outlineButton =
  'rounded border border-stone-600 px-3 py-1.5 text-sm text-stone-100 hover:bg-stone-800 disabled:opacity-60';

function Badge({ on, children }: { on: boolean; children: string }) {
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-medium ${
        on ? 'bg-emerald-950 text-emerald-200' : 'bg-stone-800 text-stone-300'
      }`}
    >
      {children}
    </span>
  );
}

/**
 * "Show my moments on the public feed", showing the choice being saved while it is sent; it can be
 * set before Dink is connected, so the first post already follows it.
 */
function SharingSwitch({ link }: { link: MyDinkLink }) {
  const sharing = useSetDinkSharing();
  const hintId = useId();
  const shown = useSavedChoice(link.share_public, (sharePublic, settled) =>
    sharing.mutate({ womId: link.wom_id, sharePublic }, { onSettled: settled }),
  );
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm text-stone-200">
        <input
          type="checkbox"
          role="switch"
          checked={shown.checked}
          disabled={sharing.isPending}
          aria-describedby={hintId}
          onChange={(event) => shown.change(event.target.checked)}
          className="accent-gold-500"
        />
        Show my moments on the public feed
      </label>
      <p id={hintId} className="ml-6 text-xs text-stone-400">
        Off keeps this character’s drops, pets and other moments off the site’s public pages.
      </p>
      {sharing.isError && <FormAlert>Failed to change sharing: {sharing.error.message}</FormAlert>}
    </div>
  );
}

/**
 * One claimed character's Dink connection: whether it has an address and is bound to a game account,
 * what it has posted, and Connect, Replace, Disconnect and public sharing. A new address is shown here
 * until it is dismissed, since it can never be shown again.
 */
export function DinkLinkCard({ link }: { link: MyDinkLink }) {
  const nameId = useId();
  const connect = useConnectDink();
  const disconnect = useDisconnectDink();
  const [address, setAddress] = useState<DinkLinkCreated | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'disconnect' | null>(null);

  const create = () =>
    connect.mutate(link.wom_id, {
      onSuccess: (created) => {
        setAddress(created);
        setConfirming(null);
      },
    });
  const revoke = () =>
    disconnect.mutate(link.wom_id, {
      onSuccess: () => {
        setAddress(null);
        setConfirming(null);
      },
    });
  const ask = (step: 'replace' | 'disconnect') => {
    connect.reset();
    disconnect.reset();
    setConfirming(step);
  };

  return (
    <article
      aria-labelledby={nameId}
      className="space-y-4 rounded-lg border border-stone-800 bg-stone-900 p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={nameId} className="text-lg font-semibold text-gold-300">
          {link.player_name}
        </h3>
        <p className="flex flex-wrap gap-2">
          <Badge on={link.connected}>{link.connected ? 'Connected' : 'Not connected'}</Badge>
          {/* A binding outlasts its address: a new one accepts only the same game account. */}
          {link.bound ? (
            <Badge on>Bound to a game account</Badge>
          ) : (
            link.connected && <Badge on={false}>Waiting for the first post</Badge>
          )}
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded bg-stone-950/60 px-3 py-2">
          <dt className="text-xs text-stone-400">Posts</dt>
          <dd className="font-semibold text-stone-100">{formatNumber(link.posts)}</dd>
        </div>
        <div className="rounded bg-stone-950/60 px-3 py-2">
          <dt className="text-xs text-stone-400">Last post</dt>
          <dd className="font-semibold text-stone-100">
            {link.last_post_at ? formatDateTime(link.last_post_at) : 'Never'}
          </dd>
        </div>
      </dl>
      <p role="status" className="text-sm text-emerald-300 empty:hidden">
        {address && 'New Dink address made: copy it below, it is shown only once.'}
      </p>
      {address && (
        <NewDinkAddress playerName={link.player_name} address={address} onDone={() => setAddress(null)} />
      )}
      {connect.isError && confirming === null && (
        <FormAlert>Failed to connect Dink: {connect.error.message}</FormAlert>
      )}
      <div className="flex flex-wrap gap-2">
        {link.connected ? (
          <>
            <button
              type="button"
              onClick={() => ask('replace')}
              aria-describedby={nameId}
              className={outlineButton}
            >
              Replace address
            </button>
            <button
              type="button"
              onClick={() => ask('disconnect')}
              aria-describedby={nameId}
              className="rounded border border-red-900 px-3 py-1.5 text-sm text-red-300 hover:bg-red-950"
            >
              Disconnect
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={create}
            disabled={connect.isPending}
            aria-describedby={nameId}
            className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
          >
            {connect.isPending ? 'Connecting...' : 'Connect Dink'}
          </button>
        )}
      </div>
      <SharingSwitch link={link} />
      <ConfirmDialog
        open={confirming === 'replace'}
        onClose={() => setConfirming(null)}
        title={`Replace the Dink address of ${link.player_name}?`}
        description="The current address stops working at once: Dink's posts to it are refused until you paste the new one into Dink."
        label="Replace address"
        pendingLabel="Replacing..."
        pending={connect.isPending}
        error={connect.isError ? `Failed to replace the address: ${connect.error.message}` : null}
        onConfirm={create}
      />
      <ConfirmDialog
        open={confirming === 'disconnect'}
        onClose={() => setConfirming(null)}
        title={`Disconnect Dink from ${link.player_name}?`}
        description="The address stops working at once and Dink's posts to it are refused. You can connect again later with a new address."
        label="Disconnect"
        pendingLabel="Disconnecting..."
        pending={disconnect.isPending}
        error={disconnect.isError ? `Failed to disconnect: ${disconnect.error.message}` : null}
        onConfirm={revoke}
      />
    </article>
  );
}
