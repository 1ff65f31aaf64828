import type { Kysely } from 'kysely';
import type { CreatedCompetition } from '#core/events/admin-events.schema.ts';
import { competitionUrl } from '#core/events/competition-url.ts';
import { EVENT_MESSAGES, type EventFields } from '#core/events/event-save.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { readWomVerificationCode } from '../clan-settings/clan-settings.ts';

/** The WOM message without the gateway's 'WOM answered 400: ' prefix, as the admin should read it. */
const womMessage = (error: WomError): string => error.message.replace(/^WOM answered \d+: /, '');

/** The members' names as WOM knows them, by WOM id; an id no member has is refused. */
async function teamsByName(
  db: Kysely<Database>,
  teams: ReadonlyArray<{ name: string; members: readonly string[] }>,
): Promise<Array<{ name: string; participants: string[] }>> {
  const ids = [...new Set(teams.flatMap((team) => team.members))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select(['wom_id', 'name', 'wom_name'])
    .where('wom_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const names = new Map(rows.map((row) => [row.wom_id, row.wom_name ?? row.name]));
  return teams.map((team) => ({
    name: team.name,
    participants: team.members.map((womId) => {
      const name = names.get(womId);
      if (name === undefined) throw badRequest(EVENT_MESSAGES.createUnknownMember(womId));
      return name;
    }),
  }));
}

/**
 * Creates the event's competition on Wise Old Man before the event is saved (issue 30): of the
 * clan's group with the stored verification code, with every member or with the given teams. WOM's
 * refusal comes back as a 400 in WOM's words and nothing is saved; no answer at all is a 503, and
 * should WOM have made the competition after all, the next sync adopts it as an event, so an event is
 * never half made. The request goes from the budget the sync leaves, as any admin's request does.
 */
export async function createCompetitionOnWom(
  deps: { db: Kysely<Database>; gateway: WomGateway; groupId: number },
  fields: EventFields,
  teams: ReadonlyArray<{ name: string; members: readonly string[] }>,
): Promise<CreatedCompetition> {
  if (fields.metric === null) throw badRequest(EVENT_MESSAGES.createNeedsMetric);
  const code = await readWomVerificationCode(deps.db);
  if (code === null) throw badRequest(EVENT_MESSAGES.createNeedsCode);
  const named = await teamsByName(deps.db, teams);
  try {
    const { competition } = await deps.gateway.forVisitors().createCompetition({
      title: fields.name,
      metric: fields.metric,
      startsAt: fields.start_date,
      endsAt: fields.end_date,
      groupId: deps.groupId,
      groupVerificationCode: code,
      ...(named.length > 0 ? { teams: named } : {}),
    });
    return {
      id: competition.id,
      title: competition.title,
      type: competition.type,
      participant_count: competition.participantCount,
      url: competitionUrl(String(competition.id)),
    };
  } catch (error) {
    if (!(error instanceof WomError)) throw error;
    const status = error.status;
    if (status !== null && status >= 400 && status < 500 && status !== 429)
      throw badRequest(EVENT_MESSAGES.createRefused(womMessage(error)));
    throw new HttpError(503, 'WOM_UNAVAILABLE', EVENT_MESSAGES.createUnanswered);
  }
}
