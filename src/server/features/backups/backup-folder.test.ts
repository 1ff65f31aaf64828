import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '#test/app.ts';
import { backupPath, findBackup, listBackups } from './backup-folder.ts';

describe('the backup folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clan-backup-folder-'));
  const folder = testConfig({ DATABASE_URL: `sqlite:${join(dir, 'data', 'clan.db')}`, BACKUP_DIR: dir });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a backup after the database, in BACKUP_DIR, and lists it newest first', () => {
    const older = backupPath(folder, new Date('2026-11-27T03:00:00Z'), 'db');
    const newer = backupPath(folder, new Date('2026-11-28T03:00:00Z'), 'db');
    expect(newer).toBe(join(dir, 'clan-2026-11-28T03-00-00Z.db'));
    for (const path of [older, newer, join(dir, 'notes.txt'), join(dir, 'other-2026-11-28T03-00-00Z.db')])
      writeFileSync(path, 'x');
    expect(listBackups(folder).map((backup) => backup.name)).toEqual([
      'clan-2026-11-28T03-00-00Z.db',
      'clan-2026-11-27T03-00-00Z.db',
    ]);
  });

  it('names a backup taken in the same second as another after the next free second', () => {
    const at = new Date('2026-11-28T03:00:00Z');
    const second = backupPath(folder, at, 'db');
    expect(second).toBe(join(dir, 'clan-2026-11-28T03-00-01Z.db'));
    writeFileSync(second, 'x');
    expect(backupPath(folder, at, 'db')).toBe(join(dir, 'clan-2026-11-28T03-00-02Z.db'));
    expect(backupPath(folder, at, 'jsonl.gz')).toBe(join(dir, 'clan-2026-11-28T03-00-00Z.jsonl.gz'));
  });

  it('finds a backup by its listed name, or a file by its path, and nothing else', () => {
    expect(findBackup(folder, 'clan-2026-11-27T03-00-00Z.db')).toBe(
      join(dir, 'clan-2026-11-27T03-00-00Z.db'),
    );
    expect(findBackup(folder, join(dir, 'notes.txt'))).toBe(join(dir, 'notes.txt'));
    expect(() => findBackup(folder, 'notes.txt')).toThrow(
      `There is no backup named notes.txt in ${dir}, and no file at that path. Run \`npm run restore\` to list the backups.`,
    );
  });
});
