import { CliError, parseDiscordStandInCli, USAGE } from './cli-args.ts';
import { startDiscordStandIn, type ReceivedMessage } from './index.ts';

const write = (text: string) => process.stdout.write(`${text}\n`);

/** One line per arrival: enough to see a route work without a Discord account. */
function describe(message: ReceivedMessage): string {
  const embeds = Array.isArray(message.body.embeds) ? message.body.embeds.length : 0;
  const content = typeof message.body.content === 'string' ? message.body.content.replace(/\s+/g, ' ') : '';
  const preview = content.length > 80 ? `${content.slice(0, 79)}…` : content;
  const files = message.attachments.map((file) => `${file.filename} (${file.size} bytes)`).join(', ');
  return `${message.receivedAt} ${message.method} webhook ${message.webhookId} message ${message.messageId}: ${embeds} embed(s) ${JSON.stringify(preview)}${files ? ` files: ${files}` : ''}`;
}

/** `npm run discord-stand-in`: serves Discord's webhook API locally until Ctrl+C, logging what arrives. */
async function main(): Promise<void> {
  const cli = parseDiscordStandInCli(process.argv.slice(2));
  if (cli.help) {
    write(USAGE);
    return;
  }
  const standIn = await startDiscordStandIn({
    ...cli.options,
    onReceived: (message) => write(describe(message)),
  });
  const webhook = standIn.createWebhook({ name: 'Clan news' });
  write(
    [
      'Discord stand-in listening',
      `  address:              ${standIn.url} (webhooks under /api/webhooks/)`,
      `  a webhook to paste:   ${webhook.url}`,
      cli.options.acceptUnknownWebhooks === false
        ? '  other webhooks:       404 Unknown Webhook (--strict)'
        : `  other webhooks:       any ${standIn.url}/api/webhooks/<digits>/<token> is taken on first use`,
    ].join('\n'),
  );
  const stop = () => {
    standIn.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n${error instanceof CliError ? `${USAGE}\n` : ''}`);
  process.exit(1);
});
