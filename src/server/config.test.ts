import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, isDemoMode, loadConfig, loadDotEnv } from './config.ts';

describe('loadConfig', () => {
  it('defaults to demo mode on SQLite at data/clan.db, listening on 127.0.0.1:3000, with the spec clan', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ dialect: 'sqlite', path: 'data/clan.db' });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.clan).toMatchObject({ founded: '2022-04-23', homeWorld: 517 });
    expect(config.clan.requirements).toEqual({ skiller: 400, ironman: 600, regular: 1750 });
    expect(isDemoMode(config)).toBe(true);
    expect(config.firstAdmin).toBeNull();
    expect(config.wom.requestsPerMinute).toBe(20);
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://clan@db:5432/clan' });
    expect(config.database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://clan@db:5432/clan',
    });
  });

  it('uses a real WOM group and the keyed rate limit when both are given', () => {
    const config = loadConfig({ WOM_GROUP_ID: '1234', WOM_API_KEY: 'secret' });
    expect(isDemoMode(config)).toBe(false);
    expect(config.wom).toMatchObject({ groupId: 1234, apiKey: 'secret', requestsPerMinute: 100 });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/clan' }, 'DATABASE_URL'],
    [{ WOM_GROUP_ID: '-3' }, 'WOM_GROUP_ID'],
    [{ CLAN_FOUNDED: '23/04/2022' }, 'CLAN_FOUNDED'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_USERNAME'],
    [{ SYNC_INTERVAL_MINUTES: '0' }, 'SYNC_INTERVAL_MINUTES'],
    [{ LOG_FORMAT: 'yaml' }, 'LOG_FORMAT'],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, 'REQUEST_TIMEOUT_SECONDS'],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: '1.5' }, 'KEEP_ALIVE_TIMEOUT_SECONDS'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [{ DEMO_SIMULATOR_RATE_LIMIT: 'lots' }, 'DEMO_SIMULATOR_RATE_LIMIT'],
    [{ DEMO_SIMULATOR_RATE_LIMIT: '0' }, 'DEMO_SIMULATOR_RATE_LIMIT'],
  ])('stops with a message naming the variable for %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it.each([
    [undefined, 0],
    ['false', 0],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8 , ::1, fd00::/8,loopback ', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s as %o: hops to trust, or the proxies by address', (value, trustProxy) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['everyone', '-1', '1.5', '10.0.0.0/33', '::1/129', '10.0.0.1,', '10.0.0.1/8/8'])(
    'stops with a message naming TRUST_PROXY for %s',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be true, false, a hop count/,
      );
    },
  );

  it.each([
    [undefined, null],
    ['https://clan.example', 'https://clan.example'],
    ['https://Clan.Example:443/', 'https://clan.example'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
  ])('reads PUBLIC_URL=%s as the origin %s', (value, origin) => {
    expect(loadConfig(value === undefined ? {} : { PUBLIC_URL: value }).publicOrigin).toBe(origin);
  });

  it.each([
    'clan.example',
    'ftp://clan.example',
    'https://clan.example/clan',
    'https://clan.example/?a=1',
    'https://me@clan.example',
  ])('stops with a message naming PUBLIC_URL for %s', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });

  it('reads ALLOWED_HOSTS as hosts, and stops with a message naming it for what is no host', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Clan.Example, 192.168.1.10:3000,[::1]:80 ' }).allowedHosts).toEqual([
      'clan.example',
      '192.168.1.10:3000',
      '[::1]',
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'clan.example, https://evil.example/' })).toThrow(
      /ALLOWED_HOSTS: not a host or host:port: https:\/\/evil\.example\//,
    );
  });

  it.each([
    [undefined, { withoutKey: 20, withKey: 100 }],
    ['600', { withoutKey: 600, withKey: 3_000 }],
    ['off', false],
  ])("reads DEMO_SIMULATOR_RATE_LIMIT=%s as the demo WOM's limit %o", (value, limit) => {
    expect(loadConfig({ DEMO_SIMULATOR_RATE_LIMIT: value }).demo.simulatorRateLimit).toEqual(limit);
  });

  it('gives a client 30 s to send a request and keeps an idle connection 5 s', () => {
    expect(loadConfig({}).connections).toMatchObject({ requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
    const set = loadConfig({ REQUEST_TIMEOUT_SECONDS: '2', KEEP_ALIVE_TIMEOUT_SECONDS: '65' }).connections;
    expect(set).toMatchObject({ requestTimeoutMs: 2_000, keepAliveTimeoutMs: 65_000 });
  });

  it.each([
    [{}, 64],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '0' }, 0],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '200' }, 200],
    [{ TRUST_PROXY: 'true' }, 0],
    [{ TRUST_PROXY: '10.0.0.0/8' }, 0],
    [{ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '500' }, 500],
  ])('with %o caps the connections of one peer address at %i (0: no cap)', (env, cap) => {
    expect(loadConfig(env).connections.maxPerAddress).toBe(cap);
  });

  it.each([
    [{}, true, 'pretty'],
    [{}, false, 'json'],
    [{ LOG_FORMAT: 'json' }, true, 'json'],
    [{ LOG_FORMAT: 'pretty' }, false, 'pretty'],
  ])('reads the log format from %o with stdout a terminal: %s, as %s', (env, terminal, format) => {
    expect(loadConfig(env, terminal).logFormat).toBe(format);
  });

  it('treats an empty or blank value of any variable as unset', () => {
    const blank = (value: string) => Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, value]));
    expect(loadConfig(blank(''))).toEqual(loadConfig({}));
    expect(loadConfig(blank('  '))).toEqual(loadConfig({}));
  });

  it('keeps game icons beside the SQLite file, in data/icons with PostgreSQL, or where ICON_CACHE_DIR says', () => {
    expect(loadConfig({}).iconCacheDir).toBe(join('data', 'icons'));
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/clan/clan.db' }).iconCacheDir).toBe(
      '/var/lib/clan/icons',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://clan@db/clan' }).iconCacheDir).toBe(join('data', 'icons'));
    expect(loadConfig({ ICON_CACHE_DIR: '/srv/icons' }).iconCacheDir).toBe('/srv/icons');
  });

  it('ignores NODE_ENV, which the server does not read', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).not.toThrow();
  });
});

describe('loadDotEnv', () => {
  it('reads a .env file without overriding variables already set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clan-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'CLAN_TEST_FROM_FILE=file\nCLAN_TEST_SET_TWICE=file\n');
    process.env.CLAN_TEST_SET_TWICE = 'shell';
    try {
      loadDotEnv(file);
      expect(process.env.CLAN_TEST_FROM_FILE).toBe('file');
      expect(process.env.CLAN_TEST_SET_TWICE).toBe('shell');
    } finally {
      delete process.env.CLAN_TEST_FROM_FILE;
      delete process.env.CLAN_TEST_SET_TWICE;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does nothing when there is no file', () => {
    expect(() => loadDotEnv(join(tmpdir(), 'no-such-dir', '.env'))).not.toThrow();
  });
});

describe('configuration documentation', () => {
  it.each(['.env.example', 'README.md'])('%s lists every variable the server reads', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(CONFIG_VARIABLES.filter((name) => !text.includes(name))).toEqual([]);
  });

  it('starts with the defaults when .env.example is copied to .env unchanged', () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8'));
    // The rest are compose.yaml's own settings, which `cp .env.example .env` hands to it as well.
    const composeOnly = Object.keys(example).filter((name) => !CONFIG_VARIABLES.includes(name as never));
    expect(composeOnly.sort()).toEqual(['APP_IMAGE', 'APP_PORT', 'POSTGRES_PASSWORD']);
    const composeFile = readFileSync('compose.yaml', 'utf8');
    expect(composeOnly.filter((name) => !composeFile.includes(`\${${name}:-${example[name]}}`))).toEqual([]);
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});
