import type { Kysely } from 'kysely';
import { createBingoInputSchema } from '#core/bingo/bingo.schema.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { tileEventsOfPost } from '#core/bingo/dink-drops.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { readJson } from '../db/values.ts';
import type { AuditActor } from '../features/audit/audit.repository.ts';
import { COUNTED_TYPES } from '../features/bingo/bingo-progress.ts';
import { createBoard } from '../features/bingo/bingo.service.ts';
import { storeImage, type ImageCaps } from '../features/dink/dink-inbox.repository.ts';
import { encodeScreenshot } from '../features/dink/screenshot-encoding.ts';
import { FINISHED_DEMO_BOARD, RUNNING_DEMO_BOARD, type DemoBoardLayout } from './demo-bingo-boards.ts';
import { demoScreenshot } from './demo-dink-screenshot.ts';
import { demoDinkMembers } from './demo-dink.ts';

export interface DemoBingoDeps {
  db: Kysely<Database>;
  clock: Clock;
  imageCaps: ImageCaps;
  seed: number;
}

interface Log {
  info(message: string): void;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TEAMS = 3;
const TEAM_SIZE = 5;
const ACTOR: AuditActor = { userId: null, label: 'demo mode' };
/** The Dink posts a tile can count (the others tell no items or kills). */
/** The colour of a member's proof screenshot: the demo's collection-log green. */
const PROOF_CARD = [40, 130, 90] as const;

interface Window {
  starts_at: string;
  ends_at: string;
}

/**
 * The running board began three days ago on the hour and runs for a week; the finished one ran the
 * week that ended two days before. Both lie inside the demo's fourteen days of Dink history.
 */
export function demoBingoWindows(now: Date): { finished: Window; running: Window } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 3 * DAY_MS;
  const finishedEnd = start - 2 * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    finished: { starts_at: iso(finishedEnd - 7 * DAY_MS), ends_at: iso(finishedEnd) },
    running: { starts_at: iso(start), ends_at: iso(start + 7 * DAY_MS) },
  };
}

/**
 * The members whose Dink posts inside the window count for one of the layout's tiles, most such
 * posts first: put in the teams, they fill tiles from the demo's own posts.
 */
async function postersFor(db: Kysely<Database>, layout: DemoBoardLayout, window: Window) {
  const posts = await db
    .selectFrom('dink_posts')
    .select(['wom_id', 'type', 'payload', 'dedupe_key'])
    .where('type', 'in', [...COUNTED_TYPES])
    .where('received_at', '>=', window.starts_at)
    .where('received_at', '<', window.ends_at)
    .execute();
  const tiles = layout.tiles.map((tile, id) => ({ id, goal: tile.goal }));
  const counts = new Map<string, number>();
  for (const post of posts)
    if (tileEventsOfPost({ ...post, payload: readJson(post.payload) }, tiles).length > 0)
      counts.set(post.wom_id, (counts.get(post.wom_id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([womId]) => womId);
}

/**
 * Three teams of up to five: the window's posters first, dealt in turn so each team has some, then
 * the other members in order.
 */
function teamsOf(layout: DemoBoardLayout, posters: readonly string[], members: readonly string[]) {
  const listed = new Set(members);
  const size = Math.min(TEAM_SIZE, Math.floor(members.length / TEAMS));
  const chosen = [...new Set([...posters.filter((womId) => listed.has(womId)), ...members])].slice(
    0,
    size * TEAMS,
  );
  return layout.teamNames.map((name, team) => ({
    name,
    members: chosen.filter((_, index) => index % TEAMS === team),
  }));
}

async function createDemoBoard(
  deps: DemoBingoDeps,
  layout: DemoBoardLayout,
  window: Window,
  members: readonly string[],
): Promise<BingoBoardView> {
  const posters = await postersFor(deps.db, layout, window);
  const input = createBingoInputSchema.parse({
    title: layout.title,
    description: layout.description,
    ...window,
    size: layout.size,
    codeword: layout.codeword,
    review: 'auto',
    bonuses: layout.bonuses,
    teams: teamsOf(layout, posters, members),
    tiles: layout.tiles,
  });
  return createBoard(deps, input, ACTOR);
}

interface DemoProof {
  board: BingoBoardView;
  tile: string;
  team: number;
  note: string;
  sentAt: Date;
  /** When a referee approved it; null while it waits. */
  approvedAt: Date | null;
}

function proofsOf(finished: BingoBoardView, running: BingoBoardView, now: Date): DemoProof[] {
  const finishedStart = Date.parse(finished.starts_at);
  const day = (days: number, hours: number) => new Date(finishedStart + days * DAY_MS + hours * HOUR_MS);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  return [
    {
      board: finished,
      tile: 'A fire cape',
      team: 0,
      note: 'Jad down!',
      sentAt: day(1, 3),
      approvedAt: day(1, 5),
    },
    {
      board: finished,
      tile: 'A Barrows chest',
      team: 1,
      note: 'Chest opened, nothing good in it',
      sentAt: day(2, 20),
      approvedAt: day(3, 1),
    },
    {
      board: finished,
      tile: 'Team photo at the Grand Exchange',
      team: 2,
      note: 'All of us by the booths',
      sentAt: day(4, 12),
      approvedAt: day(4, 13),
    },
    {
      board: running,
      tile: 'A fire cape',
      team: 0,
      note: 'Fire cape on the first try',
      sentAt: ago(5),
      approvedAt: null,
    },
    {
      board: running,
      tile: 'Team photo at the Grand Exchange',
      team: 1,
      note: 'The whole team on world 302',
      sentAt: ago(1),
      approvedAt: null,
    },
  ];
}

/**
 * Members' screenshot proofs for the manual tiles: on the finished board one approved per team, on
 * the running one two waiting for a referee. Demo mode's members have no accounts, so the proofs
 * are sent from its first admin's account; without an account there are none.
 */
async function addProofs(deps: DemoBingoDeps, finished: BingoBoardView, running: BingoBoardView, now: Date) {
  const account = await deps.db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', true)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!account) return;
  const proofs = proofsOf(finished, running, now);
  const screenshots = await Promise.all(
    proofs.map((_, index) => encodeScreenshot(demoScreenshot(PROOF_CARD, deps.seed ^ (index + 1)))),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (const [index, proof] of proofs.entries()) {
      const tile = proof.board.tiles.find((candidate) => candidate.title === proof.tile);
      const team = proof.board.teams[proof.team];
      const womId = team?.members[0]?.wom_id;
      const screenshot = screenshots[index];
      if (!tile || !team || womId === undefined || !screenshot) continue;
      const sentAt = proof.sentAt.toISOString();
      const imageId = await storeImage(trx, { screenshot, womId, now: sentAt }, deps.imageCaps);
      const decided = proof.approvedAt?.toISOString() ?? null;
      const submission = await trx
        .insertInto('bingo_submissions')
        .values({
          board_id: proof.board.id,
          tile_id: tile.id,
          team_id: team.id,
          wom_id: womId,
          user_id: account.id,
          note: proof.note,
          image_id: imageId,
          status: decided === null ? 'pending' : 'approved',
          source: 'member',
          decided_by: decided === null ? null : account.id,
          decided_at: decided,
          created_at: sentAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Written as a referee's approval writes it, at its time: announcing it now would be old news.
      if (decided !== null)
        await trx
          .insertInto('bingo_completions')
          .values({
            board_id: proof.board.id,
            team_id: team.id,
            tile_id: tile.id,
            wom_id: womId,
            image_id: imageId,
            submission_id: submission.id,
            completed_at: decided,
          })
          .execute();
    }
    await bumpRevision(trx, 'bingo');
  });
}

/**
 * Demo mode's bingo, on a start whose database has no boards yet and has members: a finished board
 * and a running one, three teams each, whose tiles the demo's Dink posts fill (the moments job
 * counts the posts it has yet to read; those it read before are counted here), with members' proofs
 * for the screenshot tiles. Returns how many boards it made.
 */
export async function seedDemoBingo(deps: DemoBingoDeps, log?: Log): Promise<number> {
  const anyBoard = await deps.db.selectFrom('bingo_boards').select('id').limit(1).executeTakeFirst();
  if (anyBoard) return 0;
  const members = (await demoDinkMembers(deps.db)).map((member) => member.womId);
  if (members.length < TEAMS) return 0;
  const now = deps.clock.now();
  const windows = demoBingoWindows(now);
  const finished = await createDemoBoard(deps, FINISHED_DEMO_BOARD, windows.finished, members);
  const running = await createDemoBoard(deps, RUNNING_DEMO_BOARD, windows.running, members);
  await addProofs(deps, finished, running, now);
  log?.info(
    `Demo mode: added the bingo boards "${finished.title}" (finished) and "${running.title}" (running)`,
  );
  return 2;
}
