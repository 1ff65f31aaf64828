import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { formatClaimCode, normaliseClaimCode } from '#core/claims/claim-code.ts';
import type { MatrixRole, World } from './authorization-rules.ts';
import { openSession } from '#server/features/auth/auth.service.ts';
import { PLAYER_WATCH } from '#server/features/player-watch/player-watch.service.ts';
import { measuredMembers } from '#server/features/races/races.testing.ts';
import { creationKey } from '#server/features/users/creation-attempts.ts';
import { hashPassword } from '#server/features/users/passwords.ts';
import { findUserById, insertUser, toSessionUser } from '#server/features/users/users.repository.ts';
import { findMemberStats } from '#server/features/wom-data/wom-data.repository.ts';
import { upsertMemberStats } from '#server/features/wom-sync/wom-sync.repository.ts';
import { WOM_SYNC } from '#server/features/wom-sync/wom-sync.service.ts';
import { SESSION_COOKIE } from '#server/plugins/sessions.ts';
import { TEST_PASSWORD, createUser, testConfig, type TestApp } from './app.ts';

type Account = Exclude<MatrixRole, 'visitor'>;

/** The host the matrix's requests name, and the origin a browser on it sends with a change. */
const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;

/** Planted in the owner's private data: only the owner and the admins may ever read it. */
const OWNER_SECRET = 'owner-secret';
/** The private goal's target: a number no other data of the clan comes near. */
const SECRET_TARGET_BASE = 8_642_097_531_000;

export interface Matrix {
  /** Headers of one call as the role: a session opened for it alone, so a logout ends nothing later calls use. */
  headers(role: MatrixRole, mutation: boolean): Promise<Record<string, string>>;
  /**
   * Fresh fixtures, made over HTTP as the owner and an admin would make them; only the character's
   * snapshot (the sync's job) and the throwaway account go through repositories.
   */
  seedWorld(): Promise<World>;
  /** What the response to the role carries that the role must never see, by kind. */
  leaks(role: MatrixRole, response: LightMyRequestResponse): Promise<string[]>;
  /** Waits until no WOM sync or player-watch download runs, so a job a call started cannot race the next. */
  settleJobs(): Promise<void>;
}

interface Secret {
  kind: string;
  value: string;
}

/** An app's environment for the matrix: the player-watch download points at the simulator. */
export const matrixEnv = (simulatorOrigin: string) => ({
  PLAYER_WATCH_URL: `${simulatorOrigin}/player-watch.json`,
});

/** Signs up the owner, the other user and an admin; needs a synced clan to copy a snapshot from. */
export async function createMatrix(t: TestApp): Promise<Matrix> {
  const db = t.database.db;
  const auth = { db, clock: t.clock, sessionTtlDays: testConfig().sessionTtlDays };
  const ids: Record<Account, number> = {
    owner: (await createUser(t, 'owner')).id,
    other: (await createUser(t, 'other')).id,
    admin: (await createUser(t, 'boss', { admin: true })).id,
  };
  // Throwaway accounts share one hash: hashing is slow by design, and every world makes an account.
  const accountHash = await hashPassword(TEST_PASSWORD);
  const measured = (await measuredMembers(t))[0];
  const source = measured && (await findMemberStats(db, measured.wom_id));
  if (!source?.snapshot) throw new Error('the sync stored no snapshot to give the fixtures');
  const snapshot = { snapshot: source.snapshot, snapshot_at: source.snapshot_at ?? null };

  const ownerPrivate: Secret[] = [];
  const adminOnly: Secret[] = [];
  const sessionTokens: Secret[] = [];
  let serial = 0;

  async function cookie(account: Account): Promise<string> {
    const user = await findUserById(db, ids[account]);
    if (!user) throw new Error(`${account} is gone`);
    const { token } = await openSession(auth, toSessionUser(user));
    sessionTokens.push({ kind: `${account}'s session token`, value: token });
    return `${SESSION_COOKIE}=${token}`;
  }

  async function send<T>(cookieHeader: string, method: InjectOptions['method'], url: string, body?: object) {
    const response = await t.app.inject({
      method,
      url,
      headers: { cookie: cookieHeader, host: HOST, origin: ORIGIN },
      ...(body === undefined ? {} : { payload: body }),
    });
    if (response.statusCode >= 300) {
      throw new Error(`seeding ${method} ${url}: ${response.statusCode} ${response.body}`);
    }
    return (response.statusCode === 204 ? null : response.json()) as T;
  }

  function memberBody(womId: string, name: string) {
    return {
      wom_id: womId,
      name,
      wom_name: name.toLowerCase(),
      womrole: 'opal',
      title: null,
      join_date: '2026-01-01',
      current_lvl: 1500,
      current_xp: 60_000_000,
      first_lvl: 1400,
      first_xp: 50_000_000,
      ehb: 20,
      siege_score: 3,
    };
  }

  /**
   * Ends the owner's earlier races and claim requests and forgets their creations, so every world's
   * owner starts within the account caps and creation limits, as a new account would.
   */
  async function retireEarlierWorlds(): Promise<void> {
    const now = t.clock.now().toISOString();
    await db.updateTable('races').set({ end_date: now }).where('creator_id', '=', ids.owner).execute();
    await db
      .updateTable('claim_requests')
      .set({ status: 'denied', reviewed_at: now })
      .where('user_id', '=', ids.owner)
      .where('status', '=', 'pending')
      .execute();
    const keys = (['race', 'goal', 'claimRequest'] as const).map((kind) => creationKey(kind, ids.owner));
    await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
  }

  /**
   * A player the simulated WOM starts tracking now, outside the clan's group: Add Member asks WOM
   * for the id (issue 29), so every member the fixtures add is a player WOM knows.
   */
  async function womPlayer(name: string): Promise<string> {
    const response = await fetch(`${t.womSync.gateway.baseUrl}/players/${encodeURIComponent(name)}`, {
      method: 'POST',
    });
    if (response.status !== 201) throw new Error(`tracking ${name} in WOM: ${response.status}`);
    return String(((await response.json()) as { id: number }).id);
  }

  async function seedWorld(): Promise<World> {
    serial += 1;
    await retireEarlierWorlds();
    const owner = await cookie('owner');
    const admin = await cookie('admin');
    const addMember = async (name: string) =>
      send<{ wom_id: string; updated_at: string }>(
        admin,
        'POST',
        '/api/admin/members',
        memberBody(await womPlayer(`${name} ${serial}`), `${name} ${serial}`),
      );

    const character = (await addMember('Main')).wom_id;
    const requested = await addMember('Alt');
    const coded = (await addMember('Pure')).wom_id;
    const deleted = (await addMember('Gone')).wom_id;
    await send(admin, 'DELETE', `/api/admin/members/${deleted}`);
    await upsertMemberStats(db, {
      wom_id: character,
      snapshot: snapshot.snapshot,
      snapshot_at: snapshot.snapshot_at,
      fetched_at: t.clock.now().toISOString(),
    });

    const characterCode = await send<{ code: string }>(admin, 'POST', '/api/admin/claim-codes', {
      wom_id: character,
    });
    await send(owner, 'POST', '/api/claims/redeem', { code: characterCode.code });
    const claimCode = await send<{ id: number; code: string }>(admin, 'POST', '/api/admin/claim-codes', {
      wom_id: coded,
    });

    const secretTarget = String(SECRET_TARGET_BASE + serial);
    const goal = (body: object) =>
      send<{ id: number }>(owner, 'POST', '/api/user-goals', {
        wom_id: character,
        metric: 'attack',
        ...body,
      });
    const privateGoal = await goal({ mode: 'total', value: Number(secretTarget), public: false });
    const publicGoal = await goal({ mode: 'gain', value: 5000, public: true });

    const participants = [{ wom_id: character, metric: 'attack', target_value: 150_000_000 }];
    const privateRace = await send<{ id: number }>(owner, 'POST', '/api/races', {
      title: `${OWNER_SECRET} race ${serial}`,
      description: `${OWNER_SECRET} notes ${serial}`,
      public: false,
      participants,
    });
    const publicRace = await send<{ id: number }>(owner, 'POST', '/api/races', {
      title: `Open race ${serial}`,
      public: true,
      participants,
    });
    const claimRequest = await send<{ id: number }>(owner, 'POST', '/api/claim-requests', {
      wom_id: requested.wom_id,
      message: `${OWNER_SECRET} message ${serial}`,
    });
    const event = await send<{ id: number }>(admin, 'POST', '/api/admin/events', {
      name: `Skill of the week ${serial}`,
      start_date: '2026-12-01T00:00:00.000Z',
      end_date: '2026-12-08T00:00:00.000Z',
    });

    const now = t.clock.now().toISOString();
    const account = await insertUser(db, {
      username: `account${serial}`,
      password_hash: accountHash,
      is_admin: false,
      join_date: now.slice(0, 10),
      created_at: now,
      updated_at: now,
    });
    const link = await send<{ path: string }>(admin, 'POST', `/api/admin/users/${account.id}/password-reset`);
    const resetToken = new URL(link.path, ORIGIN).searchParams.get('token');
    if (!resetToken) throw new Error(`no token in ${link.path}`);

    ownerPrivate.push(
      { kind: "the owner's private race title", value: `${OWNER_SECRET} race ${serial}` },
      { kind: "the owner's private race description", value: `${OWNER_SECRET} notes ${serial}` },
      { kind: "the owner's claim request message", value: `${OWNER_SECRET} message ${serial}` },
      { kind: "the owner's private goal", value: secretTarget },
    );
    for (const code of [characterCode.code, claimCode.code]) {
      const stored = normaliseClaimCode(code);
      adminOnly.push(
        { kind: 'a claim code', value: stored },
        { kind: 'a claim code', value: formatClaimCode(stored) },
      );
    }
    adminOnly.push({ kind: 'a password reset token', value: resetToken });

    return {
      account: { id: account.id, username: account.username, password: TEST_PASSWORD, resetToken },
      character,
      requested: { womId: requested.wom_id, updatedAt: requested.updated_at },
      coded,
      deleted,
      privateGoal: privateGoal.id,
      publicGoal: publicGoal.id,
      privateRace: privateRace.id,
      publicRace: publicRace.id,
      claimRequest: claimRequest.id,
      claimCode: { id: claimCode.id, code: claimCode.code },
      event: event.id,
      womPlayer: await womPlayer(`Recruit ${serial}`),
      serial,
    };
  }

  /** Hashes the database holds: no response to anyone carries one. */
  async function storedHashes(): Promise<Secret[]> {
    const passwords = await db.selectFrom('users').select('password_hash').execute();
    const sessions = await db.selectFrom('sessions').select('token_hash').execute();
    const resets = await db.selectFrom('password_resets').select('token_hash').execute();
    return [
      ...passwords.map((row) => ({ kind: 'a password hash', value: row.password_hash })),
      ...sessions.map((row) => ({ kind: 'a session token hash', value: row.token_hash })),
      ...resets.map((row) => ({ kind: 'a reset token hash', value: row.token_hash })),
      { kind: 'an argon2 hash', value: '$argon2' },
    ];
  }

  return {
    async headers(role, mutation) {
      const headers: Record<string, string> = { host: HOST };
      if (role !== 'visitor') headers.cookie = await cookie(role);
      if (mutation) headers.origin = ORIGIN;
      return headers;
    },
    seedWorld,
    async leaks(role, response) {
      const text = `${response.body}\n${JSON.stringify(response.headers)}`;
      const forbidden = [
        ...(await storedHashes()),
        // Cookies the test sent: the server sets new ones, never echoes these.
        ...sessionTokens,
        ...(role === 'admin' ? [] : adminOnly),
        ...(role === 'visitor' || role === 'other' ? ownerPrivate : []),
      ];
      return [
        ...new Set(forbidden.filter((secret) => text.includes(secret.value)).map((secret) => secret.kind)),
      ];
    },
    async settleJobs() {
      for (let poll = 0; poll < 400; poll += 1) {
        const sync = await t.jobs.status(WOM_SYNC, 1);
        const watch = await t.jobs.status(PLAYER_WATCH, 1);
        if (!sync.running && !watch.running) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('a job is still running after 10 seconds');
    },
  };
}
