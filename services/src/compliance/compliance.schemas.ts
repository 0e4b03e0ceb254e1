import { z } from 'zod';
import { adminListSchema, brandFilter } from '../orders/order.schemas';
import { UUID } from '../http/server-ids';

const instant = (what: string) =>
  z.iso
    .datetime({ offset: true, error: `${what} must be an ISO 8601 time with an offset, e.g. 2026-11-23T10:00:00Z` })
    .transform((v) => new Date(v))
    .optional()
    .describe('An ISO 8601 time with an offset, e.g. 2026-11-23T10:00:00Z');
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const CURSOR_TEXT = 'before must be a cursor from the previous page';
/** A cursor is a bigint position: nineteen digits can still be past the largest (a 500 at the cast). */
const cursor = z
  .string()
  .regex(/^\d{1,19}$/, CURSOR_TEXT)
  // zod runs the refinement after a failed pattern too: it judges only what the pattern let through.
  .refine((v) => !/^\d{1,19}$/.test(v) || BigInt(v) <= 9_223_372_036_854_775_807n, CURSOR_TEXT)
  .optional()
  .describe("The previous page's `nextBefore`: digits, at most 9223372036854775807");

export const complianceOrdersSchema = z.object({
  search: text(100),
  status: adminListSchema.shape.status,
  tenantId: brandFilter,
  asOf: instant('asOf'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const asOfSchema = z.object({ asOf: instant('asOf') });

const window = {
  from: instant('from'),
  to: instant('to'),
};
const ordered = (v: { from?: Date | undefined; to?: Date | undefined }) => !v.from || !v.to || v.from <= v.to;

export const eventSearchSchema = z
  .object({
    actorId: text(100),
    ip: text(64),
    type: text(100),
    stream: text(200),
    tenantId: brandFilter,
    ...window,
    before: cursor,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(ordered, { path: ['to'], message: 'to must not be before from' })
  .describe('`to` must not be before `from`');

export const accessTrailSchema = z
  .object({ actorId: text(100), ...window, before: cursor, limit: z.coerce.number().int().min(1).max(200).default(50) })
  .refine(ordered, { path: ['to'], message: 'to must not be before from' })
  .describe('`to` must not be before `from`');

/** An order's reference as every screen shows it (`ORD-` and its code), in any case. */
export const ORDER_REFERENCE = /^ORD-[0-9A-Z]{1,32}$/i;

const exportByOrders = z.object({
  // The reference the screens show, or the order's id: the server finds each reference's order in scope.
  orderIds: z
    .array(
      z
        .string()
        .trim()
        .max(100, 'An order reference or id is at most 100 characters')
        .superRefine((v, ctx) => {
          if (!UUID.test(v) && !ORDER_REFERENCE.test(v))
            ctx.addIssue({ code: 'custom', message: `${v.slice(0, 40)} is not an order reference (ORD-…) or an order id` });
        })
        .meta({ pattern: '^\\s*([Oo][Rr][Dd]-[0-9A-Za-z]{1,32}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})\\s*$' })
        .describe("An order's reference (ORD-…, any case) or its id (a UUID, any case); one outside the officer's scope is refused naming it"),
      { error: 'orderIds must be a list of order references or ids' },
    )
    .min(1, 'Name at least one order')
    .max(500, 'At most 500 orders in one export'),
});
const exportByWindow = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 time with an offset' }),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 time with an offset' }),
    tenantId: brandFilter,
  })
  .refine((v) => Date.parse(v.from) < Date.parse(v.to), { path: ['to'], message: 'to must be after from' })
  .describe('The events of a time window (`to` after `from`), of one brand or every brand in scope');

export const exportSchema = z.union([exportByOrders, exportByWindow], { error: 'Give orderIds, or from and to' });
