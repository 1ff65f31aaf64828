import { request } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { E2E_ADMIN_PORT, E2E_MEMBER, E2E_PORT } from './fixtures.ts';

/**
 * The server answers as soon as it listens, while demo mode is still syncing the simulated clan
 * (a month of history, then today). Journeys start once today's sync has finished.
 */
async function waitForSync(port: number): Promise<void> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      const health = (await (await api.get('/api/health')).json()) as { last_wom_sync: string | null };
      const synced =
        health.last_wom_sync !== null && Date.now() - Date.parse(health.last_wom_sync) < 60 * 60_000;
      if (synced) return;
      if (Date.now() > deadline)
        throw new Error(`the demo clan on port ${port} was not synced within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await api.dispose();
  }
}

/**
 * A plain member on the admin journeys' server, made with the shell's admin command as a clan leader
 * would (created as an admin, then revoked), until the site lets people sign up.
 */
function addPlainMember(): void {
  const env = { ...process.env, DATABASE_URL: process.env.E2E_ADMIN_DATABASE_URL, LOG_LEVEL: 'silent' };
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
      env,
      stdio: 'pipe',
    });
  admin('create', E2E_MEMBER.username, '--password', E2E_MEMBER.password);
  admin('revoke', E2E_MEMBER.username);
}

export default async function waitForTodaysSync(): Promise<void> {
  await Promise.all([waitForSync(E2E_PORT), waitForSync(E2E_ADMIN_PORT)]);
  addPlainMember();
}
