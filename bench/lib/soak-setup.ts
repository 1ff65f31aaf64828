import { BENCH_ADMIN } from './app-process.ts';
import { answerTo, expect, type Call, type Visitor } from './soak-client.ts';

export interface SoakUser {
  username: string;
  password: string;
  visitor: Visitor;
  /** The character the user claimed and set a goal for. */
  womId: string;
}

export interface SoakCast {
  admin: Visitor;
  users: SoakUser[];
  /** Members the admin awards points to. */
  awardTargets: string[];
  /** Members the admin edits; some are award targets too, so edits meet awards on the same row. */
  editTargets: string[];
}

const AWARD_TARGETS = 30;
const EDIT_TARGETS = 15;
/** Edit targets that are also award targets. */
const SHARED_TARGETS = 10;
/** Users set up at once: each registration and sign-in hashes a password with argon2. */
const SETUP_BATCH = 4;

/** A client address of its own per virtual user, as if each came from another home behind the proxy. */
export const userAddress = (index: number) => `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;

const GOAL_ATTEMPTS = 10;

/**
 * Creating a goal reads the character's stats from WOM, waiting at most 3 s; on a machine still busy
 * with the app's start-up it may answer "Unable to load player statistics" (503), and the user
 * tries again, as the message asks.
 */
async function createGoal(base: string, visitor: Visitor, call: Call): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await answerTo(base, visitor, call);
    if (answer.status === 201) return;
    if (answer.status !== 503 || attempt === GOAL_ATTEMPTS)
      throw new Error(`${call.path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function prepareUser(base: string, admin: Visitor, index: number, womId: string, tag: string) {
  const username = `soak${tag}u${index}`;
  const password = `soak-password-${index}`;
  const visitor: Visitor = { address: userAddress(index), cookie: null };
  const register = { username, password, confirm_password: password };
  await expect(base, visitor, { method: 'POST', path: '/api/auth/register', body: register }, 201);
  const claimCode = { method: 'POST' as const, path: '/api/admin/claim-codes', body: { wom_id: womId } };
  const { code } = await expect<{ code: string }>(base, admin, claimCode, 201);
  await expect(base, visitor, { method: 'POST', path: '/api/claims/redeem', body: { code } }, 200);
  const goal = { wom_id: womId, metric: 'attack', mode: 'gain', value: 50_000, public: index % 2 === 0 };
  await createGoal(base, visitor, { method: 'POST', path: '/api/user-goals', body: goal });
  return { username, password, visitor, womId };
}

/**
 * The first `count` of `candidates` that WOM has a snapshot of: a goal starts from the current
 * value, and the generated clan, like a real one, has members WOM never tracked.
 */
async function trackedCharacters(base: string, admin: Visitor, candidates: string[], count: number) {
  const tracked: string[] = [];
  for (const womId of candidates) {
    if (tracked.length === count) break;
    const player = await answerTo(base, admin, { path: `/api/wom-player?id=${womId}` });
    if ((player.json as { latestSnapshot?: unknown } | null)?.latestSnapshot) tracked.push(womId);
  }
  if (tracked.length < count)
    throw new Error(
      `The soak needs ${count} members WOM tracks beyond the admin's targets, found ${tracked.length}`,
    );
  return tracked;
}

/**
 * Signs the admin in, and makes `users` plain users, each with a claimed character (a claim code
 * the admin made, redeemed) and a goal on it. Names carry `tag`, so a database can be soaked twice.
 */
export async function prepareCast(base: string, users: number, tag: string): Promise<SoakCast> {
  const admin: Visitor = { address: '10.99.0.1', cookie: null };
  await expect(base, admin, { method: 'POST', path: '/api/auth/login', body: BENCH_ADMIN }, 200);
  const members = await expect<Array<{ wom_id: string }>>(base, admin, { path: '/api/members' }, 200);
  const ids = members.map((member) => member.wom_id);
  const firstUserMember = AWARD_TARGETS + EDIT_TARGETS - SHARED_TARGETS;
  const characters = await trackedCharacters(base, admin, ids.slice(firstUserMember), users);
  const prepared: SoakUser[] = [];
  for (let first = 0; first < users; first += SETUP_BATCH) {
    const batch = Array.from({ length: Math.min(SETUP_BATCH, users - first) }, (_, i) => first + i);
    prepared.push(
      ...(await Promise.all(
        batch.map((index) => prepareUser(base, admin, index, characters[index] as string, tag)),
      )),
    );
  }
  return {
    admin,
    users: prepared,
    awardTargets: ids.slice(0, AWARD_TARGETS),
    editTargets: ids.slice(AWARD_TARGETS - SHARED_TARGETS, firstUserMember),
  };
}
