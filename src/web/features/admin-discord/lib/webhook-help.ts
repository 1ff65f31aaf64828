/** Where an admin finds a webhook URL in Discord. */
export const WEBHOOK_HELP =
  'In Discord: Channel settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.';
