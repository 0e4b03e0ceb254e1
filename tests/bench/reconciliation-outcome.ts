/**
 * What the reconciliation bench checks after matching, so that a fast run is also a right one:
 * every line is in the read model, the matcher weighed and matched exactly the lines the world
 * planned to pay an order (each to its own order, by reference code), flagged the amounts that
 * differ and the payments from someone other than the customer, and left the rest unmatched.
 */
import { sql, type Kysely } from 'kysely';
import type { MatchTally } from '../../services/src/reconciliation/payment-matcher';
import { expectedOutcome, type World } from './reconciliation-world';

export interface Outcome {
  lines: number;
  matched: number;
  amountDiffers: number;
  thirdParty: number;
}

/** The reference code the seed gives order `n` (reconciliation-seed.ts). */
export const refCodeOf = (n: number): string => `ORD-R${n.toString(36).toUpperCase().padStart(7, '0')}`;

export async function checkOutcome(db: Kysely<any>, world: World, tally: MatchTally): Promise<Outcome> {
  const expected = expectedOutcome(world);
  const { rows } = await sql<{ matched: string; amount_differs: string; third_party: string }>`
    select count(*) as matched, count(*) filter (where 'amount_differs' = any(flags)) as amount_differs,
      count(*) filter (where 'third_party_payer' = any(flags)) as third_party
    from rm_statement_line_outcomes where kind = 'matched'`.execute(db);
  const counts = rows[0]!;
  const held = await db
    .selectFrom('rm_statement_lines')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const outcome: Outcome = {
    lines: Number(held.n),
    matched: Number(counts.matched),
    amountDiffers: Number(counts.amount_differs),
    thirdParty: Number(counts.third_party),
  };
  const wanted: Outcome = { lines: world.lines.length, matched: expected.matched, amountDiffers: expected.amountDiffers, thirdParty: expected.thirdParty };
  const problems = (Object.keys(wanted) as (keyof Outcome)[])
    .filter((key) => outcome[key] !== wanted[key])
    .map((key) => `${key} ${outcome[key]}, planned ${wanted[key]}`);
  if (tally.weighed !== expected.matched || tally.matched !== expected.matched || tally.flagged !== 0) {
    problems.push(
      `the matcher weighed ${tally.weighed}, matched ${tally.matched} and flagged ${tally.flagged}; planned ${expected.matched} matched, none flagged`,
    );
  }

  // Each line paid the order planned for it: its reference's order, by reference code.
  const planned = new Map(world.lines.flatMap((line) => (line.order === null ? [] : [[line.reference!, refCodeOf(line.order)] as const])));
  const matched = await db
    .selectFrom('rm_statement_line_outcomes as o')
    .innerJoin('rm_statement_lines as l', (join) => join.onRef('l.account_id', '=', 'o.account_id').onRef('l.key', '=', 'o.key'))
    .innerJoin('rm_orders as r', 'r.id', 'o.order_id')
    .select(['l.reference', 'r.ref_code'])
    .where('o.kind', '=', 'matched')
    .execute();
  const wrong = matched.filter((row) => planned.get(row.reference) !== row.ref_code);
  if (wrong.length > 0) problems.push(`${wrong.length} lines paid another order than planned, e.g. ${JSON.stringify(wrong[0])}`);
  if (problems.length > 0) throw new Error(`the reconciliation bench's matching is not what was planned: ${problems.join('; ')}`);
  return outcome;
}
