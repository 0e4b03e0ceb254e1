import { z } from 'zod';

/** Projection runtime settings, shared by the projector and the all-in-one process. */
export const projectorEnv = {
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(2_000),
  PROJECTION_POLL_MS: z.coerce.number().int().min(100).default(10_000),
  PROJECTION_STANDBY_RETRY_MS: z.coerce.number().int().min(100).default(5_000),
  PROJECTION_GATHER_MS: z.coerce.number().int().min(0).max(1_000).default(20),
};
