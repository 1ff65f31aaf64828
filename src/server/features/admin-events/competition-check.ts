import { EVENT_MESSAGES } from '#core/events/event-save.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';

/**
 * The title WOM gives the competition an admin links an event to (issue 21): a mistyped id is
 * refused when it is saved (400) rather than found by the sync days later, and WOM not answering is
 * a 503 the admin can retry, never a 500. The request is the admin's own, so it is sent from the
 * budget the sync leaves, as a visitor's would be.
 */
export async function competitionTitle(gateway: WomGateway, womId: string): Promise<string> {
  try {
    const details = await gateway.forVisitors().getCompetitionDetails(Number(womId));
    return details.title;
  } catch (error) {
    if (!(error instanceof WomError)) throw error;
    if (error.status === 404) throw badRequest(EVENT_MESSAGES.competitionNotFound(womId));
    throw new HttpError(503, 'WOM_UNAVAILABLE', EVENT_MESSAGES.competitionUnchecked(womId));
  }
}
