import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { customerNotification, customerNotifications } from '@desk/projections/read-models/notifications/notifications.queries';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { ServicesDatabase } from '../db/services-database';
import type { AuthEnv } from '../identity/auth.middleware';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { UUID } from '../http/server-ids';
import { notificationJson, notificationJsonSchema, notificationPageSchema, smsStatuses } from './notification-json';
import { decodeCursor, encodeCursor } from '../http/page-cursor';
import { NotificationReads } from './notification-reads';
import { NotificationPreferences } from './notification-preferences';
import { ESSENTIAL } from './sms-decision';
import { NOTICE_KINDS } from './sms-templates';

const PAGE_DEFAULT = 20;
const PAGE_MAX = 50;

const listQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .refine((cursor) => decodeCursor(cursor) !== null, 'Not a cursor this list gave')
    .optional()
    .describe("The previous page's `nextCursor`"),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT).describe(`1 to ${PAGE_MAX}, default ${PAGE_DEFAULT}`),
});

const markReadBody = z
  .object({
    ids: z.array(z.string().regex(UUID, 'Not a notification id')).min(1).max(100).optional().describe('These notifications of yours; left out: every one'),
  })
  .strict();

const preferencesSchema = z.object({
  optionalSms: z.boolean().describe('Whether the optional SMS (payment received, order expired) are sent'),
});

export const preferencesJsonSchema = preferencesSchema.extend({
  essential: z.array(z.enum(NOTICE_KINDS)).describe('Always texted: an order that moved or refused money'),
  optional: z.array(z.enum(NOTICE_KINDS)).describe('Texted unless `optionalSms` is false'),
});
/** What GET and PUT /api/user/notification-preferences answer (the web client's type). */
export type PreferencesJson = z.infer<typeof preferencesJsonSchema>;

const customer = routeGroup({ tag: 'notifications', access: 'user' });
const ownOnly = { 404: "No notification of yours by that id (another customer's is 404 too)" };

export const notificationDeclarations = {
  list: customer.get('/notifications', {
    summary: "The customer's notifications, newest first",
    description: 'What the bell lists: one per change a customer is told about (decision 0040), paged by cursor.',
    query: listQuery,
    answers: { 200: answer('A page of notifications', notificationPageSchema) },
  }),
  one: customer.get('/notifications/{id}', {
    summary: 'One of your notifications',
    answers: { 200: answer('The notification', z.object({ notification: notificationJsonSchema })) },
    refuses: ownOnly,
  }),
  markRead: customer.post('/notifications/read', {
    summary: 'Mark notifications read: the ids given, or all',
    body: markReadBody,
    answers: { 200: answer('Marked; the unread count after it', z.object({ unread: z.number().int(), message: z.string() })) },
    refuses: { 404: 'An id that is not one of your notifications: nothing is marked' },
  }),
  preferences: customer.get('/notification-preferences', {
    summary: 'Which SMS you get',
    answers: { 200: answer('Your choice, and which messages it covers', preferencesJsonSchema) },
  }),
  setPreferences: customer.put('/notification-preferences', {
    summary: 'Turn the optional SMS on or off',
    description: 'An order completed or rejected is always texted; the choice covers payment received and order expired.',
    body: preferencesSchema.strict(),
    answers: { 200: answer('Saved', preferencesJsonSchema.extend({ message: z.string() })) },
  }),
};

const preferencesJson = (optionalSms: boolean) => ({
  optionalSms,
  essential: NOTICE_KINDS.filter((kind) => ESSENTIAL[kind]),
  optional: NOTICE_KINDS.filter((kind) => !ESSENTIAL[kind]),
});

/** A customer's own notifications and SMS choice: mounted at /api/user behind requireUser. */
export function notificationRoutes(db: Kysely<ServicesDatabase>, readModels: Kysely<ReadModelDatabase>) {
  const reads = new NotificationReads(db, readModels);
  const preferences = new NotificationPreferences(db);
  const d = notificationDeclarations;
  return routes<AuthEnv>()
    .openapi(d.list, async (c) => {
      const userId = c.get('user').id;
      const { cursor, limit } = c.req.valid('query');
      const rows = await customerNotifications(readModels, userId, { before: cursor ? decodeCursor(cursor) : null, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const [state, sms] = await Promise.all([
        reads.state(userId),
        smsStatuses(
          db,
          page.map((r) => r.id),
        ),
      ]);
      return c.json(
        {
          items: page.map((row) => notificationJson(row, state, sms.get(row.id))),
          nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.createdAt, page[page.length - 1]!.id) : null,
          unread: await reads.unread(userId, state),
        },
        200,
      );
    })
    .openapi(d.markRead, async (c) => {
      const userId = c.get('user').id;
      const { ids } = c.req.valid('json');
      if (ids) await reads.mark(userId, ids);
      else await reads.markAll(userId);
      return c.json({ unread: await reads.unread(userId, await reads.state(userId)), message: 'Marked as read' }, 200);
    })
    .openapi(d.one, async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      const row = UUID.test(id) ? await customerNotification(readModels, userId, id.toLowerCase()) : null;
      if (!row) throw new NotFoundError('Notification not found');
      const [state, sms] = await Promise.all([reads.state(userId), smsStatuses(db, [row.id])]);
      return c.json({ notification: notificationJson(row, state, sms.get(row.id)) }, 200);
    })
    .openapi(d.preferences, async (c) => c.json(preferencesJson(await preferences.optionalSms(c.get('user').id)), 200))
    .openapi(d.setPreferences, async (c) => {
      const { optionalSms } = c.req.valid('json');
      await preferences.setOptionalSms(c.get('user').id, optionalSms);
      return c.json({ ...preferencesJson(optionalSms), message: 'Notification settings saved' }, 200);
    });
}
