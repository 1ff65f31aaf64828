import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/**
 * Tables by name with columns by name: the seed writes the previous release's schema, which is not
 * this version's `Database`, so it names tables and columns as that release had them.
 */
type Tables = Record<string, Record<string, unknown>>;
type Row = Record<string, unknown>;

const json = (value: unknown) => JSON.stringify(value);
/** A clan's week in late 2026, where the previous release was in use. */
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour, 30, 15, 250)).toISOString();

/**
 * Fills every table of a database at the previous release (PREVIOUS_RELEASE) with rows a clan of
 * that release would have: accounts and sessions, members in and out of the clan, seasons, events
 * with results and points (one batch undone), claims, goals and races with their progress, synced
 * WOM data, a bingo board in play, Discord routes and deliveries, and Dink posts with a screenshot.
 * Ids come from the database, as they would have.
 */
export async function seedPreviousRelease(database: Kysely<Database>): Promise<void> {
  const db = database as unknown as Kysely<Tables>;
  // A row at a time: rows name different columns, and SQLite has no DEFAULT for the ones a row leaves out.
  const insert = async (table: string, rows: Row[]) => {
    for (const row of rows) await db.insertInto(table).values(row).execute();
  };
  const ids = async (table: string, rows: Row[]) => {
    const made: number[] = [];
    for (const row of rows) {
      const { id } = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
      made.push(Number(id));
    }
    return made;
  };

  const [admin, ann, bo, cid] = await ids('users', [
    user('Siege Admin', 'siege admin', true, '2022-04-23'),
    user('Ann', 'ann', false, '2024-01-15'),
    user('Bo the Bold', 'bo the bold', false, null),
    user('Cid', 'cid', false, '2025-06-01'),
  ]);
  await insert('sessions', [
    {
      token_hash: 'sha256:5e884898da2804',
      user_id: admin,
      created_at: at(30),
      last_used_at: at(35),
      expires_at: at(60),
    },
    {
      token_hash: 'sha256:a665a45920422f',
      user_id: ann,
      created_at: at(33),
      last_used_at: at(33),
      expires_at: at(63),
    },
  ]);

  await insert('members', [
    member('101', 'Zezima', {
      womrole: 'sapphire',
      current_xp: 4_600_000_000,
      current_lvl: 2277,
      first_xp: 4_100_000_000,
      first_lvl: 2270,
      ehb: 1234.5,
      ehp: 2890.25,
      siege_score: 42,
      join_date: '2022-04-23',
      combat_level: 126,
      baseline_source: 'imported',
    }),
    member('102', 'Lynx Titan', {
      womrole: 'emerald',
      current_xp: 4_600_000_000,
      current_lvl: 2277,
      ehb: 300.75,
      siege_score: 17,
      alt: true,
      build: 'main',
    }),
    member('103', 'Iron Hyger', {
      womrole: 'opal',
      ironman_type: 'hardcore',
      wom_account_type: 'hardcore',
      current_xp: 98_000_000,
      current_lvl: 1790,
      hidden: true,
    }),
    member('104', 'Left Behind', { womrole: 'opal', left_at: at(20), away_until: '2026-12-24' }),
    member('105', 'Deleted Dan', { deleted_at: at(21), not_in_wom: true }),
    member('106', 'Flagged Fred', {
      runewatch_flagged: true,
      runewatch_reported: true,
      runewatch_reported_at: at(10),
      runewatch_case: json({ reason: 'Scamming', evidence_rating: 3 }),
      runewatch_whitelisted: true,
      runewatch_whitelist_reason: 'Known to the clan',
      runewatch_whitelisted_at: at(11),
      runewatch_whitelisted_by: admin,
    }),
  ]);
  await insert('clan_settings', [
    {
      key: 'ladder',
      value: json({
        ranks: [
          { role: 'opal', total_level: 1750 },
          { role: 'sapphire', siege_score: 40 },
        ],
      }),
      updated_at: at(2),
    },
    { key: 'points', value: json({ event_win: 15, event_participation: 5 }), updated_at: at(2) },
  ]);
  await insert('rank_proposals', [{ wom_id: '102', role: 'sapphire', due_since: at(30) }]);
  await insert('audit_log', [
    {
      actor_user_id: admin,
      actor_label: 'Siege Admin',
      action: 'member.rank',
      target_type: 'member',
      target_id: '101',
      before: json({ role: 'emerald' }),
      after: json({ role: 'sapphire' }),
      created_at: at(12),
    },
    {
      actor_user_id: null,
      actor_label: 'WOM sync',
      action: 'member.left',
      target_type: 'member',
      target_id: '104',
      before: null,
      after: json({ left_at: at(20) }),
      created_at: at(20),
    },
  ]);

  const openSeason = Number((await db.selectFrom('seasons').select('id').executeTakeFirstOrThrow()).id);
  const [closedSeason] = await ids('seasons', [
    {
      name: 'Season 2025',
      is_open: false,
      started_at: '2025-01-01T00:00:00.000Z',
      ended_at: '2025-12-31T23:59:59.000Z',
      closed_by: admin,
    },
  ]);
  await insert('season_scores', [
    { season_id: closedSeason, member_wom_id: '101', name: 'Zezima', siege_score: 120 },
    { season_id: closedSeason, member_wom_id: '102', name: 'Lynx Titan', siege_score: 85 },
  ]);

  const [sotw, pvm, social] = await ids('events', [
    {
      name: 'Skill of the Week: Mining',
      type: 'sotw',
      metric: 'mining',
      description: 'Most XP wins',
      start_date: at(16),
      end_date: at(23),
      wom_id: '48213',
      winner_username: 'Zezima',
      points_awarded_at: at(24),
      wom_title: 'SOTW Mining',
      results_at: at(24),
      created_at: at(14),
      updated_at: at(24),
    },
    {
      name: 'Boss of the Week: Vorkath',
      type: 'botw',
      metric: 'vorkath',
      start_date: at(30),
      end_date: at(37),
      wom_id: '48377',
      wom_missing_at: at(31),
      created_at: at(29),
      updated_at: at(31),
    },
    {
      name: 'Clan hangout',
      type: 'social',
      description: 'World 517, Falador park',
      start_date: at(28, 19),
      end_date: at(28, 21),
      manual: true,
      short_event: true,
      before_site: false,
      created_at: at(26),
      updated_at: at(26),
    },
  ]);
  await insert('event_results', [
    {
      event_id: sotw,
      member_wom_id: '101',
      placement: 1,
      gained: 2_500_000,
      points: 15,
      won: true,
      created_at: at(24),
    },
    { event_id: sotw, member_wom_id: '102', placement: 2, gained: 1_900_000, points: 10, created_at: at(24) },
  ]);
  const [batch] = await ids('point_batches', [
    {
      event_id: social,
      reason: 'Clan hangout',
      actor_user_id: admin,
      created_at: at(28, 22),
      undone_at: at(29),
      undone_by: admin,
    },
  ]);
  await insert('points', [
    {
      member_wom_id: '101',
      season_id: openSeason,
      amount: 15,
      reason: 'SOTW 1st place',
      event_id: sotw,
      created_at: at(24),
    },
  ]);
  const [hangout] = await ids('points', [
    {
      member_wom_id: '102',
      season_id: openSeason,
      amount: 2,
      reason: 'Clan hangout',
      event_id: social,
      actor_user_id: admin,
      kind: 'award',
      batch_id: batch,
      created_at: at(28, 22),
    },
  ]);
  await insert('points', [
    {
      member_wom_id: '102',
      season_id: openSeason,
      amount: -2,
      reason: 'Undo: Clan hangout',
      actor_user_id: admin,
      kind: 'undo',
      reverses_id: hangout,
      batch_id: batch,
      created_at: at(29),
    },
    {
      member_wom_id: '101',
      season_id: openSeason,
      amount: 5,
      reason: 'Helped at the hangout',
      actor_user_id: admin,
      kind: 'award',
      created_at: at(29),
    },
  ]);

  const [image] = await ids('dink_images', [
    {
      wom_id: '101',
      content_type: 'image/webp',
      size: 12,
      bytes: Buffer.from('RIFF\u0004\u0000\u0000\u0000WEBP', 'latin1'),
      thumbnail: Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff]),
      created_at: at(33),
    },
  ]);
  const [post] = await ids('dink_posts', [
    {
      wom_id: '101',
      dedupe_key: 'LOOT:vorkath:1764500000',
      type: 'LOOT',
      payload: json({
        type: 'LOOT',
        playerName: 'Zezima',
        extra: {
          source: 'Vorkath',
          items: [{ name: 'Dragonbone necklace', quantity: 1, priceEach: 11_000_000 }],
        },
      }),
      image_id: image,
      received_at: at(33),
      processed_at: at(33),
    },
  ]);
  await insert('dink_links', [
    {
      wom_id: '101',
      user_id: ann,
      token_hash: 'sha256:9f86d081884c7d',
      account_hash: 'acc-7781',
      share_public: true,
      posts: 1,
      created_at: at(25),
      last_post_at: at(33),
    },
  ]);
  await insert('dink_moments', [
    {
      post_id: post,
      wom_id: '101',
      kind: 'drop',
      occurred_at: at(33),
      title: 'Dragonbone necklace',
      details: json({ source: 'Vorkath', quantity: 1 }),
      value: 11_000_000,
      image_id: image,
    },
  ]);
  await insert('dink_personal_bests', [
    { boss: 'Vorkath', team_size: 1, wom_id: '101', time_ms: 71_400, occurred_at: at(33), image_id: image },
  ]);
  await insert('dink_progress', [
    {
      wom_id: '101',
      collection_completed: 1203,
      collection_total: 1568,
      pets: json(['Vorki', 'Heron']),
      updated_at: at(33),
    },
  ]);
  await insert('dink_loot_totals', [
    { season_id: openSeason, wom_id: '101', total_value: 11_000_000, drops: 1 },
  ]);
  await insert('dink_settings', [
    { id: 1, min_loot_value: 1_000_000, min_level: 90, min_xp_milestone: 50_000_000, updated_at: at(5) },
  ]);

  const [board] = await ids('bingo_boards', [
    {
      title: 'Winter Bingo',
      description: 'Two teams, a 2x2 board',
      starts_at: at(25),
      ends_at: at(30, 23),
      size: 2,
      codeword: 'snowfall',
      review: 'referee',
      bonuses: json({ row: 5, column: 5, blackout: 20 }),
      created_by: admin,
      created_at: at(20),
      updated_at: at(25),
      signups: true,
    },
  ]);
  const [tileA, tileB] = await ids('bingo_tiles', [
    {
      board_id: board,
      row: 0,
      col: 0,
      title: 'Vorkath drop',
      icon: 'vorkath',
      points: 3,
      goal: json({ kind: 'drop', items: ['Dragonbone necklace'] }),
    },
    {
      board_id: board,
      row: 0,
      col: 1,
      title: '5M Mining XP',
      icon: 'mining',
      points: 2,
      goal: json({ kind: 'wom', metric: 'mining', gained: 5_000_000 }),
    },
  ]);
  const [red, blue] = await ids('bingo_teams', [
    { board_id: board, name: 'Red' },
    { board_id: board, name: 'Blue' },
  ]);
  await insert('bingo_team_members', [
    { board_id: board, team_id: red, wom_id: '101' },
    { board_id: board, team_id: blue, wom_id: '102' },
  ]);
  await insert('bingo_baselines', [
    {
      board_id: board,
      wom_id: '102',
      values: json({ mining: 13_034_431 }),
      taken_at: at(25),
      final_values: null,
    },
  ]);
  const [submission] = await ids('bingo_submissions', [
    {
      board_id: board,
      tile_id: tileA,
      team_id: red,
      wom_id: '101',
      user_id: ann,
      note: 'Got it on kill 212',
      image_id: image,
      status: 'approved',
      source: 'member',
      decided_by: admin,
      decided_at: at(33, 14),
      created_at: at(33),
    },
  ]);
  await ids('bingo_tile_events', [
    {
      board_id: board,
      tile_id: tileB,
      team_id: blue,
      wom_id: '102',
      source_key: 'wom:mining:2026-11-27',
      label: 'Mining XP',
      amount: 2_100_000,
      at: at(27),
      image_id: null,
    },
  ]);
  await insert('bingo_completions', [
    {
      board_id: board,
      team_id: red,
      tile_id: tileA,
      wom_id: '101',
      image_id: image,
      submission_id: submission,
      completed_at: at(33, 14),
    },
  ]);
  await insert('bingo_referees', [{ board_id: board, user_id: admin }]);
  await insert('bingo_signups', [{ board_id: board, wom_id: '103', user_id: cid, created_at: at(22) }]);
  await ids('bingo_templates', [
    {
      name: 'Classic 5x5',
      layout: json({ size: 5, tiles: [{ row: 0, col: 0, title: 'Any pet' }] }),
      created_by: admin,
      created_at: at(18),
    },
  ]);

  await ids('claim_codes', [
    {
      code: 'K7QX-2MPD',
      wom_id: '103',
      is_claimed: true,
      expires_at: at(40),
      created_by: admin,
      claimed_by: cid,
      claimed_at: at(22),
      created_at: at(21),
    },
  ]);
  await ids('password_resets', [
    {
      user_id: bo,
      token_hash: 'sha256:2c26b46b68ffc6',
      expires_at: at(31),
      used_at: null,
      created_by: admin,
      created_at: at(30),
    },
  ]);
  await ids('player_claims', [
    { user_id: ann, wom_id: '101', claimed_at: at(15) },
    { user_id: cid, wom_id: '103', claimed_at: at(22) },
  ]);
  await ids('claim_requests', [
    {
      user_id: bo,
      wom_id: '102',
      rsn: 'Lynx Titan',
      message: 'My main',
      status: 'pending',
      created_at: at(31),
    },
    {
      user_id: ann,
      wom_id: '106',
      rsn: 'Flagged Fred',
      message: null,
      status: 'denied',
      admin_notes: 'Not yours',
      reviewed_by: admin,
      reviewed_at: at(13),
      created_at: at(12),
    },
  ]);

  const [goal] = await ids('user_goals', [
    {
      user_id: ann,
      wom_id: '101',
      player_name: 'Zezima',
      goal_type: 'experience',
      metric: 'mining',
      target_value: 13_034_431,
      start_value: 10_000_000,
      current_value: 12_500_000,
      start_date: at(15),
      target_date: '2026-12-31',
      public: true,
      created_at: at(15),
    },
  ]);
  await ids('goal_progress', [
    { goal_id: goal, value: 11_000_000, recorded_at: at(20) },
    { goal_id: goal, value: 12_500_000, recorded_at: at(30) },
  ]);
  const [race] = await ids('races', [
    {
      creator_id: ann,
      title: 'Race to 99 Mining',
      description: 'First to 13M',
      public: true,
      end_date: at(40),
      created_at: at(16),
      updated_at: at(16),
    },
  ]);
  const [runner] = await ids('race_participants', [
    {
      race_id: race,
      wom_id: '101',
      player_name: 'Zezima',
      metric: 'mining',
      start_value: 10_000_000,
      current_value: 12_500_000,
      target_value: 13_034_431,
    },
    {
      race_id: race,
      wom_id: '102',
      player_name: 'Lynx Titan',
      metric: 'mining',
      start_value: 13_034_431,
      current_value: 13_034_431,
      target_value: 13_034_431,
    },
  ]);
  await ids('race_progress', [
    { participant_id: runner, value: 11_200_000, recorded_at: at(20) },
    { participant_id: runner, value: 12_500_000, recorded_at: at(30) },
  ]);

  await insert('member_stats', [
    {
      wom_id: '101',
      snapshot: json({ data: { skills: { overall: { experience: 4_600_000_000, level: 2277 } } } }),
      snapshot_at: at(34),
      fetched_at: at(34, 13),
    },
  ]);
  await insert('member_snapshots', [
    { wom_id: '101', day: '2026-11-29', snapshot_at: at(29), exp: 4_599_000_000, ehb: 1230.5, ehp: 2888 },
    { wom_id: '101', day: '2026-11-30', snapshot_at: at(30), exp: 4_600_000_000, ehb: 1234.5, ehp: 2890.25 },
    { wom_id: '102', day: '2026-11-30', snapshot_at: at(30), exp: 4_600_000_000, ehb: 300.75, ehp: 1500 },
  ]);
  await ids('member_returns', [
    {
      wom_id: '102',
      left_at: at(3),
      returned_on: '2026-11-09',
      joined_before: '2023-02-14',
      recorded_at: at(9),
    },
  ]);
  await insert('wom_cache', [
    {
      resource: 'group:4567:details',
      payload: json({ id: 4567, name: 'Siege', memberCount: 6 }),
      fetched_at: at(34),
    },
  ]);
  await ids('achievements', [
    {
      player_wom_id: '101',
      player_name: 'Zezima',
      name: '99 Mining',
      metric: 'mining',
      threshold: 13_034_431,
      achieved_at: at(26),
    },
    {
      player_wom_id: '102',
      player_name: 'Lynx Titan',
      name: '500 Vorkath kills',
      metric: 'vorkath',
      threshold: 500,
      achieved_at: null,
    },
  ]);
  await ids('player_watch_cases', [
    {
      accused_rsn: 'Flagged Fred',
      normalised_rsn: 'flagged fred',
      published_date: at(1),
      reason: 'Scamming',
      evidence_rating: '3',
      quick_find: 'RW-1043',
      source: 'runewatch',
      first_seen_at: at(2),
      removed_at: null,
    },
  ]);
  await ids('sync_runs', [
    {
      kind: 'wom_sync',
      started_at: at(34),
      finished_at: at(34, 13),
      outcome: 'succeeded',
      stage: 'done',
      wom_requests: 4,
      counts: json({ members: 6, joined: 0, left: 1 }),
      triggered_by: null,
    },
    {
      kind: 'backup',
      started_at: at(35),
      finished_at: null,
      outcome: 'failed',
      stage: null,
      error: 'disk full',
      counts: null,
      triggered_by: admin,
    },
  ]);
  await insert('job_leases', [
    { name: 'wom_sync', holder: 'clan-host-4121-1a2b3c4d', acquired_at: at(34), expires_at: at(34, 13) },
  ]);
  await insert('data_revisions', [
    { name: 'members', revision: 57 },
    { name: 'events', revision: 12 },
  ]);
  await insert('rate_limits', [
    { key: 'login:ip:203.0.113.7', failures: 2, pending: 0, window_ends_at: at(35) },
  ]);
  const [route] = await ids('discord_routes', [
    {
      name: 'Clan news',
      url: 'https://discord.com/api/webhooks/1111/abcdef',
      webhook_id: '1111',
      kinds: json(['drop', 'event']),
      filters: json({ min_value: 1_000_000 }),
      enabled: true,
      disabled_reason: null,
      last_delivery_at: at(33),
      created_at: at(5),
      updated_at: at(5),
    },
  ]);
  await ids('discord_deliveries', [
    {
      route_id: route,
      kind: 'drop',
      news: json({ kind: 'drop', wom_id: '101', item: 'Dragonbone necklace' }),
      summary: 'Zezima got a Dragonbone necklace',
      live_event_id: null,
      status: 'delivered',
      discord_status: 204,
      error: null,
      attempts: 1,
      next_attempt_at: at(33),
      created_at: at(33),
      delivered_at: at(33),
    },
  ]);
  await insert('discord_buckets', [{ bucket: 'webhook:1111', blocked_until: at(33, 13) }]);
  await insert('discord_live_messages', [
    { route_id: route, event_id: pvm, message_id: '1313131313131313', updated_at: at(31) },
  ]);
  await insert('news_marks', [{ key: 'anniversary:101:2026', created_at: at(23) }]);
}

function user(username: string, key: string, isAdmin: boolean, joinDate: string | null): Row {
  return {
    username,
    username_key: key,
    username_skeleton: key.replaceAll(' ', ''),
    password_hash: `$argon2id$v=19$m=19456,t=2,p=1$${key.replaceAll(' ', '')}salt$hash`,
    is_admin: isAdmin,
    join_date: joinDate,
    created_at: at(1),
    updated_at: at(2),
  };
}

function member(womId: string, name: string, more: Row): Row {
  return {
    wom_id: womId,
    name,
    wom_name: name.toLowerCase(),
    created_at: at(1),
    updated_at: at(34),
    ...more,
  };
}
