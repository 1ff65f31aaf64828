import { DISCORD_SIGN_IN_URL } from '../../../lib/discord-sign-in.ts';
import { useAuthProviders } from '../api/get-auth-providers.ts';

/**
 * 'Sign in with Discord', under the password form, once the site says Discord sign-in is set up.
 * Nothing while that is asked or when it cannot be told: the password form works either way.
 */
export function DiscordSignInLink() {
  const providers = useAuthProviders();
  if (!providers.data?.discord) return null;
  return (
    <div className="mt-4 space-y-4">
      <p className="flex items-center gap-3 text-xs text-stone-400 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-stone-800" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-stone-800" />
      </p>
      {/* A plain link: the server's redirect to Discord needs a page navigation, not a fetch. */}
      <a
        href={DISCORD_SIGN_IN_URL}
        className="block w-full rounded bg-[#4752C4] px-4 py-2 text-center font-semibold text-white hover:bg-[#3C45A5]"
      >
        Sign in with Discord
      </a>
    </div>
  );
}
