import { request } from '@playwright/test';
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

/** A plain member on the admin journeys' server, signed up as anyone would. */
async function addPlainMember(): Promise<void> {
  const origin = `http://127.0.0.1:${E2E_ADMIN_PORT}`;
  const api = await request.newContext({ baseURL: origin });
  try {
    const response = await api.post('/api/auth/register', {
      data: { ...E2E_MEMBER, confirm_password: E2E_MEMBER.password },
      headers: { origin },
    });
    if (response.status() !== 201) throw new Error(`signing up ${E2E_MEMBER.username}: ${response.status()}`);
  } finally {
    await api.dispose();
  }
}

export default async function waitForTodaysSync(): Promise<void> {
  await Promise.all([waitForSync(E2E_PORT), waitForSync(E2E_ADMIN_PORT)]);
  await addPlainMember();
}
