import { describe, expect, it } from 'vitest';
import { siteCommand } from './site-command.ts';

const npmStart = {
  env: { npm_lifecycle_event: 'start' },
  argv: ['/usr/bin/node', '/srv/clan/dist/server/main.js'],
};
const image = { env: {}, argv: ['/usr/local/bin/node', '/app/dist/server/main.js'] };
const sources = { env: {}, argv: ['/usr/bin/node', '/srv/clan/src/server/cli/restore.ts'] };

describe('siteCommand', () => {
  it('names the npm script where npm started the server', () => {
    expect(siteCommand('admin', 'reset-password admin', npmStart)).toBe(
      'npm run admin -- reset-password admin',
    );
    expect(siteCommand('restore', '', npmStart)).toBe('npm run restore');
  });

  it('names the bundle beside the server where node runs a bundle without npm, as the image does', () => {
    expect(siteCommand('admin', 'reset-password admin', image)).toBe(
      'node dist/server/admin.js reset-password admin',
    );
    expect(siteCommand('restore', '', image)).toBe('node dist/server/restore.js');
    expect(
      siteCommand('restore', 'clan.db', { env: {}, argv: ['node', 'C:\\clan\\dist\\server\\restore.js'] }),
    ).toBe('node dist/server/restore.js clan.db');
  });

  it('names the npm script when the sources run, where no bundle may exist', () => {
    expect(siteCommand('admin', 'create Zezima', sources)).toBe('npm run admin -- create Zezima');
  });
});
