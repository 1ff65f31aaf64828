import type { Interaction } from '#core/discord/interactions.ts';
import type { Config } from '../../config.ts';
import { discordApiRoot, discordRest } from '../discord-home/discord-rest.ts';

/** The answer, when it is ready within `ms`; null when it is not (a deadline of 0 never waits). */
export async function answeredWithin<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  if (ms <= 0) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface FollowUpTarget {
  root: string;
  applicationId: string;
  token: string;
}

/** Where the deferred reply is edited; null when Discord sent no token to edit it with. */
export function followUpTarget(config: Config, interaction: Interaction): FollowUpTarget | null {
  if (!interaction.application_id || !interaction.token) return null;
  return {
    root: discordApiRoot(config.discord.apiBaseUrl),
    applicationId: interaction.application_id,
    token: interaction.token,
  };
}

/** Edits the deferred reply into the answer (the interaction's token authenticates it, no bot token). */
export async function sendFollowUp(target: FollowUpTarget, message: object): Promise<void> {
  await discordRest({
    root: target.root,
    method: 'PATCH',
    path: `/webhooks/${encodeURIComponent(target.applicationId)}/${encodeURIComponent(target.token)}/messages/@original`,
    json: message,
  });
}
