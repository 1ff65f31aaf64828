import { useId, useState } from 'react';
import type { MyDiscord } from '#core/discord/discord-home.schema.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { DISCORD_LINK_URL } from '../../../lib/discord-sign-in.ts';
import { useSavedChoice } from '../../../lib/use-saved-choice.ts';
import { useMyDiscord, useSetDiscordMentions, useUnlinkDiscord } from '../api/my-discord.ts';

/** What the page came back from Discord with: 'Discord linked.', or why linking failed. */
export interface DiscordNotice {
  kind: 'success' | 'error';
  text: string;
}

type Linked = NonNullable<MyDiscord['linked']>;

/**
 * A refusal (the 409 of an account with no password) is already a sentence meant for the user; a
 * server fault is said to be one.
 */
function unlinkErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return `Failed to unlink Discord: ${error.message}`;
}

/** Saved as soon as it is changed, showing the choice being saved while it is sent. */
function MentionCheckbox({ linked }: { linked: Linked }) {
  const mentions = useSetDiscordMentions();
  const hintId = useId();
  const mention = useSavedChoice(linked.mention_opt_in, (choice, settled) =>
    mentions.mutate(choice, { onSettled: settled }),
  );
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm text-stone-200">
        <input
          type="checkbox"
          checked={mention.checked}
          disabled={mentions.isPending}
          aria-describedby={hintId}
          onChange={(event) => mention.change(event.target.checked)}
          className="accent-gold-500"
        />
        Mention me in news about me
      </label>
      <p id={hintId} className="ml-6 text-xs text-stone-400">
        The clan’s Discord posts about you (a drop, a new rank) ping you when this is on.
      </p>
      {mentions.isError && <FormAlert>Failed to save: {mentions.error.message}</FormAlert>}
    </div>
  );
}

function LinkedAccount({ linked }: { linked: Linked }) {
  const unlink = useUnlinkDiscord();
  const [confirming, setConfirming] = useState(false);
  const ask = () => {
    unlink.reset();
    setConfirming(true);
  };
  return (
    <>
      <p className="text-stone-200">
        Linked as <strong className="text-stone-100">{linked.username}</strong>
      </p>
      <MentionCheckbox linked={linked} />
      <button
        type="button"
        onClick={ask}
        className="rounded border border-red-800 px-4 py-2 text-sm font-medium text-red-300 hover:bg-red-950"
      >
        Unlink Discord
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Unlink Discord?"
        description={`Signing in with the Discord account ${linked.username} stops working until you link it again.`}
        label="Unlink Discord"
        pendingLabel="Unlinking..."
        pending={unlink.isPending}
        error={unlink.isError ? unlinkErrorMessage(unlink.error) : null}
        onConfirm={() => unlink.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}

/**
 * The Account tab's Discord link (issue 32): who it is linked to, whether news may mention them, and
 * Unlink; or Link Discord when the site can link one. Nothing at all on a site without Discord
 * sign-in, nor while that is asked, so a panel that may not belong there never flashes.
 */
export function DiscordPanel({ notice }: { notice: DiscordNotice | null }) {
  const headingId = useId();
  const discord = useMyDiscord();
  if (discord.isPending) return null;
  if (discord.data && discord.data.linked === null && !discord.data.can_link) return null;
  return (
    <section aria-labelledby={headingId} className="max-w-md space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-stone-100">
        Discord
      </h3>
      {notice && <FormAlert kind={notice.kind}>{notice.text}</FormAlert>}
      <QueryState query={discord} loadingLabel="Loading Discord..." errorTitle="Error Loading Discord">
        {(mine) =>
          mine.linked ? (
            <LinkedAccount linked={mine.linked} />
          ) : (
            <>
              <p className="text-sm text-stone-400">Link your Discord account to sign in with Discord.</p>
              {/* A page navigation: the server sends the browser on to Discord and back to this page. */}
              <a
                href={DISCORD_LINK_URL}
                className="inline-block rounded bg-[#5865F2] px-4 py-2 font-semibold text-white hover:bg-[#4752C4]"
              >
                Link Discord
              </a>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
