import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    migration: z.string().nullable(),
  }),
  last_wom_sync: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
