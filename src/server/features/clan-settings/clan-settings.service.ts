import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  AdminClan,
  LadderProposal,
  RanksAnswer,
  pointsInputSchema,
} from '#core/clan/admin-clan.schema.ts';
import type { ClanProfileSettings } from '#core/clan/clan-profile.schema.ts';
import type { ClanPoints, RankLadder } from '#core/clan/rank-ladder.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { listMemberRows } from '../admin-members/admin-members.repository.ts';
import { proposalFor, refreshRankQueue } from '../admin-members/rank-queue.ts';
import { SETTING_KEYS, readClanRules, saveSetting } from './clan-settings.ts';

export interface ClanSettingsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function adminClan(db: Db): Promise<AdminClan> {
  const rules = await readClanRules(db);
  return {
    ranks: rules.ladder,
    points: rules.points,
    profile: rules.profile,
    wom_verification_code_set: rules.womVerificationCodeSet,
  };
}

/**
 * What the ladder would change among the members in the clan: each rank change it would propose
 * (hidden members never mismatch) and the ranks no member holds, in ladder order.
 */
async function ladderEffects(db: Db, ladder: RankLadder, now: Date): Promise<Omit<RanksAnswer, 'saved'>> {
  const members = (await listMemberRows(db)).filter((row) => row.left_at === null);
  const proposals: LadderProposal[] = members.flatMap((row) => {
    const proposal = proposalFor(ladder, row, now);
    return proposal
      ? [
          {
            wom_id: row.wom_id,
            name: row.name,
            from: row.womrole,
            to: proposal.rank,
            direction: proposal.direction,
          },
        ]
      : [];
  });
  proposals.sort((a, b) => a.name.localeCompare(b.name));
  const held = new Set(members.map((row) => row.womrole));
  const unheld = ladder.paths.flatMap((path) =>
    path.ranks.filter((rank) => !held.has(rank.role)).map((rank) => ({ role: rank.role, name: rank.name })),
  );
  return { proposals, unheld };
}

/**
 * Previews a ladder, or saves it: the ladder, every member's proposal recomputed against it and the
 * audit row (before and after) commit together, or nothing does.
 */
export async function putLadder(
  deps: ClanSettingsDeps,
  ladder: RankLadder,
  dryRun: boolean,
  actor: AuditActor,
): Promise<RanksAnswer> {
  const now = deps.clock.now();
  if (dryRun) return { ...(await ladderEffects(deps.db, ladder, now)), saved: false };
  return deps.db.transaction().execute(async (trx) => {
    const before = (await readClanRules(trx)).ladder;
    await saveSetting(trx, SETTING_KEYS.ladder, ladder, now);
    await refreshRankQueue(trx, ladder, now);
    const effects = await ladderEffects(trx, ladder, now);
    await recordAudit(trx, {
      actor,
      action: 'clan.ranks',
      targetType: 'clan',
      targetId: null,
      before,
      after: { ...ladder, proposals: effects.proposals.map((proposal) => proposal.wom_id) },
      at: now,
    });
    return { ...effects, saved: true };
  });
}

export async function putPoints(
  deps: ClanSettingsDeps,
  input: z.output<typeof pointsInputSchema>,
  actor: AuditActor,
): Promise<ClanPoints> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = (await readClanRules(trx)).points;
    const points: ClanPoints = { ...input, buttons: input.buttons ?? before.buttons };
    await saveSetting(trx, SETTING_KEYS.points, points, now);
    await recordAudit(trx, {
      actor,
      action: 'clan.points',
      targetType: 'clan',
      targetId: null,
      before,
      after: points,
      at: now,
    });
    return points;
  });
}

export async function putProfile(
  deps: ClanSettingsDeps,
  input: Partial<ClanProfileSettings>,
  actor: AuditActor,
): Promise<ClanProfileSettings> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = (await readClanRules(trx)).profile;
    const profile: ClanProfileSettings = { ...before, ...input };
    await saveSetting(trx, SETTING_KEYS.profile, profile, now);
    const changed = Object.keys(input) as Array<keyof ClanProfileSettings>;
    await recordAudit(trx, {
      actor,
      action: 'clan.profile',
      targetType: 'clan',
      targetId: null,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: input,
      at: now,
    });
    return profile;
  });
}

/** Stores or forgets the WOM verification code; the audit says only whether one is set, never the code. */
export async function putWomCode(
  deps: ClanSettingsDeps,
  code: string | null,
  actor: AuditActor,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = (await readClanRules(trx)).womVerificationCodeSet;
    await saveSetting(trx, SETTING_KEYS.womVerificationCode, code, now);
    await recordAudit(trx, {
      actor,
      action: 'clan.wom-code',
      targetType: 'clan',
      targetId: null,
      before: { set: before },
      after: { set: code !== null },
      at: now,
    });
    return code !== null;
  });
}
