import type { ConnectionCheck } from '#core/sync/connection-check.ts';
import type { WomGateway, WomProbe, WomRateLimit } from '../../wom/wom-gateway.ts';
import {
  womAchievementsSchema,
  womBulkHiscoresSchema,
  womCompetitionDetailsSchema,
  womCompetitionsSchema,
  womGroupDetailsSchema,
  womGroupStatisticsSchema,
  womPlayerDetailsSchema,
} from '../../wom/wom.schemas.ts';

/**
 * Asks WOM once for each thing the site reads (the group, its members' stats, statistics,
 * competitions, achievements, then one competition's and one member's details when there are any)
 * and reports what came back. A leader moving from the demo to their clan sees at once whether the
 * address, the group id and the API key work, and how much of WOM's budget is left.
 */
export async function checkConnection(gateway: WomGateway, groupId: number): Promise<ConnectionCheck> {
  const group = `/groups/${groupId}`;
  const probes: Array<WomProbe<unknown>> = [];
  const probe = async <T>(answer: Promise<WomProbe<T>>) => {
    const probed = await answer;
    probes.push(probed);
    return probed.value;
  };
  const details = await probe(gateway.probe(group, womGroupDetailsSchema));
  await probe(gateway.probe(`${group}/bulk-hiscores`, womBulkHiscoresSchema));
  await probe(gateway.probe(`${group}/statistics`, womGroupStatisticsSchema));
  const competitions = await probe(gateway.probe(`${group}/competitions`, womCompetitionsSchema));
  await probe(gateway.probe(`${group}/achievements?limit=50&offset=0`, womAchievementsSchema));
  const competition = competitions?.[0];
  if (competition) await probe(gateway.probe(`/competitions/${competition.id}`, womCompetitionDetailsSchema));
  const member = details?.memberships[0];
  if (member) await probe(gateway.probe(`/players/id/${member.playerId}`, womPlayerDetailsSchema));

  const lastSeen = probes
    .map((p) => p.rateLimit)
    .filter((limit): limit is WomRateLimit => limit !== null)
    .at(-1);
  return {
    base_url: gateway.baseUrl,
    group_id: groupId,
    group_name: details?.name ?? null,
    members: details?.memberships.length ?? null,
    rate_limit: lastSeen ?? { limit: null, remaining: null, reset: null },
    endpoints: probes.map(({ path, status, parsed, error }) => ({ path, status, parsed, error })),
  };
}
