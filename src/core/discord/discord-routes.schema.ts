import { z } from 'zod';
import { discordKindSchema } from './discord-kinds.ts';
import { routeFiltersSchema } from './route-filters.ts';

/** Routes a site may hold: each is a webhook the delivery job posts to. */
export const MAX_DISCORD_ROUTES = 25;

const kindsSchema = z
  .array(discordKindSchema)
  .max(50)
  .transform((kinds) => [...new Set(kinds)]);

const routeFields = {
  name: z.string().trim().min(1, 'Name the route').max(60, 'Keep the name under 60 characters'),
  /** Checked against Discord's hosts (or DISCORD_API_BASE_URL) by the service. */
  url: z.string().trim().min(1).max(500),
  kinds: kindsSchema,
  enabled: z.boolean(),
  filters: routeFiltersSchema.optional(),
};

export const discordRouteInputSchema = z.object(routeFields).strict();
export type DiscordRouteInput = z.infer<typeof discordRouteInputSchema>;

/** A change to a route: an omitted `url` keeps the stored one. */
export const discordRouteUpdateSchema = z
  .object({ ...routeFields, url: routeFields.url.optional() })
  .strict();
export type DiscordRouteUpdate = z.infer<typeof discordRouteUpdateSchema>;

export const discordRouteParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const discordRouteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The URL masked (`…/webhooks/1234…/****`): the URL itself is a secret never sent back. */
  url_hint: z.string(),
  kinds: z.array(discordKindSchema),
  filters: routeFiltersSchema,
  enabled: z.boolean(),
  /** Why the site stopped the route (Discord no longer knows its webhook); null while it runs. */
  disabled_reason: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
});
export type DiscordRoute = z.infer<typeof discordRouteSchema>;

export const discordTestResultSchema = z.object({
  ok: z.boolean(),
  /** Discord's HTTP status, or null when it could not be reached. */
  discord_status: z.number().int().nullable(),
  /** Discord's answer in words, or why it could not be reached. */
  message: z.string(),
});
export type DiscordTestResult = z.infer<typeof discordTestResultSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dropped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const discordDeliverySchema = z.object({
  id: z.number().int(),
  route_id: z.number().int(),
  kind: z.string(),
  /** A one-line summary of what the message says. */
  summary: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  discord_status: z.number().int().nullable(),
  /** Why the last try did not deliver (Discord's message, a timeout); null once delivered. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type DiscordDelivery = z.infer<typeof discordDeliverySchema>;

export const discordDeliveriesQuerySchema = z.object({
  route_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

/** Deliveries the history lists per request: the latest first. */
export const DELIVERY_HISTORY_LIMIT = 100;
