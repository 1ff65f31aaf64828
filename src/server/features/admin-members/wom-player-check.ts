import { WOM_PLAYER_MESSAGES, type WomPlayerCheck } from '#core/members/wom-player-check.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';

/**
 * Asks WOM, through the one gateway, who has the id an admin typed for a new member: the admin's
 * own request, sent once from the budget the sync leaves. WOM saying it has no such player (404,
 * or 400 for an id it cannot read) is a 400 the admin can act on; WOM not answering is null.
 */
export async function findWomPlayer(gateway: WomGateway, womId: string): Promise<WomPlayerCheck | null> {
  try {
    const player = await gateway.forVisitors().once().getPlayerDetailsById(Number(womId));
    return { wom_id: womId, display_name: player.displayName };
  } catch (error) {
    if (!(error instanceof WomError)) throw error;
    if (error.status === 404 || error.status === 400) throw badRequest(WOM_PLAYER_MESSAGES.unknown(womId));
    return null;
  }
}

/** The lookup the form shows before saving: WOM not answering is a 503 the admin can retry. */
export async function checkWomPlayer(gateway: WomGateway, womId: string): Promise<WomPlayerCheck> {
  const player = await findWomPlayer(gateway, womId);
  if (player === null) throw new HttpError(503, 'WOM_UNAVAILABLE', WOM_PLAYER_MESSAGES.unchecked(womId));
  return player;
}
