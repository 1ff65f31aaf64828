/**
 * Demo mode's Discord stand-in as a process of its own (dist/server/demo/demo-discord-process.js), on
 * a free port and rate-limited as Discord is, so what it receives does not count in the app's memory.
 * Started by `startDemoDiscord`.
 */
import { startDiscordStandIn, type CreatedWebhook } from '#stand-ins/discord/index.ts';
import type { CreateWebhook, DemoDiscordReady } from './demo-discord-messages.ts';
import { runDemoProcess } from './demo-process-child.ts';

runDemoProcess<object, DemoDiscordReady, CreateWebhook, CreatedWebhook>('demo-discord-process', async () => {
  const standIn = await startDiscordStandIn();
  return {
    ready: { url: standIn.url, application: standIn.application },
    answer: ({ name }) => standIn.createWebhook({ name }),
    close: () => standIn.close(),
  };
});
