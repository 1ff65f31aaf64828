/** What demo mode's app and its Discord stand-in process tell each other over their IPC channel. */
import type { CreatedWebhook, StandInApplication } from '#stand-ins/discord/index.ts';
import type { FromDemoProcess } from './demo-process-messages.ts';

/** Where the stand-in listens, and the application the site is configured as. */
export interface DemoDiscordReady {
  url: string;
  application: StandInApplication;
}

/** The app's one request: a webhook for the demo route, answered with its URL. */
export interface CreateWebhook {
  name: string;
}

export type FromDemoDiscord = FromDemoProcess<DemoDiscordReady, CreatedWebhook>;
