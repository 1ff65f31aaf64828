// The image on a real Docker engine: it builds from the Dockerfile, runs the demo as a non-root user
// and reports healthy, stops gracefully with its SQLite file whole, keeps every member, account and
// point for the next container on the same volume, and runs with compose.yaml's PostgreSQL.
// Needs the engine and the base images the Dockerfile names (on machines without Docker Hub,
// docker-test/stand-in-images.sh builds stand-ins for them); .ci/run provides both.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process.mjs';
import {
  call,
  compose,
  composeCommand,
  containerState,
  docker,
  health,
  sessionCookie,
  waitFor,
} from './docker.ts';

const IMAGE = 'clan-site:ci';
const VOLUME = 'clan-site-ci-data';
const DEMO = 'clan-site-ci-demo';
const SECOND = 'clan-site-ci-second';
const DEMO_PORT = 4390;
const COMPOSE_PORT = 4391;
const MEGABYTE = 1024 * 1024;
const PASSWORD = 'a long docker secret';

/** Runs the image on the host's network (the engine here has no bridge of its own), on the volume. */
async function runSite(name: string, port: number): Promise<string> {
  await docker([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--volume',
    `${VOLUME}:/data`,
    '--env',
    `PORT=${port}`,
    '--health-interval',
    '2s',
    IMAGE,
  ]);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${name} to answer health`, () => health(origin));
  return origin;
}

interface StoredIds {
  integrity: string;
  members: string[];
  users: number[];
  points: number[];
}

/** Row ids of the tables that hold members, accounts and points, read from the volume's file. */
async function storedIds(): Promise<StoredIds> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database('/data/clan.db', { readonly: true });
    const ids = (table, key) => db.prepare('select ' + key + ' from ' + table + ' order by 1').pluck().all();
    console.log(JSON.stringify({
      integrity: db.pragma('integrity_check', { simple: true }),
      members: ids('members', 'wom_id'), users: ids('users', 'id'), points: ids('points', 'id'),
    }));`;
  const read = [
    'run',
    '--rm',
    '--network',
    'none',
    '--volume',
    `${VOLUME}:/data`,
    IMAGE,
    'node',
    '-e',
    script,
  ];
  return JSON.parse(await docker(read)) as StoredIds;
}

async function errorLines(name: string): Promise<string[]> {
  const logs = await docker(['logs', name]);
  return logs.split('\n').filter((line) => /"level":(5|6)\d/.test(line));
}

async function removeAll(): Promise<void> {
  await docker(['rm', '--force', DEMO, SECOND]).catch(() => '');
  await docker(['volume', 'rm', '--force', VOLUME]).catch(() => '');
}

describe('the container image', () => {
  beforeAll(async () => {
    await removeAll();
    // Host networking for the build too: npm ci reaches the registry as the machine does.
    await docker(['build', '--network', 'host', '--tag', IMAGE, '.']);
  });
  afterAll(removeAll);

  it('is under 250 MB, runs as a non-root user and gives the server the memory settings npm start gives it', async () => {
    const bytes = Number(await docker(['image', 'inspect', '--format', '{{.Size}}', IMAGE]));
    process.stdout.write(`Image size: ${(bytes / MEGABYTE).toFixed(0)} MB\n`);
    expect(bytes).toBeLessThan(250 * MEGABYTE);
    expect(await docker(['run', '--rm', '--network', 'none', IMAGE, 'id', '-u'])).not.toBe('0');
    const env = JSON.parse(
      await docker(['image', 'inspect', '--format', '{{json .Config.Env}}', IMAGE]),
    ) as string[];
    expect(env).toContain(`NODE_OPTIONS=${SERVER_NODE_FLAGS.join(' ')}`);
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(env).toContain(`${name}=${value}`);
  });

  let origin = '';
  let cookie = '';
  let before: StoredIds;

  it('starts the demo clan, answers health and is seen healthy by the engine', async () => {
    origin = await runSite(DEMO, DEMO_PORT);
    expect(await health(origin)).toMatchObject({ status: 'ok', database: { dialect: 'sqlite' } });
    expect(await docker(['exec', DEMO, 'id', '-un'])).toBe('node');
    await waitFor('the engine to see the site healthy', async () =>
      (await containerState(DEMO)).Health?.Status === 'healthy' ? true : undefined,
    );
    const registered = await call(origin, '/api/auth/register', {
      method: 'POST',
      body: { username: 'docker_member', password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(registered.status).toBe(201);
    cookie = sessionCookie(registered);
  });

  it("runs the site's commands with node, as the README says", async () => {
    const backup = await docker(['exec', DEMO, 'node', 'dist/server/backup.js']);
    expect(backup).toContain('/data/backups/');
    const created = await docker(['exec', DEMO, 'node', 'dist/server/admin.js', 'create', 'docker_admin']);
    expect(created).toContain('Created admin "docker_admin"');
    // The generated admin's notice names the command as it runs here: the image has node, not npm.
    expect(await docker(['logs', DEMO])).toContain(
      'Change it with: node dist/server/admin.js reset-password admin',
    );
  });

  it('stops gracefully on docker stop, leaving a whole SQLite file and no error in the log', async () => {
    await docker(['stop', '--time', '60', DEMO]);
    const state = await containerState(DEMO);
    expect(state).toMatchObject({ Running: false, ExitCode: 0, OOMKilled: false });
    expect(await errorLines(DEMO)).toEqual([]);
    before = await storedIds();
    expect(before.integrity).toBe('ok');
    expect(before.members.length).toBeGreaterThanOrEqual(150);
    expect(before.users.length).toBeGreaterThanOrEqual(2);
    expect(before.points.length).toBeGreaterThan(0);
  });

  it('keeps every member, account and point for a second container on the same volume', async () => {
    const second = await runSite(SECOND, DEMO_PORT);
    const signedIn = await call(second, '/api/auth/login', {
      method: 'POST',
      body: { username: 'docker_member', password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect((await call(second, '/api/auth/me', { cookie })).status).toBe(200);
    await docker(['stop', '--time', '60', SECOND]);
    expect((await containerState(SECOND)).ExitCode).toBe(0);
    const after = await storedIds();
    expect(after.integrity).toBe('ok');
    expect(after.members).toEqual(expect.arrayContaining(before.members));
    expect(after.users).toEqual(expect.arrayContaining(before.users));
    expect(after.points).toEqual(expect.arrayContaining(before.points));
  });

  describe('with compose.yaml and its PostgreSQL', () => {
    const project = 'clan-site-ci';
    let dir = '';
    let command: string[] = [];
    const run = (args: string[]) => compose(command, ['--project-name', project, ...args], { cwd: dir });

    beforeAll(async () => {
      command = await composeCommand();
      // The README's two commands, in a folder of their own: the compose file and .env from the example.
      dir = mkdtempSync(join(tmpdir(), 'clan-compose-'));
      copyFileSync('compose.yaml', join(dir, 'compose.yaml'));
      copyFileSync('.env.example', join(dir, '.env'));
      writeFileSync(
        join(dir, '.env'),
        `\nAPP_IMAGE=${IMAGE}\nAPP_PORT=127.0.0.1:${COMPOSE_PORT}\nADMIN_USERNAME=leader\nADMIN_PASSWORD=${PASSWORD}\n`,
        { flag: 'a' },
      );
      await run(['-f', 'compose.yaml', 'down', '--volumes']).catch(() => '');
    });
    afterAll(async () => {
      await run(['-f', 'compose.yaml', 'down', '--volumes']).catch(() => '');
      rmSync(dir, { recursive: true, force: true });
    });

    it('waits for a healthy database, then serves the site from it and keeps what it wrote across a restart', async () => {
      await run(['-f', 'compose.yaml', 'up', '--detach', '--no-build']);
      const site = `http://127.0.0.1:${COMPOSE_PORT}`;
      expect(await waitFor('the compose site to answer health', () => health(site))).toMatchObject({
        status: 'ok',
        database: { dialect: 'postgres' },
      });
      const registered = await call(site, '/api/auth/register', {
        method: 'POST',
        body: { username: 'compose_member', password: PASSWORD, confirm_password: PASSWORD },
      });
      expect(registered.status).toBe(201);

      await run(['-f', 'compose.yaml', 'restart', 'app']);
      await waitFor('the restarted site to answer health', () => health(site));
      const signedIn = await call(site, '/api/auth/login', {
        method: 'POST',
        body: { username: 'compose_member', password: PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const admin = await call(site, '/api/auth/login', {
        method: 'POST',
        body: { username: 'leader', password: PASSWORD },
      });
      expect(admin.status).toBe(200);
      expect(await errorLines(`${project}_app_1`).catch(() => errorLines(`${project}-app-1`))).toEqual([]);
    });

    it("backs its PostgreSQL up without pg_dump and restores the backup by name, as the README's commands do", async () => {
      const site = `http://127.0.0.1:${COMPOSE_PORT}`;
      const taken = await run(['-f', 'compose.yaml', 'exec', '-T', 'app', 'node', 'dist/server/backup.js']);
      const name = /clan-[^\s/]+\.jsonl\.gz/.exec(taken)?.[0];
      expect(name, taken).toBeDefined();
      const later = await call(site, '/api/auth/register', {
        method: 'POST',
        body: { username: 'after_backup', password: PASSWORD, confirm_password: PASSWORD },
      });
      expect(later.status).toBe(201);
      // The listing names the command as it runs here: the image has node, not npm.
      expect(
        await run(['-f', 'compose.yaml', 'exec', '-T', 'app', 'node', 'dist/server/restore.js']),
      ).toContain(`Restore one with: node dist/server/restore.js ${name}`);

      await run(['-f', 'compose.yaml', 'stop', 'app']);
      await run([
        '-f',
        'compose.yaml',
        'run',
        '--rm',
        '-T',
        'app',
        'node',
        'dist/server/restore.js',
        name ?? '',
      ]);
      await run(['-f', 'compose.yaml', 'start', 'app']);
      await waitFor('the restored site to answer health', () => health(site));
      const login = (username: string) =>
        call(site, '/api/auth/login', { method: 'POST', body: { username, password: PASSWORD } });
      expect((await login('compose_member')).status).toBe(200);
      expect((await login('after_backup')).status).toBe(401);
    });
  });
});
