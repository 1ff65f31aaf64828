import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from '#test/databases.ts';
import { tablesAsText, wipeSchema } from '#test/postgres-rows.ts';
import { PREVIOUS_RELEASE, previousReleaseMigrations } from '#test/previous-release.ts';
import { onServer } from '#test/postgres-server.ts';
import { migrateToLatest } from './migrator.ts';
import { migrations } from './migrations/index.ts';
import { backupPostgres } from './postgres-backup.ts';
import { exportPostgres } from './postgres-export.ts';
import { restorePostgres } from './postgres-restore.ts';

const NOW = new Date('2026-11-24T18:33:53Z');

/** Rows whose values a backup must keep exactly: microseconds, 64-bit XP, JSON, bytes, odd text. */
const SEED = `
  insert into users (username, username_key, password_hash, is_admin, created_at, updated_at) values
    ('Ann', 'ann', 'argon2id$v=19$x', true, '2026-01-02 03:04:05.678901+00', now()),
    ('Bo "the" Bold', 'bo', 'h', false, now(), now());
  insert into members (wom_id, name, current_xp, ehb, hidden, runewatch_case, created_at, updated_at)
    select g::text, 'Member ' || g, 4600000000 + g, g * 1.25, g % 2 = 0,
      case when g % 100 = 0 then '{"reason": "x", "tags": ["a", null]}'::jsonb end, now(), now()
    from generate_series(1, 1234) g;
  insert into members (wom_id, name, title, created_at, updated_at)
    values ('odd', E'Tab\\tNew\\nline \\u2603 \\\\ back', '', now(), now());
  insert into events (name, created_at, updated_at) values ('SOTW', now(), now());
  insert into points (member_wom_id, season_id, amount, reason, event_id, kind, created_at)
    select '1', (select id from seasons limit 1), 5, 'award', (select id from events limit 1), 'award', now();
  insert into points (member_wom_id, season_id, amount, reason, kind, reverses_id, created_at)
    select member_wom_id, season_id, -5, 'undo', 'undo', id, now() from points;
  insert into audit_log (actor_user_id, actor_label, action, target_type, before, after, created_at)
    values (1, 'Ann', 'member.update', 'member', '{"a": 1}', '{"a": [1, 2, {"b": null}]}', now());
  insert into dink_images (wom_id, content_type, size, bytes, thumbnail, created_at)
    values ('1', 'image/webp', 4, '\\x00ff10fe', '\\x', now());
`;

describe('postgres: the logical export, without pg_dump', () => {
  let source: TestDatabase;
  let target: TestDatabase | null;
  let dir: string;
  /** A PATH on which there is no pg_dump. */
  let noTools: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clan-pg-export-'));
    noTools = join(dir, 'bin');
    mkdirSync(noTools);
    source = await createTestDatabase('postgres');
    target = null;
  });
  afterEach(async () => {
    await source.destroy();
    await target?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const backUp = () =>
    backupPostgres(source.url, (extension) => join(dir, `clan-2026-11-24T18-33-53Z.${extension}`), NOW, {
      searchPath: noTools,
    });

  it('writes every table, verified, and restores every row exactly into a wiped database', async () => {
    await onServer(source.url, SEED);
    const backup = await backUp();
    expect(backup).toMatchObject({
      path: join(dir, 'clan-2026-11-24T18-33-53Z.jsonl.gz'),
      format: 'postgres_export',
      rows: expect.objectContaining({ members: 1235, points: 2, users: 2, dink_images: 1 }),
    });
    const before = await tablesAsText(source.url);
    await source.close();
    await wipeSchema(source.url);

    const restored = await restorePostgres(source.url, backup.path, dir, NOW);
    expect(restored).toMatchObject({ migration: Object.keys(migrations).at(-1), keptAside: null });
    expect(await tablesAsText(source.url)).toEqual(before);
    // The sequences moved past the restored ids.
    await onServer(
      source.url,
      `insert into users (username, password_hash, created_at, updated_at) values ('New', 'h', now(), now())`,
    );
    expect((await tablesAsText(source.url)).users).toContainEqual(expect.stringContaining('"id":"3"'));
  });

  it('restores an export of the previous release into a newer database and migrates it forward', async () => {
    const older = await createEmptyTestDatabase('postgres');
    try {
      await migrateToLatest(older, previousReleaseMigrations);
      await onServer(older.url, SEED);
      const exported = await exportPostgres(older.url, join(dir, 'older.jsonl.gz'), NOW);
      const members = (await tablesAsText(older.url)).members;

      target = await createTestDatabase('postgres');
      await onServer(
        target.url,
        `insert into members (wom_id, name, created_at, updated_at) values ('gone', 'Gone', now(), now())`,
      );
      await target.close();
      const restored = await restorePostgres(target.url, exported.path, dir, NOW);
      expect(restored.migration).toBe(PREVIOUS_RELEASE);
      expect(restored.keptAside).toMatch(/\.before-restore-2026-11-24T18-33-53Z\.(dump|jsonl\.gz)$/);
      const after = await tablesAsText(target.url);
      expect(after.members).toEqual(members);
      expect(after.kysely_migration!.map((row) => JSON.parse(row).name as string).sort()).toEqual(
        Object.keys(migrations).sort(),
      );
      // The later migration's column is there, with its default for the restored accounts.
      expect(after.users).toContainEqual(expect.stringContaining('"discord_mention_opt_in":"f"'));
    } finally {
      await older.destroy();
    }
  });

  it('refuses an export cut short, rolling back, and changes nothing', async () => {
    await onServer(source.url, SEED);
    const backup = await backUp();
    const bytes = readFileSync(backup.path);
    writeFileSync(backup.path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const before = await tablesAsText(source.url);
    await source.close();
    await expect(restorePostgres(source.url, backup.path, dir, NOW)).rejects.toThrow(
      /^Nothing was restored: /,
    );
    expect(await tablesAsText(source.url)).toEqual(before);
  });

  it('refuses to export a database without the migrations table, leaving no file', async () => {
    const empty = await createEmptyTestDatabase('postgres');
    try {
      await sql`create table notes (body text)`.execute(empty.db);
      await expect(exportPostgres(empty.url, join(dir, 'notes.jsonl.gz'), NOW)).rejects.toThrow(
        'has no migrations table',
      );
      expect(readdirSync(dir)).toEqual(['bin']);
    } finally {
      await empty.destroy();
    }
  });
});
