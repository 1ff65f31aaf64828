import { describe, expect, it } from 'vitest';
import { backupListing } from './backup-listing.ts';
import { formatAge } from './format-age.ts';

const NOW = new Date('2026-11-28T12:00:00Z');

describe('backupListing', () => {
  it('lists name, size and age, newest first, and says how to pick one', () => {
    const text = backupListing(
      [
        { name: 'clan-2026-11-28T09-00-00Z.db', bytes: 1_500_000, at: new Date('2026-11-28T09:00:00Z') },
        { name: 'clan-2026-11-21T03-00-00Z.db', bytes: 900, at: new Date('2026-11-21T03:00:00Z') },
      ],
      '/srv/backups',
      NOW,
    );
    expect(text.split('\n')).toEqual([
      'Backups in /srv/backups, newest first:',
      '  clan-2026-11-28T09-00-00Z.db      1.4 MB  3 hours ago',
      '  clan-2026-11-21T03-00-00Z.db   900 bytes  7 days ago',
      '',
      'Restore one with: npm run restore -- clan-2026-11-28T09-00-00Z.db',
      '(any name above, or the path of a backup file kept elsewhere)',
    ]);
  });

  it('says where it looked when there is none', () => {
    expect(backupListing([], '/srv/backups', NOW)).toContain('There are no backups in /srv/backups.');
  });
});

describe('formatAge', () => {
  it('says the largest whole unit', () => {
    expect(formatAge(30_000)).toBe('just now');
    expect(formatAge(60_000)).toBe('1 minute ago');
    expect(formatAge(2 * 3_600_000 + 59 * 60_000)).toBe('2 hours ago');
    expect(formatAge(86_400_000)).toBe('1 day ago');
  });
});
