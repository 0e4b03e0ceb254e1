/**
 * The reconciliation bench's world, planned before anything is written (pure and seeded, so every
 * run weighs the same statement): customers with a saved bank account each, orders, and the lines
 * of one bank account's statement, each line planned for what the matcher should make of it.
 *
 * Of the statement's lines: half are credits paying a buy whose UTR the customer typed (one in
 * thirty from someone other than the customer), a tenth are the desk's payouts to sells whose UTR
 * the admin typed, a twentieth carry a buy's UTR for another amount, a tenth are credits whose
 * reference no order has, and the rest are the account's own debits (vendors, by NEFT with a UTR
 * no order has) and charges (bank fees and their GST, a cash withdrawal). Of the orders, besides
 * those the lines pay: buys with a UTR the statement does not hold yet (a fifth of the lines'
 * count), completed sells paid out outside this statement (a twentieth), and the rest pending,
 * rejected or cancelled with no reference at all.
 */

/** What a line is planned to be (and so, what matching should make of it). */
export type LineKind = 'buy_paid' | 'sell_payout' | 'buy_other_amount' | 'unknown_credit' | 'vendor_debit' | 'charge';
export type OrderKind = 'buy_on_statement' | 'sell_on_statement' | 'buy_other_amount' | 'buy_elsewhere' | 'sell_elsewhere' | 'no_reference';
export type Channel = 'UPI' | 'IMPS' | 'NEFT';

export interface PlannedCustomer {
  /** The account holder the customer saved, as they typed it ("Ravi Kumar"). */
  holder: string;
  /** A UPI handle of theirs, for narrations. */
  vpa: string;
}

export interface PlannedOrder {
  kind: OrderKind;
  customer: number;
  buy: boolean;
  /** Whole rupees, as orders carry them. */
  fiatRupees: number;
  /** What the customer typed (a buy's UTR) or the admin typed (a sell's payout UTR), as typed; null when none. */
  typedReference: string | null;
  /** Whether the order ended rejected or cancelled (only for orders with no reference). */
  closed: 'rejected' | 'cancelled' | null;
  /** Days after the statement's first day the order was placed (the day its line is booked, for those on the statement). */
  day: number;
}

export interface PlannedLine {
  kind: LineKind;
  day: number;
  direction: 'credit' | 'debit';
  /** In paise, so sums stay exact. */
  paise: number;
  channel: Channel | null;
  /** The UPI/IMPS RRN or NEFT UTR the narration carries; null for charges. */
  reference: string | null;
  /** The name the bank prints for the other party (upper case); null when none. */
  party: string | null;
  /** The order this line pays, for the kinds that pay one. */
  order: number | null;
  /** A credit for a buy paid by someone other than its customer. */
  thirdParty: boolean;
  /** The narration's last field: the payer's remark, or the bank's description of a charge. */
  remark: string;
}

export interface World {
  customers: PlannedCustomer[];
  orders: PlannedOrder[];
  /** In booking order. */
  lines: PlannedLine[];
  /** Days the statement covers. */
  days: number;
}

/** The planned share of each kind of line; what is left over are charges. */
export const LINE_SHARES = { buy_paid: 0.5, sell_payout: 0.1, buy_other_amount: 0.05, unknown_credit: 0.1, vendor_debit: 0.1 } as const;
/** Orders carrying a reference the statement does not hold, as a share of the lines. */
const ELSEWHERE_SHARES = { buy_elsewhere: 0.2, sell_elsewhere: 0.05 } as const;
/** Credits for a buy sent from someone else's account: one in thirty. */
const THIRD_PARTY_EVERY = 30;

const FIRST = 'Ravi Priya Anil Sunita Rahul Meera Arjun Kavya Vikram Anjali Suresh Deepa Manoj Pooja Rakesh Neha Sanjay Divya Ajay Lakshmi'.split(' ');
const LAST = 'Kumar Sharma Das Nair Rao Patel Iyer Reddy Gupta Singh Menon Joshi Verma Pillai Mehta Bose Chopra Naidu Kulkarni Banerjee'.split(' ');
const HANDLES = ['okaxis', 'okhdfcbank', 'okicici', 'oksbi', 'ybl', 'paytm'];
const CREDIT_BANKS = ['UTIB0001234', 'SBIN0004567', 'ICIC0000123', 'KKBK0000958', 'PUNB0123400'];

/** mulberry32: a small seeded generator, so the world is the same in every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** References unique across the world: RRNs (twelve digits) and UTRs (RBI's 22-character form) from one counter. */
function references() {
  let next = 1;
  return {
    // A step coprime to 10^11 walks every eleven-digit number once: distinct, and not in order.
    rrn: () => String(400_000_000_000 + ((next++ * 19_937_000_003 + 12_345) % 100_000_000_000)),
    utr: (bank: string, on: string) => `${bank}N5${on.replaceAll('-', '')}${String(next++ % 100_000_000).padStart(8, '0')}`,
  };
}

/** How a customer types a reference into the proof form: mostly as the bank showed it, sometimes with a label or spaces. */
function typed(reference: string, pick: number): string {
  if (!/^\d{12}$/.test(reference)) return pick < 0.1 ? reference.toLowerCase() : reference;
  if (pick < 0.1) return `UTR ${reference.slice(0, 4)} ${reference.slice(4, 8)} ${reference.slice(8)}`;
  if (pick < 0.2) return `UPI Ref No. ${reference}`;
  return reference;
}

/** Thirty days a month, as many months as the lines need at about 1,100 a day (a month's file about 4.4 MB). */
export const statementDays = (lines: number): number => Math.max(1, Math.ceil(lines / 34_000)) * 30;

export function planWorld(options: { lines: number; orders: number; firstDay: string; seed?: number }): World {
  const rand = random(options.seed ?? 28);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const refs = references();
  const customerCount = Math.max(10, Math.min(5_000, Math.floor(options.orders / 40)));
  const customers: PlannedCustomer[] = Array.from({ length: customerCount }, (_, c) => {
    const first = FIRST[c % FIRST.length]!;
    const last = LAST[Math.floor(c / FIRST.length) % LAST.length]!;
    return { holder: `${first} ${last}`, vpa: `${first.toLowerCase()}${last.toLowerCase()}${c}@${HANDLES[c % HANDLES.length]}` };
  });
  const days = statementDays(options.lines);
  const dateOf = (day: number) => new Date(Date.parse(`${options.firstDay}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
  const rupees = (low: number, high: number, step: number) => low + step * Math.floor((rand() * (high - low)) / step);

  const counts = Object.fromEntries(Object.entries(LINE_SHARES).map(([kind, share]) => [kind, Math.round(options.lines * share)])) as Record<
    keyof typeof LINE_SHARES,
    number
  >;
  const kinds: LineKind[] = [];
  for (const [kind, count] of Object.entries(counts)) for (let i = 0; i < count; i++) kinds.push(kind as LineKind);
  while (kinds.length < options.lines) kinds.push('charge');
  // Shuffled (Fisher-Yates), then each given a day in order: the kinds mix through the period as a real account's do.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }

  const orders: PlannedOrder[] = [];
  const lines: PlannedLine[] = kinds.map((kind, i) => {
    const day = Math.floor((i * days) / kinds.length);
    const on = dateOf(day);
    const customer = Math.floor(rand() * customerCount);
    const line = { kind, day, order: null, thirdParty: false } as const;
    switch (kind) {
      case 'buy_paid':
      case 'buy_other_amount': {
        const channel: Channel = pick(['UPI', 'UPI', 'UPI', 'UPI', 'UPI', 'UPI', 'UPI', 'IMPS', 'IMPS', 'NEFT']);
        const reference = channel === 'NEFT' ? refs.utr(pick(CREDIT_BANKS).slice(0, 4), on) : refs.rrn();
        const fiatRupees = rupees(1_000, 200_000, 500);
        // Another amount: short by a little (a fee the payer's bank took) or over (two orders paid at once).
        const paid = kind === 'buy_paid' ? fiatRupees : fiatRupees + (rand() < 0.5 ? -pick([1, 10, 25]) : pick([500, 1_000, fiatRupees]));
        const thirdParty = kind === 'buy_paid' && orders.length % THIRD_PARTY_EVERY === 0;
        const payer = thirdParty ? customers[(customer + 7) % customerCount]! : customers[customer]!;
        orders.push({
          kind: kind === 'buy_paid' ? 'buy_on_statement' : kind,
          customer,
          buy: true,
          fiatRupees,
          typedReference: typed(reference, rand()),
          closed: null,
          day,
        });
        return {
          ...line,
          direction: 'credit',
          paise: paid * 100,
          channel,
          reference,
          party: payer.holder.toUpperCase(),
          order: orders.length - 1,
          thirdParty,
          remark: pick(['BUY USDT', 'PAYMENT', 'ORDER', 'SENT USING PAYTM']),
        };
      }
      case 'sell_payout': {
        const channel: Channel = rand() < 0.7 ? 'IMPS' : 'NEFT';
        const reference = channel === 'NEFT' ? refs.utr('HDFC', on) : refs.rrn();
        const fiatRupees = rupees(1_000, 300_000, 100);
        orders.push({ kind: 'sell_on_statement', customer, buy: false, fiatRupees, typedReference: reference, closed: null, day });
        return {
          ...line,
          direction: 'debit',
          paise: fiatRupees * 100,
          channel,
          reference,
          party: customers[customer]!.holder.toUpperCase(),
          order: orders.length - 1,
          remark: 'USDT SELL PAYOUT',
        };
      }
      case 'unknown_credit': {
        const stranger = customers[customer]!;
        return {
          ...line,
          direction: 'credit',
          paise: rupees(500, 100_000, 50) * 100,
          channel: 'UPI',
          reference: refs.rrn(),
          party: stranger.holder.toUpperCase(),
          remark: 'PAYMENT',
        };
      }
      case 'vendor_debit':
        return {
          ...line,
          direction: 'debit',
          paise: rupees(5_000, 500_000, 1_000) * 100,
          channel: 'NEFT',
          reference: refs.utr('HDFC', on),
          party: pick(['OFFICE RENT LLP', 'CLOUDNET SERVICES PVT LTD', 'SHARMA AND ASSOCIATES', 'TELECOM BROADBAND LTD']),
          remark: 'NETBANK, MUM',
        };
      case 'charge':
        return {
          ...line,
          direction: 'debit',
          ...pick([
            { paise: 590, remark: 'CHRG: IMPS P2A CHARGES' },
            { paise: 106, remark: 'GST @18% ON CHRG' },
            { paise: 1_770, remark: 'CHRG: SMS ALERT CHARGES' },
            { paise: 1_000_000, remark: 'ATW-416021XXXXXX1234-S1ANMU12-MUMBAI' },
          ]),
          channel: null,
          reference: null,
          party: null,
        };
    }
  });

  // Orders the statement does not pay: references it does not hold, or none at all.
  for (const [kind, share] of Object.entries(ELSEWHERE_SHARES) as [OrderKind, number][]) {
    for (let i = 0; i < Math.round(options.lines * share); i++) {
      const buy = kind === 'buy_elsewhere';
      const reference = rand() < 0.7 ? refs.rrn() : refs.utr(buy ? pick(CREDIT_BANKS).slice(0, 4) : 'HDFC', dateOf(days - 1));
      const typedReference = buy ? typed(reference, rand()) : reference;
      orders.push({
        kind,
        customer: Math.floor(rand() * customerCount),
        buy,
        fiatRupees: rupees(1_000, 200_000, 500),
        typedReference,
        closed: null,
        day: Math.floor(rand() * days),
      });
    }
  }
  while (orders.length < options.orders) {
    const closing = rand();
    orders.push({
      kind: 'no_reference',
      customer: Math.floor(rand() * customerCount),
      buy: rand() < 0.7,
      fiatRupees: rupees(1_000, 200_000, 500),
      typedReference: null,
      closed: closing < 0.2 ? 'rejected' : closing < 0.4 ? 'cancelled' : null,
      day: Math.floor(rand() * days),
    });
  }
  return { customers, orders, lines, days };
}

/** What matching should make of the statement: lines matched (exact, another amount, sent by someone else). */
export function expectedOutcome(world: World): { matched: number; amountDiffers: number; thirdParty: number; unmatched: number } {
  const count = (test: (line: PlannedLine) => boolean) => world.lines.filter(test).length;
  const matched = count((line) => line.order !== null);
  return {
    matched,
    amountDiffers: count((line) => line.kind === 'buy_other_amount'),
    thirdParty: count((line) => line.thirdParty),
    unmatched: world.lines.length - matched,
  };
}
