import { z } from 'zod';
import { NOTICE_KINDS, type CustomerNotice, type NoticeKind } from '@desk/projections/read-models/notifications/customer-notices';
import { fillTemplate, placeholdersOf } from '../sms/sms-template';

export { NOTICE_KINDS, type NoticeKind };

const COMMON = ['brand', 'ref', 'inr', 'usdt', 'network'] as const;

/** The placeholders each message offers: a template may use these and no others. */
export const PLACEHOLDERS: Readonly<Record<NoticeKind, readonly string[]>> = {
  payment_verified: COMMON,
  buy_completed: [...COMMON, 'tx_hash'],
  sell_completed: [...COMMON, 'utr'],
  rejected: [...COMMON, 'reason'],
  expired: COMMON,
};

/**
 * What a brand's customers get until the operator registers the brand's own. Plain ASCII ("Rs", not
 * the rupee sign): one character outside GSM-7 makes the whole SMS UCS-2, twice the parts.
 */
export const DEFAULT_TEMPLATES: Readonly<Record<NoticeKind, string>> = {
  payment_verified: '{{brand}}: we have received your payment for order {{ref}}. We will process it shortly.',
  buy_completed: '{{brand}}: order {{ref}} is complete. {{usdt}} USDT was sent to your wallet. Transaction: {{tx_hash}}',
  sell_completed: '{{brand}}: order {{ref}} is complete. Rs {{inr}} was sent to your bank account. UTR: {{utr}}',
  rejected: '{{brand}}: order {{ref}} was rejected. {{reason}}',
  expired: '{{brand}}: order {{ref}} expired because no payment arrived in time. Place a new order if you still want to trade.',
};

/** One message as the operator registered it on DLT. */
export interface MessageTemplate {
  text: string;
  dltTemplateId: string | null;
}

/** A brand's SMS settings: its DLT entity and sender ids, and the messages it registered (others: the defaults). */
export interface BrandSmsTemplates {
  dltEntityId: string | null;
  senderId: string | null;
  templates: Partial<Record<NoticeKind, MessageTemplate>>;
}

export const NO_BRAND_TEMPLATES: BrandSmsTemplates = { dltEntityId: null, senderId: null, templates: {} };

// DLT ids are long numbers (19 digits today); a header is 6 characters, up to 11 abroad.
const DLT_ID = z
  .string()
  .trim()
  .regex(/^\d{6,30}$/, 'A DLT id is digits only (6 to 30)');
const SENDER_ID = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3,11}$/, 'A sender id is 3 to 11 letters or digits');
const TEXT_MAX = 900;

const messageSchema = (kind: NoticeKind) =>
  z.object({
    text: z
      .string()
      .trim()
      .min(1, 'Please enter the message')
      .max(TEXT_MAX, `At most ${TEXT_MAX} characters`)
      .superRefine((text, ctx) => {
        const unknown = [...new Set(placeholdersOf(text))].filter((name) => !PLACEHOLDERS[kind].includes(name));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `This message may only use ${PLACEHOLDERS[kind].map((p) => `{{${p}}}`).join(', ')}; not ${unknown.map((p) => `{{${p}}}`).join(', ')}`,
          });
        }
      })
      .describe(`The registered text; placeholders: ${PLACEHOLDERS[kind].map((p) => `{{${p}}}`).join(', ')}`),
    dltTemplateId: DLT_ID.nullable(),
  });

/** What the operator sends: the whole set (a message left out goes back to the default). */
export const brandSmsTemplatesSchema = z.object({
  dltEntityId: DLT_ID.nullable(),
  senderId: SENDER_ID.nullable(),
  templates: z
    .object(
      Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, messageSchema(kind).optional()])) as Record<
        NoticeKind,
        z.ZodOptional<ReturnType<typeof messageSchema>>
      >,
    )
    .strict(),
});

/** The text and ids a notice goes out with, for a brand: its registered message, or the default with no template id. */
export function messageFor(
  brand: BrandSmsTemplates,
  brandName: string,
  notice: CustomerNotice,
): MessageTemplate & { dltEntityId: string | null; senderId: string | null } {
  const registered = brand.templates[notice.kind];
  const values: Record<string, string> = {
    brand: brandName,
    ref: notice.facts.ref,
    inr: notice.facts.inr,
    usdt: notice.facts.usdt,
    network: notice.facts.network,
    tx_hash: notice.facts.txHash ?? '',
    utr: notice.facts.utr ?? '',
    reason: notice.facts.reason ?? '',
  };
  // Only the kind's own placeholders are filled: a stored template is checked when set, and this holds even if it were not.
  const allowed = Object.fromEntries(PLACEHOLDERS[notice.kind].map((name) => [name, values[name]!]));
  return {
    text: fillTemplate(registered?.text ?? DEFAULT_TEMPLATES[notice.kind], allowed, (value) => value),
    dltTemplateId: registered?.dltTemplateId ?? null,
    dltEntityId: brand.dltEntityId,
    senderId: brand.senderId,
  };
}
