import type { Kysely, Transaction } from 'kysely';
import { teamScore, type CompletedLines } from '#core/bingo/bingo-scoring.ts';
import {
  boardView,
  reachedTiles,
  type BoardFacts,
  type BoardInput,
  type BingoBoardView,
} from '#core/bingo/board-view.ts';
import { tileEventsOfPost } from '#core/bingo/dink-drops.ts';
import type { TileEvent } from '#core/bingo/tile-progress.ts';
import type { MemberRef } from '#core/discord/news.ts';
import { screenshotUrls } from '#core/dink/screenshots.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { announce } from '../discord/discord-outbox.ts';
import { memberSharing, sharesPublicly } from '../dink/dink-visibility.ts';
import { boardGains } from './bingo-baselines.ts';
import { findBoard, goalOf, listSettlingBoardIds } from './bingo.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Each tile's Dink events, as the board's checks read them. */
async function eventsByTile(db: Db, boardId: number): Promise<Map<number, TileEvent[]>> {
  const rows = await db
    .selectFrom('bingo_tile_events')
    .select(['tile_id', 'wom_id', 'source_key', 'amount', 'at', 'image_id'])
    .where('board_id', '=', boardId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const byTile = new Map<number, TileEvent[]>();
  for (const row of rows) {
    const list = byTile.get(row.tile_id) ?? [];
    list.push({
      wom_id: row.wom_id,
      amount: Number(row.amount),
      at: new Date(row.at).toISOString(),
      key: row.source_key,
      image_id: row.image_id,
    });
    byTile.set(row.tile_id, list);
  }
  return byTile;
}

/**
 * The completions with their proof, shown only where its member is listed and shares their moments
 * (the tile still counts when not), and the proofs waiting for a referee.
 */
async function decisions(db: Db, boardId: number): Promise<Pick<BoardFacts, 'completions' | 'pending'>> {
  const [completions, pending] = await Promise.all([
    db
      .selectFrom('bingo_completions')
      .leftJoin('members', 'members.wom_id', 'bingo_completions.wom_id')
      .leftJoin('dink_links', 'dink_links.wom_id', 'bingo_completions.wom_id')
      .select((eb) => [
        'bingo_completions.tile_id',
        'bingo_completions.team_id',
        'bingo_completions.image_id',
        sharesPublicly(eb).as('shared'),
      ])
      .where('bingo_completions.board_id', '=', boardId)
      .execute(),
    db
      .selectFrom('bingo_submissions')
      .select(['tile_id', 'team_id'])
      .where('board_id', '=', boardId)
      .where('status', '=', 'pending')
      .execute(),
  ]);
  return {
    completions: completions.map((row) => {
      const urls = screenshotUrls(row.shared ? row.image_id : null);
      return {
        tile_id: row.tile_id,
        team_id: row.team_id,
        proof:
          urls.image_url && urls.thumbnail_url
            ? { full: urls.image_url, thumbnail: urls.thumbnail_url }
            : null,
      };
    }),
    pending,
  };
}

async function boardFacts(db: Db, board: BoardInput): Promise<BoardFacts> {
  const [events, gains, decided] = await Promise.all([
    eventsByTile(db, board.id),
    boardGains(db, board),
    decisions(db, board.id),
  ]);
  return { events, gains, ...decided };
}

/**
 * The board (issue 31's contract) as it stands, for the public (members hidden from it left out of
 * their team's list, though they still play) or its admins; null for a board that does not exist.
 */
export async function readBoardView(
  db: Db,
  id: number,
  audience: 'public' | 'admin' = 'public',
): Promise<BingoBoardView | null> {
  const board = await findBoard(db, id);
  if (!board) return null;
  return boardView(board, await boardFacts(db, board), audience);
}

const lineNames = (lines: CompletedLines): string[] => [
  ...lines.rows.map((row) => `row ${row + 1}`),
  ...lines.columns.map((col) => `column ${col + 1}`),
  ...lines.diagonals.map((diagonal) => (diagonal === 'main' ? 'the diagonal' : 'the other diagonal')),
  ...(lines.board ? ['the whole board'] : []),
];

/** Who a completion names in Discord: a public member only. */
async function publicMember(trx: Transaction<Database>, womId: string | null): Promise<MemberRef | null> {
  if (womId === null) return null;
  const member = await memberSharing(trx, womId);
  return member?.shared ? { wom_id: member.wom_id, name: member.name } : null;
}

/**
 * Records that a team completed a tile, and tells Discord: the tile with its proof, and each bonus
 * line it made. The caller's transaction holds it; an existing completion is left as it is.
 */
export async function completeTile(
  trx: Transaction<Database>,
  board: BoardInput,
  completion: {
    team_id: number;
    tile_id: number;
    wom_id: string | null;
    image_id: number | null;
    submission_id: number | null;
  },
  now: Date,
): Promise<void> {
  const before = await trx
    .selectFrom('bingo_completions')
    .select('tile_id')
    .where('team_id', '=', completion.team_id)
    .execute();
  const done = new Set(before.map((row) => row.tile_id));
  if (done.has(completion.tile_id)) return;
  await trx
    .insertInto('bingo_completions')
    .values({
      board_id: board.id,
      team_id: completion.team_id,
      tile_id: completion.tile_id,
      wom_id: completion.wom_id,
      image_id: completion.image_id,
      submission_id: completion.submission_id,
      completed_at: now.toISOString(),
    })
    .execute();
  const team = board.teams.find((candidate) => candidate.id === completion.team_id);
  const tile = board.tiles.find((candidate) => candidate.id === completion.tile_id);
  // A board over is told once, by its final standings: a late post or decision is not news.
  if (!team || !tile || Date.parse(board.ends_at) <= now.getTime()) return;
  const member = await publicMember(trx, completion.wom_id);
  const ref = { id: board.id, title: board.title };
  await announce(
    trx,
    {
      kind: 'bingo',
      board: ref,
      update: {
        what: 'tile',
        team: team.name,
        tile: tile.title,
        member,
        image_id: member ? completion.image_id : null,
      },
    },
    now,
  );
  const scored = () => teamScore(board.size, board.tiles, (entry) => done.has(entry.id), board.bonuses);
  const scoredBefore = scored();
  done.add(completion.tile_id);
  const scoredAfter = scored();
  const linesBefore = lineNames(scoredBefore.lines);
  const made = lineNames(scoredAfter.lines).filter((line) => !linesBefore.includes(line));
  if (made.length === 0) return;
  const points = scoredAfter.bonus - scoredBefore.bonus;
  await announce(
    trx,
    { kind: 'bingo', board: ref, update: { what: 'bonus', team: team.name, lines: made, points } },
    now,
  );
}

/**
 * Finds the tiles teams reached that the site has not recorded (issue 31): on a board that
 * completes by itself each is recorded at once with its proof; on a refereed board each becomes a
 * proof the site found, waiting in the referee's queue. Returns whether anything changed.
 */
export async function settleBoard(trx: Transaction<Database>, boardId: number, now: Date): Promise<boolean> {
  const board = await findBoard(trx, boardId);
  if (!board) return false;
  const row = await trx
    .selectFrom('bingo_boards')
    .select('review')
    .where('id', '=', boardId)
    .executeTakeFirstOrThrow();
  const [facts, completions, found] = await Promise.all([
    Promise.all([eventsByTile(trx, boardId), boardGains(trx, board)]),
    trx
      .selectFrom('bingo_completions')
      .select(['team_id', 'tile_id'])
      .where('board_id', '=', boardId)
      .execute(),
    trx
      .selectFrom('bingo_submissions')
      .select(['team_id', 'tile_id'])
      .where('board_id', '=', boardId)
      .where('source', '=', 'auto')
      .execute(),
  ]);
  const known = new Set([...completions, ...found].map((entry) => `${entry.team_id}:${entry.tile_id}`));
  const reached = reachedTiles(board, { events: facts[0], gains: facts[1] }, known);
  for (const { team_id, tile, completedBy } of reached) {
    const proof = { wom_id: completedBy?.wom_id ?? null, image_id: completedBy?.image_id ?? null };
    if (row.review === 'auto') {
      await completeTile(trx, board, { team_id, tile_id: tile.id, ...proof, submission_id: null }, now);
      continue;
    }
    const member =
      proof.wom_id ?? board.teams.find((team) => team.id === team_id)?.members[0]?.wom_id ?? null;
    if (member === null) continue;
    await trx
      .insertInto('bingo_submissions')
      .values({
        board_id: boardId,
        tile_id: tile.id,
        team_id,
        wom_id: member,
        user_id: null,
        note: completedBy ? 'Found by the site from Dink' : "Found by the site from Wise Old Man's gains",
        image_id: proof.image_id,
        status: 'pending',
        source: 'auto',
        created_at: now.toISOString(),
      })
      .execute();
  }
  return reached.length > 0;
}

/**
 * Settles the boards running or lately ended (after a sync brought new gains, and the figures at a
 * board's end); bumps the bingo revision if any moved.
 */
export async function settleBingoBoards(trx: Transaction<Database>, now: Date): Promise<void> {
  let changed = false;
  for (const id of await listSettlingBoardIds(trx, now)) if (await settleBoard(trx, id, now)) changed = true;
  if (changed) await bumpRevision(trx, 'bingo');
}

/** The Dink types a tile counts: drops and collection-log slots for items, kill counts for bosses. */
export const COUNTED_TYPES: readonly string[] = ['LOOT', 'COLLECTION', 'KILL_COUNT'];

type BingoPost = { wom_id: string; dedupe_key: string; type: string; payload: unknown; received_at: string };

/** For each board running when the post was made whose teams hold its poster: the post's tile events. */
async function draftsOfPost(trx: Transaction<Database>, post: BingoPost) {
  if (!COUNTED_TYPES.includes(post.type)) return [];
  const at = new Date(post.received_at).toISOString();
  const teams = await trx
    .selectFrom('bingo_team_members')
    .innerJoin('bingo_boards', 'bingo_boards.id', 'bingo_team_members.board_id')
    .select(['bingo_team_members.board_id', 'bingo_team_members.team_id'])
    .where('bingo_team_members.wom_id', '=', post.wom_id)
    .where('bingo_boards.starts_at', '<=', at)
    .where('bingo_boards.ends_at', '>', at)
    .execute();
  const found = [];
  for (const team of teams) {
    const tiles = await trx
      .selectFrom('bingo_tiles')
      .select(['id', 'goal'])
      .where('board_id', '=', team.board_id)
      .execute();
    const drafts = tileEventsOfPost(
      { type: post.type, payload: post.payload, dedupe_key: post.dedupe_key },
      tiles.map((tile) => ({ id: tile.id, goal: goalOf(tile.goal) })),
    );
    if (drafts.length > 0) found.push({ ...team, at, drafts });
  }
  return found;
}

/** Whether a post counts for a running board's tile: the receiver then keeps its screenshot as proof. */
export async function countsForBingo(trx: Transaction<Database>, post: BingoPost): Promise<boolean> {
  return (await draftsOfPost(trx, post)).length > 0;
}

/**
 * What one Dink post tells the boards running when it was posted (issue 31), kept as tile events
 * past the inbox's two days: for each board whose teams hold the poster, the post's items and kill
 * count for that team's tiles, once per post and player; then the board is settled. Returns whether
 * a board kept the post's screenshot as a proof.
 */
export async function recordBingoPost(
  trx: Transaction<Database>,
  post: BingoPost,
  imageId: number | null,
  now: Date,
): Promise<boolean> {
  const found = await draftsOfPost(trx, post);
  for (const { board_id: boardId, team_id: teamId, at, drafts } of found) {
    for (const draft of drafts)
      await trx
        .insertInto('bingo_tile_events')
        .values({ board_id: boardId, team_id: teamId, wom_id: post.wom_id, ...draft, at, image_id: imageId })
        .onConflict((conflict) => conflict.columns(['tile_id', 'wom_id', 'source_key']).doNothing())
        .execute();
    await settleBoard(trx, boardId, now);
  }
  if (found.length > 0) await bumpRevision(trx, 'bingo');
  return found.length > 0 && imageId !== null;
}

/**
 * Counts for a board the Dink posts the moments job had already read when the board was made or a
 * tile was added: those the inbox still holds (two days), by its teams' members inside its window.
 */
export async function countInboxPosts(trx: Transaction<Database>, boardId: number, now: Date): Promise<void> {
  const board = await trx
    .selectFrom('bingo_boards')
    .select(['starts_at', 'ends_at'])
    .where('id', '=', boardId)
    .executeTakeFirst();
  if (!board || Date.parse(board.starts_at) > now.getTime()) return;
  const posts = await trx
    .selectFrom('dink_posts')
    .innerJoin('bingo_team_members', 'bingo_team_members.wom_id', 'dink_posts.wom_id')
    .select([
      'dink_posts.wom_id',
      'dink_posts.dedupe_key',
      'dink_posts.type',
      'dink_posts.payload',
      'dink_posts.received_at',
      'dink_posts.image_id',
    ])
    .where('bingo_team_members.board_id', '=', boardId)
    .where('dink_posts.processed_at', 'is not', null)
    .where('dink_posts.type', 'in', [...COUNTED_TYPES])
    .where('dink_posts.received_at', '>=', board.starts_at)
    .where('dink_posts.received_at', '<', board.ends_at)
    .orderBy('dink_posts.id')
    .execute();
  // Each post recorded settles the boards it counts for.
  for (const post of posts)
    await recordBingoPost(trx, { ...post, payload: readJson(post.payload) }, post.image_id, now);
}
