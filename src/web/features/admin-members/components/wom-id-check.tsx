import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import type { WomPlayerCheck } from '#core/members/wom-player-check.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useWomPlayer } from '../api/get-wom-player.ts';

/**
 * What Wise Old Man says about the WOM id typed for a new member, under the field (issue 29): the
 * player's name, or that WOM has no such player (the server refuses to save it), or that WOM could
 * not be asked (the member may still be saved; the next sync flags them if they are not in the
 * group). `onFound` hears of each player found, so the form can fill the names left empty.
 */
export function WomIdCheck({
  womId,
  onFound,
}: {
  womId: string | null;
  onFound: (player: WomPlayerCheck) => void;
}) {
  const player = useWomPlayer(womId);
  const found = player.data;
  useEffect(() => {
    if (found) onFound(found);
  }, [found, onFound]);

  if (player.fetchStatus === 'idle' && player.isPending) return null;
  if (player.isPending) {
    return (
      <p role="status" className="text-xs text-stone-400">
        Checking WOM ID {womId} with Wise Old Man...
      </p>
    );
  }
  if (player.isError) {
    const unknown = player.error instanceof ApiError && player.error.status === 400;
    return (
      <p role="alert" className={`text-sm ${unknown ? 'text-red-400' : 'text-amber-300'}`}>
        {player.error.message}
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-300">
      <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>
        Wise Old Man knows this player as{' '}
        <strong className="font-semibold">{player.data.display_name}</strong>
      </span>
    </p>
  );
}
