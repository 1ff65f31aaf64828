import { DEFAULT_POINTS } from '../../src/core/clan/default-rules.ts';
import { send, type Visitor } from './soak-client.ts';
import type { SoakLog } from './soak-log.ts';
import type { SoakCast, SoakUser } from './soak-setup.ts';

/** The public reads the web app makes, pages included. */
const PUBLIC_READS = [
  '/api/members',
  '/api/wom-group',
  '/api/wom-group-stats',
  '/api/wom-group-achievements?limit=10',
  '/api/wom-competitions',
  '/api/events',
  '/api/leaderboards',
  '/api/anniversaries',
  '/api/clan',
  '/api/races',
  '/api/user-goals?scope=public',
  '/api/health',
  '/members',
];

export interface TrafficShape {
  /** Anonymous visitors reading public pages back to back. */
  readers: number;
  /** Admin tabs awarding points at once. */
  awarders: number;
}

export interface Traffic {
  base: string;
  log: SoakLog;
  cast: SoakCast;
  /** performance.now() time at which every loop stops starting requests. */
  endsAt: number;
}

/** The awards the app acknowledged (2xx), counted per member and amount: `${womId}:${amount}`. */
export type AwardCounts = Map<string, number>;

export const awardKey = (womId: string, amount: number) => `${womId}:${amount}`;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `step` again and again, `pauseMs()` apart, until the traffic ends. */
async function repeat(traffic: Traffic, pauseMs: () => number, step: () => Promise<void>): Promise<void> {
  while (performance.now() < traffic.endsAt) {
    await step();
    await sleep(pauseMs());
  }
}

/** A visitor of the public site, half the time revalidating what it has read before. */
function reader(traffic: Traffic, index: number): Promise<void> {
  const visitor: Visitor = { address: `10.88.0.${index + 1}`, cookie: null };
  const etags = new Map<string, string>();
  return repeat(
    traffic,
    () => 5,
    async () => {
      const path = pick(PUBLIC_READS);
      const etag = etags.get(path);
      const revalidate = etag !== undefined && Math.random() < 0.5;
      const answered = revalidate
        ? await send(traffic.base, traffic.log, 'public read, If-None-Match', visitor, {
            path,
            headers: { 'if-none-match': etag },
          })
        : await send(traffic.base, traffic.log, 'public read', visitor, { path });
      const fresh = answered.status === 200 ? answered.headers?.get('etag') : null;
      if (fresh) etags.set(path, fresh);
    },
  );
}

/** A new session, then the old one signed out, as a user signing in again on the same browser. */
async function signInAgain(traffic: Traffic, user: SoakUser): Promise<void> {
  const fresh: Visitor = { address: user.visitor.address, cookie: null };
  const login = { username: user.username, password: user.password };
  const signedIn = await send(traffic.base, traffic.log, 'sign-in', fresh, {
    method: 'POST',
    path: '/api/auth/login',
    body: login,
  });
  if (!signedIn.ok) return;
  const old: Visitor = { ...user.visitor };
  await send(traffic.base, traffic.log, 'sign-out', old, { method: 'POST', path: '/api/auth/logout' });
  user.visitor.cookie = fresh.cookie;
}

/** A signed-in user: their goals, Sync Progress on their character, a player page, signing in again. */
function signedInUser(traffic: Traffic, user: SoakUser): Promise<void> {
  const { base, log } = traffic;
  return repeat(
    traffic,
    () => 300 + Math.random() * 600,
    async () => {
      const roll = Math.random();
      if (roll < 0.4) {
        await send(base, log, 'my goals', user.visitor, { path: '/api/user-goals?scope=mine' });
      } else if (roll < 0.65) {
        const body = { wom_id: user.womId };
        await send(base, log, 'goal Sync Progress', user.visitor, {
          method: 'POST',
          path: '/api/user-goals/sync',
          body,
        });
      } else if (roll < 0.85) {
        const path = `/api/wom-player?id=${pick(traffic.cast.users).womId}`;
        await send(base, log, 'public player stats', user.visitor, { path });
      } else {
        await signInAgain(traffic, user);
      }
    },
  );
}

interface MemberVersion {
  updated_at: string;
  siege_score: number;
}

/** The members as the admin last saw them, which the edit form sends back as its version. */
type Versions = Map<string, MemberVersion>;

function remember(versions: Versions, member: unknown): void {
  const { wom_id, updated_at, siege_score } = member as MemberVersion & { wom_id: string };
  versions.set(wom_id, { updated_at, siege_score });
}

async function readAdminList(traffic: Traffic, versions: Versions): Promise<void> {
  const { base, log, cast } = traffic;
  const answered = await send(base, log, 'admin members list', cast.admin, { path: '/api/admin/members' });
  if (answered.ok) for (const member of answered.json as unknown[]) remember(versions, member);
}

/** An admin tab giving +2, +5, +10 or +15 to members, counting what the app acknowledged. */
function awarder(traffic: Traffic, versions: Versions, awards: AwardCounts): Promise<void> {
  return repeat(
    traffic,
    () => 10,
    async () => {
      const womId = pick(traffic.cast.awardTargets);
      const amount = pick(DEFAULT_POINTS.buttons);
      const answered = await send(traffic.base, traffic.log, 'admin award points', traffic.cast.admin, {
        method: 'POST',
        path: `/api/admin/members/${womId}/points`,
        body: { amount },
      });
      if (!answered.ok) return;
      const key = awardKey(womId, amount);
      awards.set(key, (awards.get(key) ?? 0) + 1);
      remember(versions, answered.json);
    },
  );
}

/**
 * An admin tab editing members from its copy of the list: a new title, and every third save a
 * score set by hand. A save refused because the member changed meanwhile reloads the list.
 */
function editor(traffic: Traffic, versions: Versions): Promise<void> {
  let saves = 0;
  return repeat(
    traffic,
    () => 50,
    async () => {
      const womId = pick(traffic.cast.editTargets);
      const known = versions.get(womId);
      if (!known) return readAdminList(traffic, versions);
      saves += 1;
      const body = {
        expected_updated_at: known.updated_at,
        title: `Soak ${saves}`,
        ...(saves % 3 === 0 ? { siege_score: known.siege_score + 3 } : {}),
      };
      const answered = await send(traffic.base, traffic.log, 'admin member edit', traffic.cast.admin, {
        method: 'PATCH',
        path: `/api/admin/members/${womId}`,
        body,
      });
      if (answered.ok) remember(versions, answered.json);
      else if (answered.status === 409) await readAdminList(traffic, versions);
    },
  );
}

/** The admin's Sync button, pressed every second: a 409 while a run is going is the answer. */
function syncStarter(traffic: Traffic): Promise<void> {
  return repeat(
    traffic,
    () => 1000,
    async () => {
      await send(traffic.base, traffic.log, 'admin start WOM sync', traffic.cast.admin, {
        method: 'POST',
        path: '/api/admin/sync',
      });
    },
  );
}

/** Every kind of visitor at once until the traffic ends; resolves with the acknowledged awards. */
export async function driveTraffic(traffic: Traffic, shape: TrafficShape): Promise<AwardCounts> {
  const versions: Versions = new Map();
  const awards: AwardCounts = new Map();
  await readAdminList(traffic, versions);
  await Promise.all([
    ...Array.from({ length: shape.readers }, (_, i) => reader(traffic, i)),
    ...traffic.cast.users.map((u) => signedInUser(traffic, u)),
    ...Array.from({ length: shape.awarders }, () => awarder(traffic, versions, awards)),
    editor(traffic, versions),
    repeat(
      traffic,
      () => 4000,
      () => readAdminList(traffic, versions),
    ),
    syncStarter(traffic),
  ]);
  return awards;
}
