import { describe, expect, it } from 'vitest';
import { backupName, fileTimestamp, parseBackupName } from './backup-names.ts';

const AT = new Date('2026-11-24T18:33:53.123Z');

describe('backup names', () => {
  it('names a backup after the database and the UTC second, without colons', () => {
    expect(fileTimestamp(AT)).toBe('2026-11-24T18-33-53Z');
    expect(backupName('clan', AT, 'db')).toBe('clan-2026-11-24T18-33-53Z.db');
    expect(backupName('siege', AT, 'dump')).toBe('siege-2026-11-24T18-33-53Z.dump');
  });

  it('reads the time back from a name of this database', () => {
    const at = new Date('2026-11-24T18:33:53Z');
    expect(parseBackupName('clan-2026-11-24T18-33-53Z.db', 'clan')).toEqual({ at, kind: 'scheduled' });
    expect(parseBackupName('my-clan-2026-11-24T18-33-53Z.dump', 'my-clan')).toEqual({
      at,
      kind: 'scheduled',
    });
    expect(parseBackupName('siege-2026-11-24T18-33-53Z.jsonl.gz', 'siege')).toEqual({
      at,
      kind: 'scheduled',
    });
  });

  it('marks a backup taken before an upgrade in its name', () => {
    const name = backupName('clan', AT, 'db', 'pre-upgrade');
    expect(name).toBe('clan-pre-upgrade-2026-11-24T18-33-53Z.db');
    expect(parseBackupName(name, 'clan')).toEqual({
      at: new Date('2026-11-24T18:33:53Z'),
      kind: 'pre-upgrade',
    });
  });

  it('knows no other file', () => {
    for (const name of [
      'other-2026-11-24T18-33-53Z.db',
      'clan-old-2026-11-24T18-33-53Z.db',
      'clan-2026-11-24T18-33-53Z.txt',
      'clan-2026-11-24T18-33-53Z.db.123.partial',
      'clan-2026-13-45T18-33-53Z.db',
      'clan.db',
    ])
      expect(parseBackupName(name, 'clan')).toBeNull();
  });
});
