import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { addMember } from '../claims/claims.testing.ts';

const NOW = '2026-12-01T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: a slash command answered late`, () => {
    let t: TestApp;
    let discord: DiscordStandIn;
    let address: string;

    beforeAll(async () => {
      const clock = createManualClock(NOW);
      discord = await startDiscordStandIn({ clock });
      t = await createTestApp(dialect, {
        clock,
        // Every answer counts as late: the deferral and its follow-up are what this file checks.
        interactionDeferMs: 0,
        env: { DISCORD_API_BASE_URL: discord.url, DISCORD_PUBLIC_KEY: discord.application.publicKeyHex },
      });
      await addMember(t, '101', 'Zezima', { siege_score: 120 });
      address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await t.close();
      await discord.close();
    });

    it("defers within Discord's 3 s, then edits the reply into the answer, pinging no one", async () => {
      const response = await discord.sendInteraction(`${address}/api/discord/interactions`, {
        type: 2,
        token: 'late-leaderboard',
        data: { name: 'leaderboard' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ type: 5 });
      await expect
        .poll(() => discord.interactionReply('late-leaderboard')?.content)
        .toMatch(/^\*\*Siege score leaders\*\*\n1\. \[Zezima\]/);
      const [edit] = discord.received().filter((message) => message.method === 'PATCH');
      expect(edit?.body.allowed_mentions).toEqual({ parse: [] });
    });

    it("defers an answer about the caller's own character so only they see it", async () => {
      const response = await discord.sendInteraction(`${address}/api/discord/interactions`, {
        type: 2,
        token: 'late-points',
        member: { user: { id: '424242' } },
        data: { name: 'points' },
      });
      expect(await response.json()).toEqual({ type: 5, data: { flags: 64 } });
      await expect.poll(() => discord.interactionReply('late-points')?.content).toMatch(/^Name a player/);
      expect(discord.interactionReply('late-points')?.flags).toBe(64);
    });
  });
}
