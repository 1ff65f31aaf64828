import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';

describe('sqlite: the Sync tab lists scheduled backups', () => {
  let t: TestApp;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'clan-backups-'));

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      clock: createManualClock('2026-11-28T12:00:00.000Z'),
      env: { BACKUP_DIR: dir },
    });
    await createUser(t, 'Boss', { admin: true });
    admin = await loginAs(t, 'Boss');
  });
  afterAll(async () => t.close());

  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie: admin } })).json<{
      backups: Array<{ name: string; bytes: number; taken_at: string }>;
      stale: boolean;
    }>();

  it('warns while there is no backup', async () => {
    expect(await list()).toEqual({ backups: [], stale: true });
  });

  it('lists backups newest first with size and time, warns only when the newest is over two days old', async () => {
    writeFileSync(join(dir, 'clan-2026-11-25T03-00-00Z.db'), 'older');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    expect(await list()).toMatchObject({
      stale: true,
      backups: [{ name: 'clan-2026-11-25T03-00-00Z.db', bytes: 5 }],
    });
    writeFileSync(join(dir, 'clan-2026-11-27T03-00-00Z.db'), 'newest!');
    expect(await list()).toEqual({
      stale: false,
      backups: [
        { name: 'clan-2026-11-27T03-00-00Z.db', bytes: 7, taken_at: '2026-11-27T03:00:00.000Z' },
        { name: 'clan-2026-11-25T03-00-00Z.db', bytes: 5, taken_at: '2026-11-25T03:00:00.000Z' },
      ],
    });
  });

  it('downloads a listed backup, and nothing else', async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/admin/backups/clan-2026-11-27T03-00-00Z.db',
      headers: { cookie: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="clan-2026-11-27T03-00-00Z.db"');
    expect(file.body).toBe('newest!');
    for (const name of ['notes.txt', '..%2Fclan.db', 'clan-2026-11-26T03-00-00Z.db'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/admin/backups/${name}`, headers: { cookie: admin } }))
          .statusCode,
      ).toBe(404);
  });
});
