import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DINK_THRESHOLDS } from '#core/dink/dink.schema.ts';
import { momentOf } from '#core/dink/moments.ts';
import { parseDinkNotification } from '#core/dink/notification.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createTestDatabase, testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { demoAccountHash } from '../demo/demo-dink-posts.ts';
import { demoScreenshot } from '../demo/demo-dink-screenshot.ts';
import { addMember } from '../features/claims/claims.testing.ts';
import { connectDink } from '../features/dink/dink.testing.ts';
import { claimCharacter } from '../features/goals/goals.testing.ts';
import {
  DEFAULT_SITE_URL,
  DINK_USAGE,
  parseDinkArgs,
  postDinkOverHttp,
  postDinkToDatabase,
  UsageError,
  type DinkArgs,
} from './dink-command.ts';

const run = promisify(execFile);
const CAPS = { memberBytes: 10 * 1024 * 1024, siteBytes: 100 * 1024 * 1024 };

let dir: string;
let png: string;
let text: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dink-cli-'));
  png = join(dir, 'shot.png');
  writeFileSync(png, demoScreenshot([200, 120, 40], 1));
  text = join(dir, 'notes.png');
  writeFileSync(text, 'not a picture');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function argsOf(list: string[]): DinkArgs {
  const args = parseDinkArgs(list);
  if (args === 'help') throw new Error('asked for help');
  return args;
}

describe('npm run dink: its arguments', () => {
  it('reads a member and a type in any case, posting to the database', () => {
    expect(parseDinkArgs(['--member', 'Iron Tobi', '--type', 'loot'])).toEqual({
      member: 'Iron Tobi',
      type: 'LOOT',
      image: null,
      http: null,
    });
  });

  it('reads a token, a site, an account hash and an image for a post over HTTP', () => {
    const args = ['--type', 'Pet', '--member', 'Zezima', '--token', 'abc', '--image', 'a.png'];
    expect(parseDinkArgs(args)).toEqual({
      member: 'Zezima',
      type: 'PET',
      image: 'a.png',
      http: { token: 'abc', url: DEFAULT_SITE_URL, accountHash: null },
    });
    expect(parseDinkArgs([...args, '--url', 'http://site:8080', '--account-hash', 'h'])).toMatchObject({
      http: { token: 'abc', url: 'http://site:8080', accountHash: 'h' },
    });
  });

  it('asks for help with --help, whatever else is given', () => {
    expect(parseDinkArgs(['--help'])).toBe('help');
    expect(parseDinkArgs(['--member', 'x', '-h'])).toBe('help');
    expect(DINK_USAGE).toContain('XP_MILESTONE');
  });

  it('refuses an unknown type, a missing value, an unknown argument and HTTP options without a token', () => {
    expect(() => parseDinkArgs(['--member', 'x', '--type', 'SHINY'])).toThrow(
      'Unknown type "SHINY". Types: ',
    );
    expect(() => parseDinkArgs(['--member', 'x', '--type'])).toThrow('--type needs a value');
    expect(() => parseDinkArgs(['--member', '--type', 'loot'])).toThrow('--member needs a value');
    expect(() => parseDinkArgs(['--member', 'x', '--type', 'loot', 'extra'])).toThrow(
      'Unknown argument "extra"',
    );
    expect(() => parseDinkArgs(['--type', 'loot'])).toThrow(UsageError);
    expect(() => parseDinkArgs(['--member', 'x', '--type', 'loot', '--url', 'http://a'])).toThrow(
      '--url and --account-hash go with --token',
    );
  });
});

for (const dialect of testDialects) {
  describe(`${dialect}: npm run dink into the database`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    const deps = () => ({ db: t.database.db, clock: t.clock, imageCaps: CAPS });
    const posts = () =>
      t.database.db
        .selectFrom('dink_posts')
        .select(['wom_id', 'type', 'payload', 'image_id'])
        .orderBy('id')
        .execute();

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await addMember(t, '42', 'Iron Tobi');
    });
    afterEach(async () => t.close());

    it('stores a notable post of the type for the member found by name, new at each run', async () => {
      const args = argsOf(['--member', 'iron tobi', '--type', 'loot']);
      expect(await postDinkToDatabase(deps(), args)).toBe(
        'Stored a LOOT post for Iron Tobi; the site shows it once its moments job has run.',
      );
      t.clock.advance(1000);
      await postDinkToDatabase(deps(), args);
      const stored = await posts();
      expect(stored.map((post) => [post.wom_id, post.type])).toEqual([
        ['42', 'LOOT'],
        ['42', 'LOOT'],
      ]);
      const parsed = parseDinkNotification(JSON.parse(stored[0]!.payload));
      expect(parsed.ok && parsed.notification.playerName).toBe('Iron Tobi');
      expect(parsed.ok && momentOf(parsed.notification, DEFAULT_DINK_THRESHOLDS)).not.toBeNull();
      expect(stored[0]!.payload).not.toBe(stored[1]!.payload);
    });

    it('goes through the receiver for a member with a Dink link, binding it to the account', async () => {
      await claimCharacter(t, roles.userId, '42');
      await connectDink(t, '42', roles.headers('user'));
      const args = { member: 'Iron Tobi', type: 'PET', image: png, http: null };
      expect(await postDinkToDatabase(deps(), args)).toContain(
        'Stored a PET post for Iron Tobi with its image',
      );
      const link = await t.database.db
        .selectFrom('dink_links')
        .select(['account_hash', 'posts'])
        .executeTakeFirstOrThrow();
      expect(link).toEqual({ account_hash: demoAccountHash('42'), posts: 1 });
      expect((await posts())[0]!.image_id).not.toBeNull();
    });

    it('refuses an unknown member, a departed one, a link whose owner no longer has the character, and a file that is not an image', async () => {
      const post = (member: string, image: string | null = null) =>
        postDinkToDatabase(deps(), { member, type: 'LOOT', image, http: null });
      await expect(post('Nobody')).rejects.toThrow('No member named Nobody');
      await addMember(t, '7', 'Gone Fishing', { left_at: '2026-11-01T00:00:00.000Z' });
      await expect(post('gone fishing')).rejects.toThrow('Gone Fishing is no longer a member of the clan');
      await expect(post('Iron Tobi', text)).rejects.toThrow('The file must be a PNG or JPEG image');
      await expect(post('Iron Tobi', join(dir, 'missing.png'))).rejects.toThrow('Cannot read the image');
      await claimCharacter(t, roles.userId, '42');
      await connectDink(t, '42', roles.headers('user'));
      await t.database.db.deleteFrom('player_claims').execute();
      await expect(post('Iron Tobi')).rejects.toThrow('no longer claimed by a member of the clan');
      expect(await posts()).toEqual([]);
    });

    it('posts over HTTP to a Dink address as Dink does, JSON or multipart with the image', async () => {
      await claimCharacter(t, roles.userId, '42');
      const { token } = await connectDink(t, '42', roles.headers('user'));
      const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const http = { token, url, accountHash: null };
      const json = await postDinkOverHttp(
        { member: 'Iron Tobi', type: 'KILL_COUNT', image: null, http },
        t.clock,
      );
      expect(json).toEqual({ status: 202, body: '{"status":"stored"}' });
      t.clock.advance(1000);
      const form = await postDinkOverHttp({ member: 'Iron Tobi', type: 'LOOT', image: png, http }, t.clock);
      expect(form.status).toBe(202);
      const refused = await postDinkOverHttp(
        { member: 'Iron Tobi', type: 'LOOT', image: null, http: { ...http, token: 'A'.repeat(43) } },
        t.clock,
      );
      expect(refused.status).toBe(401);
      const stored = await posts();
      expect(stored.map((post) => [post.type, post.image_id !== null])).toEqual([
        ['KILL_COUNT', false],
        ['LOOT', true],
      ]);
    });
  });
}

describe('npm run dink from the shell', () => {
  it.each(testDialects)('stores a post on the %s database named by DATABASE_URL', async (dialect) => {
    const database = await createTestDatabase(dialect);
    try {
      await database.db
        .insertInto('members')
        .values({ wom_id: '9', name: 'Shell Member', created_at: '2026-01-01', updated_at: '2026-01-01' })
        .execute();
      const { stdout } = await run(
        'npx',
        ['tsx', 'src/server/cli/dink.ts', '--member', 'Shell Member', '--type', 'pet'],
        {
          env: { ...process.env, DATABASE_URL: database.url },
        },
      );
      expect(stdout).toContain('Stored a PET post for Shell Member');
      const rows = await database.db.selectFrom('dink_posts').select(['wom_id', 'type']).execute();
      expect(rows).toEqual([{ wom_id: '9', type: 'PET' }]);
      const unknown = run('npx', ['tsx', 'src/server/cli/dink.ts', '--member', 'Nobody', '--type', 'pet'], {
        env: { ...process.env, DATABASE_URL: database.url },
      });
      await expect(unknown).rejects.toMatchObject({ code: 1, stderr: 'No member named Nobody\n' });
    } finally {
      await database.destroy();
    }
  });
});
