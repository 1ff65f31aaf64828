import type { Kysely } from 'kysely';
import type {
  CharacterDink,
  DinkMomentKind,
  FeedItem,
  FeedPage,
  LootBoard,
  PersonalBestBoard,
} from '#core/dink/dink.schema.ts';
import { screenshotUrls } from '#core/dink/screenshots.ts';
import { rankByValue } from '#core/ranking/competition-ranking.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { sharesPublicly } from './dink-visibility.ts';

function publicMoments(db: Kysely<Database>) {
  return db
    .selectFrom('dink_moments')
    .innerJoin('members', 'members.wom_id', 'dink_moments.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_moments.wom_id')
    .select([
      'dink_moments.id',
      'dink_moments.kind',
      'dink_moments.wom_id',
      'members.name',
      'dink_moments.occurred_at',
      'dink_moments.title',
      'dink_moments.details',
      'dink_moments.value',
      'dink_moments.image_id',
    ])
    .where(sharesPublicly);
}

type MomentRow = Awaited<ReturnType<ReturnType<typeof publicMoments>['execute']>>[number];

function toFeedItem(row: MomentRow): FeedItem {
  return {
    id: row.id,
    kind: row.kind as DinkMomentKind,
    wom_id: row.wom_id,
    player_name: row.name,
    occurred_at: row.occurred_at,
    title: row.title,
    details: row.details,
    value: row.value === null ? null : Number(row.value),
    ...screenshotUrls(row.image_id),
  };
}

/** Public moments, newest first, from before the cursor (the last id of the page before). */
export async function readFeedPage(
  db: Kysely<Database>,
  query: { limit: number; cursor?: string; kind?: DinkMomentKind; wom_id?: string },
): Promise<FeedPage> {
  let select = publicMoments(db);
  if (query.cursor !== undefined) select = select.where('dink_moments.id', '<', Number(query.cursor));
  if (query.kind !== undefined) select = select.where('dink_moments.kind', '=', query.kind);
  if (query.wom_id !== undefined) select = select.where('dink_moments.wom_id', '=', query.wom_id);
  const rows = await select
    .orderBy('dink_moments.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit).map(toFeedItem);
  const more = rows.length > query.limit;
  return { items, next_cursor: more ? String(items[items.length - 1]!.id) : null };
}

/** The places a board lists; everyone tied at the last one is listed too. */
const BOARD_SIZE = 100;

/** The board of one boss and team size (the first boss with a time, solo first, by default). */
export async function readPersonalBests(
  db: Kysely<Database>,
  query: { boss?: string; team_size?: number },
): Promise<PersonalBestBoard> {
  const shared = await db
    .selectFrom('dink_personal_bests')
    .innerJoin('members', 'members.wom_id', 'dink_personal_bests.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_personal_bests.wom_id')
    .select(['dink_personal_bests.boss', 'dink_personal_bests.team_size'])
    .where(sharesPublicly)
    .groupBy(['dink_personal_bests.boss', 'dink_personal_bests.team_size'])
    .orderBy('dink_personal_bests.boss')
    .orderBy('dink_personal_bests.team_size')
    .execute();
  const bosses: PersonalBestBoard['bosses'] = [];
  for (const row of shared) {
    const last = bosses[bosses.length - 1];
    if (last?.boss === row.boss) last.team_sizes.push(row.team_size);
    else bosses.push({ boss: row.boss, team_sizes: [row.team_size] });
  }
  const boss = bosses.find((entry) => entry.boss === (query.boss ?? bosses[0]?.boss));
  const teamSize = boss && (query.team_size ?? boss.team_sizes[0]!);
  if (!boss || teamSize === undefined || !boss.team_sizes.includes(teamSize)) {
    return {
      bosses,
      boss: query.boss ?? boss?.boss ?? null,
      team_size: query.team_size ?? null,
      entries: [],
    };
  }
  const rows = await db
    .selectFrom('dink_personal_bests')
    .innerJoin('members', 'members.wom_id', 'dink_personal_bests.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_personal_bests.wom_id')
    .select([
      'dink_personal_bests.wom_id',
      'members.name',
      'dink_personal_bests.time_ms',
      'dink_personal_bests.occurred_at',
      'dink_personal_bests.image_id',
    ])
    .where('dink_personal_bests.boss', '=', boss.boss)
    .where('dink_personal_bests.team_size', '=', teamSize)
    .where(sharesPublicly)
    .orderBy('dink_personal_bests.time_ms')
    .orderBy('dink_personal_bests.occurred_at')
    .execute();
  return {
    bosses,
    boss: boss.boss,
    team_size: teamSize,
    // Equal times share a place, the first to set it listed first.
    entries: rankByValue(rows, (row) => row.time_ms, { lowestFirst: true, top: BOARD_SIZE }).map(
      ({ item: row, rank }) => ({
        rank,
        wom_id: row.wom_id,
        player_name: row.name,
        time_ms: row.time_ms,
        occurred_at: row.occurred_at,
        ...screenshotUrls(row.image_id),
      }),
    ),
  };
}

export async function readLootBoard(db: Kysely<Database>): Promise<LootBoard> {
  const season = await db
    .selectFrom('seasons')
    .select(['id', 'name', 'started_at'])
    .where('is_open', '=', true)
    .executeTakeFirst();
  if (!season) return { season: null, entries: [] };
  const rows = await db
    .selectFrom('dink_loot_totals')
    .innerJoin('members', 'members.wom_id', 'dink_loot_totals.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_loot_totals.wom_id')
    .select([
      'dink_loot_totals.wom_id',
      'members.name',
      'dink_loot_totals.total_value',
      'dink_loot_totals.drops',
    ])
    .where('dink_loot_totals.season_id', '=', season.id)
    .where(sharesPublicly)
    .orderBy('dink_loot_totals.total_value', 'desc')
    .orderBy('members.name')
    .execute();
  return {
    season,
    entries: rankByValue(rows, (row) => Number(row.total_value), { top: BOARD_SIZE }).map(
      ({ item: row, rank }) => ({
        rank,
        wom_id: row.wom_id,
        player_name: row.name,
        total_value: Number(row.total_value),
        drops: row.drops,
      }),
    ),
  };
}

const CHARACTER_MOMENTS = 10;

/** What the character page shows from the game; empty for a private or unlisted character. */
export async function readCharacterDink(db: Kysely<Database>, womId: string): Promise<CharacterDink> {
  const progress = await db
    .selectFrom('dink_progress')
    .innerJoin('members', 'members.wom_id', 'dink_progress.wom_id')
    .leftJoin('dink_links', 'dink_links.wom_id', 'dink_progress.wom_id')
    .select(['dink_progress.collection_completed', 'dink_progress.collection_total', 'dink_progress.pets'])
    .where('dink_progress.wom_id', '=', womId)
    .where(sharesPublicly)
    .executeTakeFirst();
  const { items } = await readFeedPage(db, { limit: CHARACTER_MOMENTS, wom_id: womId });
  const completed = progress?.collection_completed ?? null;
  const total = progress?.collection_total ?? null;
  const collection = completed !== null && total !== null ? { completed, total } : null;
  return { collection, pets: readJson<string[]>(progress?.pets ?? '[]') ?? [], moments: items };
}
