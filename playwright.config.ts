import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';
import { STAND_IN_APP } from './src/stand-ins/discord/application.ts';
import { DEMO_GUILD } from './src/stand-ins/discord/demo-guild.ts';
import { E2E_ADMIN, E2E_ADMIN_PORT, E2E_DISCORD_PORT, E2E_PORT, E2E_SIMULATOR_PORT } from './e2e/fixtures.ts';

/**
 * The production build on a throwaway SQLite file, so every run starts from an empty clan site. The
 * admin journeys get a server and database of their own: they change the clan (a season reset zeroes
 * every score), which must not change what the public journeys see.
 */
function server(port: number, databaseUrl: string, env: Record<string, string> = {}) {
  return {
    command: `node ${process.env.BUILD_DIR ?? 'dist'}/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Each throwaway database keeps its scheduled backups beside it, not in a /tmp/backups shared
      // by every run.
      BACKUP_DIR: join(dirname(databaseUrl.replace(/^sqlite:/, '')), 'backups'),
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Nothing listens there: as on a machine without the internet, every game icon answers 404 and
      // shows its fallback (the icon cache sits beside the throwaway database, so it starts empty).
      ICON_BASE_URL: 'http://127.0.0.1:9/icons',
      ...env,
    },
  };
}

const throwawayDatabase = () => `sqlite:${join(mkdtempSync(join(tmpdir(), 'clan-e2e-')), 'clan.db')}`;

/**
 * The admin server's database, named in the environment so the global setup (in this process) can
 * add the plain member whose refusals the admin journeys check. Workers load this file again and
 * inherit the variable, so they agree on the one database.
 */
function adminDatabaseUrl(): string {
  process.env.E2E_ADMIN_DATABASE_URL ??= throwawayDatabase();
  return process.env.E2E_ADMIN_DATABASE_URL;
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Beside the build, so journeys of two builds running at once keep their own traces.
  outputDir: `test-results/${process.env.BUILD_DIR ?? 'dist'}`,
  fullyParallel: false,
  // The public and the admin journeys each run one at a time on their own server, side by side: both
  // cores, and no two journeys ever change one clan at once.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A bound, not a timing: an accessibility scan of the full roster takes seconds on a busy two-core machine.
  timeout: 60_000,
  // Likewise a bound: with two browsers and two servers on two cores, a page can take a few seconds.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /admin\//,
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'admin',
      testMatch: /admin\/.*\.spec\.ts/,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
        baseURL: `http://127.0.0.1:${E2E_ADMIN_PORT}`,
      },
    },
  ],
  webServer: [
    // Demo mode as shipped: its WOM allows WOM's own 20 requests a minute, and the site paces to it.
    server(E2E_PORT, throwawayDatabase(), { DEMO_SIMULATOR_RATE_LIMIT: '20' }),
    server(E2E_ADMIN_PORT, adminDatabaseUrl(), {
      DEMO_SIMULATOR_PORT: String(E2E_SIMULATOR_PORT),
      DEMO_SIMULATOR_CONTROL: 'true',
      // Sync Progress asks WOM at once, so a journey sees the XP it just gave a player.
      WOM_PLAYER_CACHE_SECONDS: '0',
      // WOM's 20 a minute would make the journeys wait on it: neither the site nor its WOM limits.
      WOM_REQUESTS_PER_MINUTE: '600',
      DEMO_SIMULATOR_RATE_LIMIT: 'off',
      // Routes post to the stand-in below, whose webhook URLs the server then accepts; the delivery
      // job runs each second, so a journey sees news arrive without waiting.
      DISCORD_API_BASE_URL: `http://127.0.0.1:${E2E_DISCORD_PORT}`,
      DISCORD_DELIVERY_INTERVAL_SECONDS: '1',
      // The stand-in's fixed application and server: Discord sign-in, roles and commands, offline.
      DISCORD_APPLICATION_ID: STAND_IN_APP.id,
      DISCORD_PUBLIC_KEY: STAND_IN_APP.publicKeyHex,
      DISCORD_CLIENT_SECRET: STAND_IN_APP.clientSecret,
      DISCORD_BOT_TOKEN: STAND_IN_APP.botToken,
      DISCORD_GUILD_ID: DEMO_GUILD.id,
      DISCORD_OAUTH_AUTHORIZE_URL: `http://127.0.0.1:${E2E_DISCORD_PORT}/oauth2/authorize`,
    }),
    // Discord as the admin journeys see it: takes any pasted webhook, and shows what arrived.
    {
      command: `npm run discord-stand-in -- --port ${E2E_DISCORD_PORT} --control`,
      url: `http://127.0.0.1:${E2E_DISCORD_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});
