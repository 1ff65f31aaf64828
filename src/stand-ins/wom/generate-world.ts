import { REAL_SKILLS } from '@wise-old-man/utils';
import { createRng } from '#core/random.ts';
import { DAY_MS, HOUR_MS } from './catalogue.ts';
import { generateAchievements } from './generate-achievements.ts';
import { pickAlts } from './generate-alts.ts';
import { generateCompetitions } from './generate-competitions.ts';
import { createPlayer, planProfile } from './generate-players.ts';
import { clientSyncSchedule } from './generate-client-syncs.ts';
import { generateRenames } from './generate-renames.ts';
import { generateNames } from './names.ts';
import { generateWatchList } from './player-watch.ts';
import { planRoles } from './roles.ts';
import type { SimMembership, SimPlayer, World } from './world.ts';

export interface WorldOptions {
  seed: number;
  members: number;
  groupId: number;
  verificationCode: string;
  /**
   * Generation time: the clan's dates are relative to it, except competitions, which sit on a fixed
   * weekly grid and only take from it which weeks to list.
   */
  epoch: number;
}

const OUTSIDERS = 10;
const UNTRACKED_OUTSIDERS = 2;
const WATCHED_OUTSIDERS = 4;
const NEVER_UPDATED_SHARE = 0.02;
const YEAR_MS = 365 * DAY_MS;

export function generateWorld(options: WorldOptions): World {
  const { seed, epoch } = options;
  const rng = createRng(seed, 'world');
  const taken = new Set<string>();
  const nameRng = createRng(seed, 'names');
  const memberNames = generateNames(nameRng, options.members, taken);
  const outsiderNames = generateNames(nameRng, OUTSIDERS, taken);
  const watchedNames = generateNames(nameRng, WATCHED_OUTSIDERS, taken);
  const slots = planRoles(createRng(seed, 'roles'), options.members);

  // Never-updated members and the 200M accounts come from the rank and file, never the staff.
  const rankAndFile = rng.shuffle(
    slots.flatMap((slot, index) => (slot.path === 'skiller' || slot.path === 'fighter' ? [index] : [])),
  );
  const neverUpdated = new Set(rankAndFile.slice(0, Math.round(options.members * NEVER_UPDATED_SHARE)));
  const skillers = rankAndFile.filter(
    (index) => slots[index]?.path === 'skiller' && !neverUpdated.has(index),
  );
  const at200m = new Map<number, number>();
  if (options.members >= 10) {
    if (skillers[0] !== undefined) at200m.set(skillers[0], REAL_SKILLS.length - 1);
    if (skillers[1] !== undefined) at200m.set(skillers[1], 6);
  }

  const groupCreatedAt = epoch - 4 * YEAR_MS - 30 * DAY_MS - rng.int(0, DAY_MS);
  let nextId = 1_000 + rng.int(0, 40_000);
  const takeId = () => {
    nextId += rng.int(1, 3_000);
    return nextId;
  };

  const memberships: SimMembership[] = [];
  const clientSyncAt = clientSyncSchedule(createRng(seed, 'client-sync'), epoch);
  const members = slots.map((slot, index): SimPlayer => {
    const joinedAt =
      slot.role === 'owner'
        ? groupCreatedAt + 5 * 60_000
        : epoch - rng.int(60, 4 * 365) * DAY_MS - rng.int(0, DAY_MS);
    const player = createPlayer({
      seed,
      label: `member-${index}`,
      id: takeId(),
      displayName: memberNames[index] ?? `Member ${index}`,
      profile: planProfile(createRng(seed, 'profile', index), slot, at200m.get(index) ?? 0),
      epoch,
      registeredAt: joinedAt - rng.int(1, 1_500) * DAY_MS - rng.int(0, DAY_MS),
      tracked: !neverUpdated.has(index),
    });
    // RuneLite's clan sync reports the in-game join day; not every member has it.
    const synced = rng.chance(0.7) ? Math.max(groupCreatedAt, joinedAt - rng.int(0, 120) * DAY_MS) : null;
    memberships.push({
      playerId: player.id,
      role: slot.role,
      createdAt: joinedAt,
      updatedAt: joinedAt,
      clientSync:
        synced === null ? null : { joinedAt: Math.floor(synced / DAY_MS) * DAY_MS, at: clientSyncAt() },
    });
    return player;
  });

  const outsiders = outsiderNames.map((displayName, index) =>
    createPlayer({
      seed,
      label: `outsider-${index}`,
      id: takeId(),
      displayName,
      profile: planProfile(createRng(seed, 'profile', `outsider-${index}`), null, 0),
      epoch,
      registeredAt: epoch - rng.int(30, 2_500) * DAY_MS - rng.int(0, DAY_MS),
      tracked: index >= UNTRACKED_OUTSIDERS,
    }),
  );

  // Alts are rank-and-file accounts that WOM keeps up to date, never the 200M showcases.
  const altCandidates = rankAndFile.flatMap((index) => {
    const member = members[index];
    return member === undefined || neverUpdated.has(index) || at200m.has(index) ? [] : [member];
  });
  const alts = pickAlts(createRng(seed, 'alts'), altCandidates, options.members);

  const players = new Map<number, SimPlayer>();
  const byUsername = new Map<string, SimPlayer>();
  for (const player of [...members, ...outsiders]) {
    players.set(player.id, player);
    byUsername.set(player.username, player);
  }

  const watchList = generateWatchList(createRng(seed, 'watch'), members, watchedNames, epoch);
  const renames = generateRenames({
    rng: createRng(seed, 'renames'),
    nameRng,
    members,
    watchList,
    taken,
    epoch,
  });

  return {
    seed,
    epoch,
    group: {
      id: options.groupId,
      name: 'Siege',
      clanChat: 'Siege',
      description: 'PvM & skilling clan',
      homeworld: 517,
      score: rng.int(100, 600),
      createdAt: groupCreatedAt,
      updatedAt: epoch - rng.int(1, 48) * HOUR_MS,
      verificationCode: options.verificationCode,
    },
    players,
    byUsername,
    memberships,
    departed: new Map(),
    competitions: generateCompetitions({ seed, epoch, members, outsiders }),
    achievements: generateAchievements(createRng(seed, 'achievements'), members, epoch),
    watchList,
    renames,
    alts,
    nextPlayerId: nextId + 1,
  };
}
