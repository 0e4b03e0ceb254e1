import { sql, type Kysely } from 'kysely';
import type { OrderFlagKind } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { logger } from '@desk/platform/logging/logger';
import type { ServicesDatabase } from '../../db/services-database';
import type { FileStorage } from '../../files/file-storage';
import type { OrderCommands } from '../order-commands';
import type { OrderStore } from '../order-store';
import { proofFingerprints } from './proof-fingerprints';
import { normalizeTxHash } from '@desk/machines/chain/tx-hash';

/** Two pictures whose difference hashes differ in at most this many of 64 bits are the same picture. */
export const SAME_PICTURE_BITS = 6;

interface Evidence {
  /** `payout`: the desk's own transaction paying a buy; `crypto`: the customer's, proving a sell. */
  kind: 'utr' | 'crypto' | 'payout' | 'image-sha256' | 'image-dhash';
  value: string;
  /** image-dhash only: the 64 bits as a signed bigint, for the database's bit_count. */
  dhash?: string;
}

interface Match {
  order_id: string;
  ref_code: string;
  tenant_id: string;
  kind: Evidence['kind'];
  value: string;
}

const FLAG_OF: Record<Evidence['kind'], Exclude<OrderFlagKind, 'over_customer_limit'>> = {
  utr: 'duplicate_reference',
  crypto: 'duplicate_reference',
  payout: 'duplicate_reference',
  'image-sha256': 'duplicate_proof',
  'image-dhash': 'duplicate_proof',
};

/**
 * The same payment evidence on two orders of one brand flags both, each naming the other: a UTR
 * or crypto transaction (the customer's, or the desk's own at completion), a proof file's bytes,
 * or the same picture re-saved. It runs as a job after a proof or a reference is recorded; flags
 * inform the desk (a duplicate reference also puts the money in doubt: four-eyes.ts), and a flag
 * already on an order is not recorded again.
 *
 * A transaction hash names one transfer on one chain whoever typed it. The desk's own payouts are
 * compared across every brand: the operator's admins act for all of them and could count one
 * payout on two brands' orders (review 9, N3); the order that reused it is flagged, the first one
 * is left as it was. What a customer types is compared within their
 * brand only: anyone can copy a hash off the public chain, and one brand's customer must not hold
 * up another brand's payout (review 10, F1). A flag across brands names no other order: a brand's
 * admin and its history must not learn another brand's order, and the hash in the evidence is
 * enough for the operator to find it.
 */
export class EvidenceCheck {
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    private readonly orders: OrderStore,
    private readonly files: FileStorage,
    private readonly commands: OrderCommands,
  ) {}

  async check(orderId: string): Promise<void> {
    const { view } = await this.orders.load(orderId);
    if (!view) return;
    const evidence = await this.evidenceOf(view);
    if (evidence.length === 0) return;
    await this.db
      .insertInto('payment_evidence')
      .values(
        evidence.map((e) => ({
          tenant_id: view.tenantId,
          kind: e.kind,
          value: e.value,
          order_id: view.orderId,
          ref_code: view.refCode,
          dhash: e.dhash ?? null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const match of await this.matches(view, evidence)) {
      const kind = FLAG_OF[match.kind];
      // A transaction reads the same whoever recorded it (order-alerts.tsx: "transaction …").
      const seen = `${match.kind === 'payout' ? 'crypto' : match.kind}:${match.value}`;
      const sameBrand = match.tenant_id === view.tenantId;
      await this.commands.flag(view.orderId, { kind, evidence: seen, ...related(sameBrand, match.order_id, match.ref_code) });
      // Across brands only the order that reused the payout is in doubt: what one brand records never
      // holds up another brand's order (review 10, F1; four-eyes.ts).
      if (sameBrand) await this.commands.flag(match.order_id, { kind, evidence: seen, ...related(sameBrand, view.orderId, view.refCode) });
      logger.warn('duplicate payment evidence', { orderId: view.orderId, otherOrderId: match.order_id, evidence: match.kind });
    }
  }

  private async evidenceOf(view: OrderView): Promise<Evidence[]> {
    const found: Evidence[] = [];
    for (const utr of [view.bankReference, view.bankUtr]) if (utr) found.push({ kind: 'utr', value: utr.trim().toUpperCase() });
    // One transaction however it is written (with or without 0x, in capitals: review 8, F2).
    if (view.cryptoReference) {
      const value = normalizeTxHash(view.cryptoReference) ?? view.cryptoReference.trim().toLowerCase();
      found.push({ kind: view.orderType === 'fiat_to_crypto' ? 'payout' : 'crypto', value });
    }
    for (const attachment of view.attachments) {
      const file = await this.files.load(attachment.fileId);
      if (!file) continue;
      const { sha256, dhash } = proofFingerprints(file.bytes, file.contentType);
      found.push({ kind: 'image-sha256', value: sha256 });
      if (dhash) found.push({ kind: 'image-dhash', value: dhash, dhash: BigInt.asIntN(64, BigInt(`0x${dhash}`)).toString() });
    }
    return found;
  }

  /** Other orders with the same evidence: of the brand, or of any brand for the desk's payout; for pictures, any within SAME_PICTURE_BITS. */
  private async matches(view: OrderView, evidence: Evidence[]): Promise<Match[]> {
    const inBrand = evidence.filter((e) => e.kind === 'utr' || e.kind === 'image-sha256');
    const pictures = evidence.filter((e) => e.kind === 'image-dhash');
    // Within a brand, a transaction is one whoever recorded it: a customer proving a sell with the desk's payout is a finding.
    const transactions = evidence.filter((e) => e.kind === 'crypto' || e.kind === 'payout');
    const payouts = evidence.filter((e) => e.kind === 'payout');
    const rows = await this.db
      .selectFrom('payment_evidence')
      .select(['order_id', 'ref_code', 'tenant_id', 'kind', 'value'])
      .where('order_id', '<>', view.orderId)
      .where((eb) =>
        eb.or([
          ...payouts.map((e) => eb.and([eb('kind', '=', 'payout'), eb('value', '=', e.value)])),
          eb.and([
            eb('tenant_id', '=', view.tenantId),
            eb.or([
              ...transactions.map((e) => eb.and([eb('kind', 'in', ['crypto', 'payout']), eb('value', '=', e.value)])),
              ...inBrand.map((e) => eb.and([eb('kind', '=', e.kind), eb('value', '=', e.value)])),
              ...pictures.map((e) =>
                eb.and([eb('kind', '=', 'image-dhash'), eb(sql`bit_count((dhash # ${e.dhash}::bigint)::bit(64))`, '<=', SAME_PICTURE_BITS)]),
              ),
            ]),
          ]),
        ]),
      )
      .execute();
    // One flag per other order and kind of evidence: the bytes and the picture of one file are one finding.
    const seen = new Set<string>();
    return (rows as Match[]).filter((row) => {
      const key = `${row.order_id}/${FLAG_OF[row.kind]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/** The other order a flag names: within the brand, the order itself; another brand's, none. */
const related = (sameBrand: boolean, orderId: string, refCode: string) =>
  sameBrand ? { relatedOrderId: orderId, relatedRefCode: refCode } : { relatedOrderId: null, relatedRefCode: null };
