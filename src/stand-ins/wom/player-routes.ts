import { createRng } from '#core/random.ts';
import { isValidUsername, normaliseUsername } from './catalogue.ts';
import { createPlayer, planProfile } from './generate-players.ts';
import { hiscoresUnavailable, jsonReply, playerNotFound, WomError, type Reply } from './replies.ts';
import { playerJson } from './responses.ts';
import type { RequestContext, Route } from './router.ts';
import { parseId } from './validation.ts';
import type { RateLimitedHeaders } from './wom-shapes.ts';
import { findPlayerByName, markUpdated, playerState, type SimPlayer, type World } from './world.ts';

/** The same player can be updated once a minute (§2.11). */
const PLAYER_COOLDOWN_MS = 60_000;

/** PlayerDetailsResponse (§2.10); combat level 3 until there is a snapshot. */
function playerDetails(world: World, player: SimPlayer, now: number) {
  const snapshot = playerState(world, player, now).snapshot;
  return {
    ...playerJson(world, player, now),
    combatLevel: snapshot?.summary.combatLevel ?? 3,
    archive: null,
    annotations: [],
    latestSnapshot: snapshot?.json ?? null,
  };
}

function byUsername(context: RequestContext): Reply {
  const player = findPlayerByName(context.world, context.params.username ?? '');
  if (player === undefined) throw playerNotFound();
  return jsonReply(200, playerDetails(context.world, player, context.now));
}

function byId(context: RequestContext): Reply {
  const player = context.world.players.get(parseId(context.params.id));
  if (player === undefined) throw playerNotFound();
  return jsonReply(200, playerDetails(context.world, player, context.now));
}

function usernameProblem(normalised: string): string | null {
  if (normalised.length === 0) return 'USERNAME_TOO_SHORT';
  if (normalised.length > 12) return 'USERNAME_TOO_LONG';
  return isValidUsername(normalised) ? null : 'USERNAME_INVALID_CHARACTERS';
}

/** A name the simulator has never seen is "found on the hiscores" and tracked from now on. */
function trackNewPlayer(world: World, rawName: string, now: number): SimPlayer {
  const displayName = rawName.replace(/[-_\s]/g, ' ').trim();
  const label = `new-${normaliseUsername(rawName)}`;
  const player = createPlayer({
    seed: world.seed,
    label,
    id: world.nextPlayerId,
    displayName,
    profile: planProfile(createRng(world.seed, 'profile', label), null, 0),
    epoch: world.epoch,
    registeredAt: now,
    tracked: true,
  });
  world.nextPlayerId += 1;
  world.players.set(player.id, player);
  world.byUsername.set(player.username, player);
  return player;
}

function update(context: RequestContext): Reply {
  const { world, now } = context;
  const rawName = context.params.username ?? '';
  const problem = usernameProblem(normaliseUsername(rawName));
  if (problem !== null)
    throw new WomError(400, 'INVALID_USERNAME', 'Invalid username', {}, { code: problem });
  const existing = findPlayerByName(world, rawName);
  if (existing === undefined) {
    if (context.hiscoresDown) throw hiscoresUnavailable();
    const player = trackNewPlayer(world, rawName, now);
    markUpdated(world, player, now);
    return jsonReply(201, playerDetails(world, player, now));
  }
  const updatedAt = playerState(world, existing, now).updatedAt;
  if (updatedAt !== null && now - updatedAt < PLAYER_COOLDOWN_MS) {
    const seconds = String(Math.ceil((updatedAt + PLAYER_COOLDOWN_MS - now) / 1000));
    // Lower-case like the limiter's, so these replace its counts instead of being sent beside them.
    const headers: RateLimitedHeaders = {
      'ratelimit-limit': '1',
      'ratelimit-remaining': '0',
      'ratelimit-reset': seconds,
      'retry-after': seconds,
    };
    throw new WomError(429, 'PLAYER_IS_RATE_LIMITED', 'Player was updated too recently', { ...headers });
  }
  // The cooldown is checked before the hiscores are called, as on the real server.
  if (context.hiscoresDown) throw hiscoresUnavailable();
  markUpdated(world, existing, now);
  return jsonReply(200, playerDetails(world, existing, now));
}

export const playerRoutes: Route[] = [
  { method: 'GET', pattern: 'players/id/:id', handler: byId },
  { method: 'GET', pattern: 'players/:username', handler: byUsername },
  { method: 'POST', pattern: 'players/:username', handler: update },
];
