import type { GroupRole } from '@wise-old-man/utils';
import type { Rng } from '#core/random.ts';

/** Which of the clan's rank ladders a member is on (domain-rules.md, Ranks). */
export type Path = 'staff' | 'skiller' | 'fighter' | 'maxed';

export interface RoleSlot {
  role: GroupRole;
  path: Path;
}

/** Fighter ranks by EHB (domain-rules.md); weights make the low ranks common and TzKal rare. */
export const COMBAT_BANDS: ReadonlyArray<{ role: GroupRole; min: number; max: number; weight: number }> = [
  { role: 'mentor', min: 0, max: 100, weight: 25 },
  { role: 'prefect', min: 100, max: 300, weight: 20 },
  { role: 'leader', min: 300, max: 500, weight: 15 },
  { role: 'supervisor', min: 500, max: 700, weight: 12 },
  { role: 'superior', min: 700, max: 900, weight: 9 },
  { role: 'executive', min: 900, max: 1100, weight: 7 },
  { role: 'senator', min: 1100, max: 1300, weight: 5 },
  { role: 'monarch', min: 1300, max: 1500, weight: 4 },
  { role: 'tzkal', min: 1500, max: 2400, weight: 3 },
];

/** Skiller ranks, lowest first; the position also hints how big the account is. */
export const GEM_ROLES: ReadonlyArray<readonly [GroupRole, number]> = [
  ['opal', 25],
  ['sapphire', 20],
  ['emerald', 17],
  ['ruby', 13],
  ['diamond', 10],
  ['dragonstone', 7],
  ['onyx', 5],
  ['zenyte', 3],
];

/** The share of fighters whose EHB already sits in a higher band, so the app has promotions to show. */
const DUE_FOR_PROMOTION = 0.15;

/**
 * One role per member in membership order: a fixed staff (scaled gently for big clans), a couple of
 * maxed members, and the rest split between the gem and combat ladders. Positions are shuffled so the
 * owner is not simply the oldest membership.
 */
export function planRoles(rng: Rng, count: number): RoleSlot[] {
  const fixed: RoleSlot[] = [
    { role: 'owner', path: 'staff' },
    { role: 'deputy_owner', path: 'staff' },
  ];
  const generals = 2 + Math.floor(count / 500);
  const captains = 3 + Math.floor(count / 250);
  const maxed = 2 + Math.floor(count / 400);
  for (let i = 0; i < generals; i += 1) fixed.push({ role: 'general', path: 'staff' });
  for (let i = 0; i < captains; i += 1) fixed.push({ role: 'captain', path: 'staff' });
  for (let i = 0; i < maxed; i += 1) fixed.push({ role: 'maxed', path: 'maxed' });

  const slots = fixed.slice(0, count);
  while (slots.length < count) {
    slots.push(
      rng.chance(0.55)
        ? { role: rng.weighted(GEM_ROLES), path: 'skiller' }
        : {
            role: rng.weighted(COMBAT_BANDS.map((band) => [band.role, band.weight] as const)),
            path: 'fighter',
          },
    );
  }
  return rng.shuffle(slots);
}

/**
 * The EHB a fighter should have: inside their role's band, away from its edges so that the small
 * growth between updates does not move them, or one or two bands higher when due for promotion.
 */
export function ehbTargetFor(rng: Rng, role: GroupRole): number {
  let index = COMBAT_BANDS.findIndex((band) => band.role === role);
  if (index < 0) return 0;
  if (index < COMBAT_BANDS.length - 1 && rng.chance(DUE_FOR_PROMOTION)) {
    index = Math.min(COMBAT_BANDS.length - 1, index + rng.int(1, 2));
  }
  const band = COMBAT_BANDS[index];
  if (band === undefined) return 0;
  const width = band.max - band.min;
  return rng.float(band.min + width * 0.08, band.max - width * 0.12);
}

/** Gem rank position from 0 (opal) to 1 (zenyte); -1 when the role is not a gem. */
export function gemStanding(role: GroupRole): number {
  const index = GEM_ROLES.findIndex(([gem]) => gem === role);
  return index < 0 ? -1 : index / (GEM_ROLES.length - 1);
}
