import { competitionDetails } from './competition-details.ts';
import { jsonReply, legacyError, type Reply } from './replies.ts';
import type { RequestContext, Route } from './router.ts';
import { parseId, parsePreviewMetric } from './validation.ts';

function details(context: RequestContext): Reply {
  const id = parseId(context.params.id);
  const preview = parsePreviewMetric(context.query);
  const competition = context.world.competitions.find((candidate) => candidate.id === id);
  if (competition === undefined) throw legacyError(404, 'Competition not found.');
  return jsonReply(200, competitionDetails(context.world, competition, preview, context.now));
}

export const competitionRoutes: Route[] = [{ method: 'GET', pattern: 'competitions/:id', handler: details }];
