import { isGroupRole, isSkill } from '@wise-old-man/utils';
import { systemClock, type Clock } from '#shared/clock.ts';
import { listenOrigin } from '#shared/http/listen-origin.ts';
import { indexOfSkill, isValidUsername, normaliseUsername } from './catalogue.ts';
import { FaultInjector, type FailureBody, type SimulatorFaults } from './faults.ts';
import { generateWorld } from './generate-world.ts';
import { createSimulatorServer, type RecordedRequest, type ServerDeps } from './http-server.ts';
import { defaultRateLimit, type RateLimit } from './rate-limit.ts';
import { markUpdated, membershipOf, requirePlayer, setDisplayName } from './world.ts';

export type { FailureBody, RateLimit, RecordedRequest, SimulatorFaults };

export interface SimulatorOptions {
  /** Default 1; the same seed and the same clock give byte-identical responses. */
  seed?: number;
  /** Default 150; 1..2000. */
  members?: number;
  /** Default 1234. */
  groupId?: number;
  /** Default '123-456-789'. */
  verificationCode?: string;
  /** Every "now" decision uses it; default systemClock. */
  clock?: Clock;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** If given, a request whose x-api-key is not listed gets 403; without it any key is accepted. */
  apiKeys?: string[];
  /**
   * Requests per 60 s window (§4.1), answered with WOM's 429 beyond it and counted in `ratelimit-*`
   * headers; `false` turns it off (no headers, as a WOM that skips its limiter). Default: WOM's 20 a
   * minute without a key and 100 with one, unless NODE_ENV is `development` or `test`, where the real
   * server skips its limiter too.
   */
  rateLimit?: RateLimit;
  /** Serve the test knobs under /__control (gain XP, faults); default false. */
  control?: boolean;
  /** How many of the latest requests `requests` keeps; default 10,000, so a long demo run stays small. */
  requestLog?: number;
}

export interface WomSimulator {
  /**
   * Base URL for the app, e.g. 'http://127.0.0.1:40123/v2' (no trailing slash); the same routes
   * also answer without `/v2`, as a self-hosted WOM does.
   */
  readonly url: string;
  readonly origin: string;
  readonly groupId: number;
  readonly verificationCode: string;
  /** The latest requests received, oldest first (path without the /v2 prefix). */
  readonly requests: RecordedRequest[];
  setFaults(faults: Partial<SimulatorFaults>): void;
  /** Also clears queued failures. */
  resetFaults(): void;
  failNext(count: number, status: number, body?: FailureBody): void;
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  renamePlayer(playerId: number, newDisplayName: string): void;
  removeMember(playerId: number): void;
  restoreMember(playerId: number): void;
  setRole(playerId: number, role: string): void;
  gainExperience(playerId: number, skill: string, xp: number): void;
  memberIds(): number[];
  /** Members the generated clan knows as alts; WOM has no such field, so demo mode flags them itself. */
  altIds(): number[];
  close(): Promise<void>;
}

const MAX_MEMBERS = 2_000;

function checkedMembers(members: number): number {
  if (!Number.isInteger(members) || members < 1 || members > MAX_MEMBERS)
    throw new RangeError(`members must be an integer from 1 to ${MAX_MEMBERS}, got ${members}`);
  return members;
}

/** Starts the WOM simulator on a loopback port with a clan generated from the seed. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<WomSimulator> {
  const clock = options.clock ?? systemClock;
  const seed = options.seed ?? 1;
  const world = generateWorld({
    seed,
    members: checkedMembers(options.members ?? 150),
    groupId: options.groupId ?? 1234,
    verificationCode: options.verificationCode ?? '123-456-789',
    epoch: clock.now().getTime(),
  });
  const faults = new FaultInjector({
    seed,
    clock,
    apiKeys: options.apiKeys ?? null,
    // eslint-disable-next-line no-restricted-properties -- WOM's own switch for its limiter, not the app's config
    rateLimit: options.rateLimit ?? defaultRateLimit(process.env.NODE_ENV),
  });
  const requests: RecordedRequest[] = [];
  const serverDeps: ServerDeps = {
    world,
    clock,
    faults,
    requests,
    requestLog: options.requestLog ?? 10_000,
    controls: null,
  };
  const server = createSimulatorServer(serverDeps);
  const origin = await listenOrigin(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const now = () => clock.now().getTime();

  const member = (playerId: number) => {
    const membership = membershipOf(world, playerId);
    if (membership === undefined) throw new RangeError(`Player ${playerId} is not a member`);
    return membership;
  };

  const simulator: WomSimulator = {
    url: `${origin}/v2`,
    origin,
    groupId: world.group.id,
    verificationCode: world.group.verificationCode,
    requests,
    setFaults: (changes) => faults.set(changes),
    resetFaults: () => faults.reset(),
    failNext: (count, status, body = 'json') => faults.failNext(count, status, body),
    rateLimitNext: (count, retryAfterSeconds) => faults.rateLimitNext(count, retryAfterSeconds),
    renamePlayer(playerId, newDisplayName) {
      const player = requirePlayer(world, playerId);
      const username = normaliseUsername(newDisplayName);
      if (!isValidUsername(username)) throw new RangeError(`Not a valid OSRS name: '${newDisplayName}'`);
      const holder = world.byUsername.get(username);
      if (holder !== undefined && holder !== player)
        throw new RangeError(`'${newDisplayName}' is already taken`);
      // A test's rename wins over the generated schedule, which would otherwise undo it.
      world.renames = world.renames.filter((rename) => rename.playerId !== playerId);
      setDisplayName(world, player, newDisplayName.replace(/[-_\s]/g, ' ').trim());
    },
    removeMember(playerId) {
      const membership = member(playerId);
      world.memberships.splice(world.memberships.indexOf(membership), 1);
      world.departed.set(playerId, membership);
      world.group.updatedAt = now();
    },
    restoreMember(playerId) {
      requirePlayer(world, playerId);
      if (membershipOf(world, playerId) !== undefined) return;
      const previous = world.departed.get(playerId);
      if (previous === undefined) throw new RangeError(`Player ${playerId} never left the group`);
      world.departed.delete(playerId);
      // Rejoining makes a new membership, as re-adding a member does on WOM; RuneLite has not synced it yet.
      const at = now();
      world.memberships.push({
        playerId,
        role: previous.role,
        createdAt: at,
        updatedAt: at,
        clientSync: null,
      });
      world.group.updatedAt = at;
    },
    setRole(playerId, role) {
      if (!isGroupRole(role)) throw new RangeError(`Not a WOM group role: '${role}'`);
      const membership = member(playerId);
      membership.role = role;
      membership.updatedAt = now();
      world.group.updatedAt = membership.updatedAt;
    },
    gainExperience(playerId, skill, xp) {
      const player = requirePlayer(world, playerId);
      if (!isSkill(skill) || skill === 'overall') throw new RangeError(`Not a skill: '${skill}'`);
      if (!Number.isFinite(xp) || xp <= 0) throw new RangeError(`XP must be positive, got ${xp}`);
      const at = now();
      player.adjustments.push({ skillIndex: indexOfSkill(skill), xp: Math.floor(xp), at });
      markUpdated(world, player, at);
    },
    memberIds: () => world.memberships.map((membership) => membership.playerId),
    altIds: () => [...world.alts],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; close them so close() does not wait for their timeout.
        server.closeAllConnections();
      }),
  };
  if (options.control) serverDeps.controls = simulator;
  return simulator;
}
