import { z } from 'zod';
import { parseEnv } from '../../platform/src/config/env-schema';

/** `npm run bench -- streams`: how many streams in which steps, how fast orders change, how many client threads. */
export const streamsEnv = parseEnv(
  {
    /** Streams held at each step, in order (each step keeps the last one's open and adds to them); a smoke run holds 20. */
    BENCH_STREAMS_STEPS: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .default('500,1000,2500,5000'),
    /** Orders placed per second while the streams are held; each is rejected a tick later, so twice as many changes. */
    BENCH_STREAMS_ORDERS_PER_SECOND: z.coerce.number().min(0.5).max(200).default(10),
    /** Worker threads holding the streams (the client's side, so it does not become what is measured). */
    BENCH_STREAMS_HOLDERS: z.coerce.number().int().min(1).max(8).default(2),
    /** Print the first few events a stream got twice (the stream, the id, both arrival times), and keep the first stream's raw bytes in /tmp/streams-bench-stream-0.log. */
    BENCH_STREAMS_DEBUG: z.stringbool().default(false),
  },
  process.env,
);
