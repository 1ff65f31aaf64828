import type { Metric } from '@wise-old-man/utils';
import { createRng } from '#core/random.ts';
import { HOUR_MS, normaliseUsername } from './catalogue.ts';
import { competitionDetails } from './competition-details.ts';
import { plannedGain } from './generate-competitions.ts';
import { WomError, jsonReply, legacyError, validationError, type Reply } from './replies.ts';
import type { RequestContext, Route } from './router.ts';
import { parseMetric } from './validation.ts';
import type { SimCompetition, SimParticipant, World } from './world.ts';

/**
 * `POST /competitions` (wom-api.md §1.2, `createCompetition`), with the checks Wise Old Man's own
 * CreateCompetitionService makes, in its order and words: the title, the metric, the dates (start
 * before end, both in the future), participants and group or teams never together, team names and
 * members, then the group's verification code. A group competition without teams enters every member.
 */

const TITLE_MAX = 50;
const TEAM_NAME_MAX = 30;
const INVALID_TEAMS = 'Invalid teams list. Must be an array of { name: string; participants: string[]; }.';

/** WOM's sanitizeTitle: '_' and '-' read as spaces, runs of spaces become one, trimmed. */
const sanitizeTitle = (title: string): string =>
  title
    .replace(/[_-]/g, ' ')
    .replace(/ +(?= )/g, '')
    .trim();

function requiredDate(body: Record<string, unknown>, name: 'startsAt' | 'endsAt'): number {
  const raw = body[name];
  if (raw === undefined || raw === null) throw validationError(`Parameter '${name}' is undefined.`);
  const at = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at)) throw validationError(`Parameter '${name}' is not a valid date.`);
  return at;
}

function title(body: Record<string, unknown>): string {
  const raw = body.title;
  if (typeof raw !== 'string') throw validationError("Parameter 'title' is undefined.");
  if (raw.length < 1) throw validationError('Competition title must have at least one character.');
  if (raw.length > TITLE_MAX) throw validationError('Competition title cannot be longer than 50 characters.');
  return sanitizeTitle(raw);
}

interface TeamInput {
  name: string;
  participants: string[];
}

function teams(body: Record<string, unknown>): TeamInput[] {
  const raw = body.teams;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw validationError("Parameter 'teams' is not a valid array.");
  return raw.map((team: unknown) => {
    if (typeof team !== 'object' || team === null) throw validationError(INVALID_TEAMS);
    const { name, participants } = team as { name?: unknown; participants?: unknown };
    if (typeof name !== 'string') throw validationError(INVALID_TEAMS);
    if (name.length < 1) throw validationError('Team names must have at least one character.');
    if (name.length > TEAM_NAME_MAX) throw validationError('Team names cannot be longer than 30 characters.');
    if (!Array.isArray(participants) || !participants.every((entry) => typeof entry === 'string'))
      throw validationError(INVALID_TEAMS);
    if (participants.length === 0)
      throw validationError('All teams must have a valid non-empty participants array.');
    return { name: sanitizeTitle(name), participants: participants.map(normaliseUsername) };
  });
}

/** WOM refuses repeated team names and players; the simulator knows only the world's players. */
function teamParticipants(
  world: World,
  input: readonly TeamInput[],
): Array<{ playerId: number; teamName: string }> {
  const names = input.map((team) => team.name.toLowerCase());
  const repeatedTeams = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
  if (repeatedTeams.length > 0)
    throw legacyError(400, `Found repeated team names: [${repeatedTeams.join(', ')}]`);
  const usernames = input.flatMap((team) => team.participants);
  const repeated = [...new Set(usernames.filter((name, i) => usernames.indexOf(name) !== i))];
  if (repeated.length > 0) throw legacyError(400, `Found repeated usernames: [${repeated.join(', ')}]`);
  return input.flatMap((team) =>
    team.participants.map((username) => {
      const player = world.byUsername.get(username);
      // Real WOM would start tracking a name it has never seen; the simulator's world is fixed.
      if (!player) throw new WomError(404, 'PLAYER_NOT_FOUND', 'Player not found');
      return { playerId: player.id, teamName: team.name };
    }),
  );
}

function checkGroup(world: World, groupId: unknown, code: unknown): void {
  if (typeof code !== 'string' || code === '') throw legacyError(400, 'Invalid group verification code.');
  if (groupId !== world.group.id) throw legacyError(404, 'Group not found.');
  if (code !== world.group.verificationCode) throw legacyError(403, 'Incorrect group verification code.');
}

function createCompetition(context: RequestContext): Reply {
  const { world, body, now } = context;
  const name = title(body);
  const metric: Metric = parseMetric(typeof body.metric === 'string' ? body.metric : null);
  const startsAt = requiredDate(body, 'startsAt');
  const endsAt = requiredDate(body, 'endsAt');
  if (endsAt < startsAt) throw validationError('Start date must be before the end date.');
  if (startsAt < now || endsAt < now)
    throw validationError('Invalid dates: All start and end dates must be in the future.');
  const participants = Array.isArray(body.participants) ? body.participants : [];
  const groupId = body.groupId;
  if (participants.length > 0 && groupId !== undefined)
    throw validationError(
      'Cannot include both "participants" and "groupId", they are mutually exclusive. All group members will be registered as participants instead.',
    );
  const teamInput = teams(body);
  if (participants.length > 0 && teamInput.length > 0)
    throw validationError('Cannot include both "participants" and "teams", they are mutually exclusive.');
  // The site only creates its own group's competitions: a list of players alone is not simulated.
  if (groupId === undefined) throw validationError("Parameter 'groupId' is undefined.");
  const entries = teamInput.length > 0 ? teamParticipants(world, teamInput) : null;
  checkGroup(world, groupId, body.groupVerificationCode);

  const id = Math.max(0, ...world.competitions.map((competition) => competition.id)) + 1;
  const short = endsAt - startsAt <= 2 * HOUR_MS;
  const rng = createRng(world.seed, 'created-competition', id);
  const entered: SimParticipant[] = (
    entries ?? world.memberships.map((m) => ({ playerId: m.playerId, teamName: null }))
  ).map((entry) => ({ ...entry, plannedGain: plannedGain(rng, metric, short), hasData: true }));
  const competition: SimCompetition = {
    id,
    title: name,
    type: entries ? 'team' : 'classic',
    metric,
    startsAt,
    endsAt,
    createdAt: now,
    score: 0,
    participants: entered,
  };
  world.competitions.push(competition);
  const verificationCode = `${rng.int(100, 999)}-${rng.int(100, 999)}-${rng.int(100, 999)}`;
  return jsonReply(201, { competition: competitionDetails(world, competition, null, now), verificationCode });
}

export const competitionCreateRoutes: Route[] = [
  { method: 'POST', pattern: 'competitions', handler: createCompetition },
];
