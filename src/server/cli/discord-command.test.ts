import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '#test/app.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { standInDiscordEnv } from '../features/discord-home/discord-home.testing.ts';
import { DISCORD_USAGE, parseDiscordArgs, registerFromShell } from './discord-command.ts';

describe('npm run discord', () => {
  it('knows register-commands and help, and refuses anything else with the usage', () => {
    expect(parseDiscordArgs(['register-commands'])).toBe('register-commands');
    expect(parseDiscordArgs([])).toBe('help');
    expect(parseDiscordArgs(['--help'])).toBe('help');
    expect(() => parseDiscordArgs(['register-commands', 'extra'])).toThrow(DISCORD_USAGE);
    expect(() => parseDiscordArgs(['sync-roles'])).toThrow(/^Unknown command: sync-roles/);
  });

  describe('register-commands', () => {
    let t: TestApp;
    let discord: DiscordStandIn;
    beforeAll(async () => {
      discord = await startDiscordStandIn();
      t = await createTestApp('sqlite', { env: standInDiscordEnv(discord) });
    });
    afterAll(async () => {
      await t.close();
      await discord.close();
    });

    it("registers the clan's commands on its server with the stored settings, audited as the shell", async () => {
      const config = testConfig(standInDiscordEnv(discord));
      const said = await registerFromShell({ db: t.database.db, clock: t.clock, config });
      expect(said).toBe(
        "Registered /points, /rank, /leaderboard, /events, /bingo, /whois on the clan's Discord server.",
      );
      expect(discord.registeredCommands(DEMO_GUILD.id)).toHaveLength(6);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['actor_label'])
        .where('action', '=', 'discord.commands')
        .execute();
      expect(audit).toEqual([{ actor_label: 'shell' }]);
    });
  });
});
